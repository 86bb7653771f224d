package dev.factored.report.html;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.measurement.ConfigurationRun;
import dev.factored.analysis.model.measurement.Environment;
import dev.factored.analysis.model.point.Point;
import dev.factored.contract.CoresValue;
import dev.factored.text.Numbers;
import java.util.List;

/** Where and how a family was measured: JVM, JMH settings, and CPUs and pinning per configuration. */
public final class EnvironmentSection {

    private EnvironmentSection() {
    }

    static void write(Html html, FamilyAnalysis family) {
        html.trusted("<h3 class=\"fct-h\">Environment</h3>\n");
        Environment env = family.measurement().environment();
        if (env == null) {
            html.trusted("<p class=\"fct-na\">The JMH result did not record the environment.</p>\n");
        } else {
            html.trusted("<dl class=\"fct-env\">\n");
            entry(html, "JDK", env.runtime().jdkVersion());
            entry(html, "VM", join(env.runtime().vmName(), env.runtime().vmVersion()));
            entry(html, "JVM", env.runtime().jvm());
            List<String> args = env.runtime().jvmArgs();
            entry(html, "JVM arguments", args.isEmpty() ? "(none)" : String.join(" ", args));
            entry(html, "JMH", env.runtime().jmhVersion());
            entry(html, "JMH mode", family.id().mode());
            entry(html, "forks", Integer.toString(env.forks()));
            entry(html, "warmup", iterations(env.warmupIterations(), env.warmupTime()));
            entry(html, "measurement", iterations(env.measurementIterations(), env.measurementTime()));
            entry(html, "threads", Integer.toString(env.threads()));
            if (env.topology() != null) {
                entry(html, "machine", machine(env.topology()));
            }
            html.trusted("</dl>\n");
        }
        writeConfigurations(html, family);
    }

    /** "64 hardware threads on 32 physical cores, 2 sockets, 2 NUMA nodes; 64 allowed (32 cores); CPU quota 4". */
    public static String machine(dev.factored.analysis.model.measurement.MachineTopology t) {
        StringBuilder sb = new StringBuilder();
        sb.append(t.cpus() == null ? "unknown" : t.cpus()).append(" hardware threads on ")
                .append(t.physicalCores() == null ? "unknown" : t.physicalCores()).append(" physical cores");
        if (t.sockets() != null) {
            sb.append(", ").append(t.sockets()).append(t.sockets() == 1 ? " socket" : " sockets");
        }
        if (t.numaNodes() != null) {
            sb.append(", ").append(t.numaNodes()).append(t.numaNodes() == 1 ? " NUMA node" : " NUMA nodes");
        }
        if (t.allowedCpus() != null) {
            sb.append("; ").append(t.allowedCpus()).append(" allowed");
            if (t.allowedCores() != null) {
                sb.append(" (").append(t.allowedCores()).append(" cores)");
            }
        }
        if (t.cpuQuota() != null) {
            sb.append("; CPU quota ").append(Numbers.plain(t.cpuQuota()));
        }
        return sb.toString();
    }

    /** " (2 cores, SMT, 2 nodes)": what a configuration's CPUs were; empty when unknown. */
    public static String labels(dev.factored.analysis.model.measurement.CpuLabels l) {
        if (l == null) {
            return "";
        }
        List<String> parts = new java.util.ArrayList<>();
        if (l.physicalCores() != null) {
            parts.add(l.physicalCores() + (l.physicalCores() == 1 ? " core" : " cores"));
        }
        if (Boolean.TRUE.equals(l.smt())) {
            parts.add("SMT");
        }
        if (l.numaNodes() != null && l.numaNodes() > 1) {
            parts.add(l.numaNodes() + " nodes");
        }
        if (l.sockets() != null && l.sockets() > 1) {
            parts.add(l.sockets() + " sockets");
        }
        if (l.efficiencyCpus() != null && l.efficiencyCpus() > 0) {
            parts.add(l.efficiencyCpus() + " on efficiency cores");
        }
        return parts.isEmpty() ? "" : " (" + String.join(", ", parts) + ")";
    }

    private static void writeConfigurations(Html html, FamilyAnalysis family) {
        List<ConfigurationRun> runs = family.measurement().configurations();
        if (runs.isEmpty()) {
            html.trusted("<p class=\"fct-na\">No per-configuration run data was recorded.</p>\n");
            return;
        }
        html.trusted("<table class=\"fct-table fct-config\">\n<thead><tr><th>configuration</th><th>workers</th>"
                + "<th>CPUs the fork could use</th><th>pinned</th><th>samples</th><th>steals / op</th>"
                + "<th>note</th></tr></thead>\n<tbody>\n");
        for (ConfigurationRun run : runs) {
            String note = note(family, run);
            html.trusted(note.isEmpty() ? "<tr>" : "<tr class=\"fct-over\">");
            html.trusted("<td><code>").text("cores=" + run.cores()).trusted("</code></td>");
            html.append(num(run.workers() == null ? "unknown" : run.workers().toString()));
            html.append(num((run.cpus() == null ? "unknown" : run.cpus().toString()) + labels(run.readings()
                    .cpuLabels())));
            html.trusted("<td>").trusted(run.pinned() == null ? "<span class=\"fct-na\">unknown</span>"
                    : run.pinned() ? "yes (taskset)" : "<strong>no</strong>").trusted("</td>");
            html.append(num(samples(run)));
            html.append(num(run.stealsPerOp() == null ? "unknown" : Numbers.digits(run.stealsPerOp())));
            html.trusted("<td>");
            if (!note.isEmpty()) {
                html.element("span", note, "class", "fct-tag");
            }
            html.trusted("</td></tr>\n");
        }
        html.trusted("</tbody>\n</table>\n");
    }

    /** "P = 4 on 2 CPUs — oversubscribed" for a configuration whose point the analysis marked so. */
    static String note(FamilyAnalysis family, ConfigurationRun run) {
        for (Point point : family.points()) {
            if (point.conditions().oversubscribed() && run.cores().equals(CoresValue.workers(point.cores()))) {
                return "P = " + point.cores() + (run.cpus() == null ? "" : " on " + run.cpus()
                        + (run.cpus() == 1 ? " CPU" : " CPUs")) + " \u2014 oversubscribed";
            }
        }
        return "";
    }

    private static String samples(ConfigurationRun run) {
        if (run.timeSamples() == null) {
            return "0";
        }
        return run.sampleCount() + " (" + run.timeSamples().length + (run.timeSamples().length == 1 ? " fork)" : " forks)");
    }

    private static Html num(String text) {
        return new Html().element("td", text, "class", "fct-num");
    }

    private static void entry(Html html, String name, String value) {
        html.element("dt", name).trusted("<dd>");
        if (value == null || value.isBlank()) {
            html.trusted("<span class=\"fct-na\">unknown</span>");
        } else {
            html.text(value);
        }
        html.trusted("</dd>\n");
    }

    private static String iterations(int count, String time) {
        return count + (count == 1 ? " iteration" : " iterations") + (time == null ? "" : " of " + time);
    }

    private static String join(String a, String b) {
        if (a == null) {
            return b;
        }
        return b == null ? a : a + " " + b;
    }
}
