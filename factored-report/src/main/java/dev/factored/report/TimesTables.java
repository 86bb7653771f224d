package dev.factored.report;

import dev.factored.analysis.model.Estimate;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.Losses;
import dev.factored.analysis.model.Point;
import dev.factored.text.Numbers;
import dev.factored.text.Untrusted;
import java.util.List;

/** The numbers behind the charts, in human units with their confidence intervals. */
final class TimesTables {

    private TimesTables() {
    }

    static void write(StringBuilder html, FamilyAnalysis family, double confidence) {
        String ci = Numbers.plain(confidence * 100) + "% confidence interval";
        html.append("<h3 class=\"fct-h\">Measured times</h3>\n<p class=\"fct-muted\">Time per benchmark operation; "
                + "in brackets the ").append(ci).append(". ").append(SINGLE_FORK_MARK).append(" marks an interval from "
                + "a single JVM fork: it shows the noise between iterations only, not between forks, so it is too "
                + "narrow.</p>\n");
        html.append("<table class=\"fct-table fct-times\">\n<thead><tr><th>quantity</th><th>configuration</th>"
                + "<th>time per operation</th></tr></thead>\n<tbody>\n");
        row(html, "T<sub>s</sub> sequential baseline", "cores=baseline", time(family.times().baselineTime()));
        row(html, "T<sub>e</sub> elision (no fork/join)", "cores=elision", time(family.times().elisionTime()));
        row(html, "T<sub>1</sub> one worker", "cores=1", time(family.times().oneCoreTime()));
        row(html, "T<sub>1</sub>/T<sub>e</sub> \u2212 1 scheduling overhead", "1 vs elision",
                percent(family.times().schedulingOverhead()));
        row(html, "T<sub>e</sub>/T<sub>s</sub> \u2212 1 algorithmic overhead", "elision vs baseline",
                percent(family.times().algorithmicOverhead()));
        if (family.bandwidth().copies() != null) {
            row(html, "bandwidth test: one of " + family.bandwidth().copies() + " copies run at once, against the "
                    + "baseline alone", "bandwidth-" + family.bandwidth().copies() + " vs baseline",
                    speedup(family.bandwidth().slowdown()));
        }
        html.append("</tbody>\n</table>\n");

        List<Point> points = family.points();
        if (points.isEmpty()) {
            return;
        }
        boolean gc = points.stream().anyMatch(p -> p.gcTime() != null);
        html.append("<table class=\"fct-table fct-points\">\n<thead><tr><th>P</th><th>T<sub>P</sub> time</th>"
                + "<th>I<sub>P</sub> idle time (all workers)</th><th>F<sub>P</sub> work inflation</th>")
                .append(gc ? "<th title=\"stop-the-world collections per operation: every worker waits through them"
                        + "\">GC pauses</th>" : "")
                .append("<th>actual speedup</th><th>efficiency</th></tr></thead>\n<tbody>\n");
        for (Point point : points) {
            html.append(point.valid() ? "<tr>" : "<tr class=\"fct-over\">");
            html.append("<td class=\"fct-num\">").append(point.cores());
            if (!point.valid()) {
                html.append(" <span class=\"fct-tag\" title=\"")
                        .append(Untrusted.html(String.join("; ", point.invalidBecause())))
                        .append("\">not valid</span>");
            }
            if (point.disturbed()) {
                html.append(" <span class=\"fct-tag\" title=\"")
                        .append(Untrusted.html(String.join("; ", point.disturbedBecause())))
                        .append("\">busy machine</span>");
            }
            if (point.spareThreads() != null) {
                html.append(" <span class=\"fct-tag\" title=\"the common pool replaced workers blocked in joins\">")
                        .append(point.spareThreads()).append(point.spareThreads() == 1 ? " spare" : " spares")
                        .append("</span>");
            }
            html.append("</td>");
            html.append(time(point.time()).td());
            html.append(time(point.idleTime()).td());
            html.append(time(point.workInflation()).td());
            if (gc) {
                html.append(time(point.gcTime()).td());
            }
            html.append(speedup(point.speedups().actual()).td());
            html.append(percent(point.efficiency()).td());
            html.append("</tr>\n");
        }
        html.append("</tbody>\n</table>\n");

        boolean machine = points.stream().anyMatch(p -> p.losses().interference() != null);
        html.append("<h3 class=\"fct-h\">Speedup components</h3>\n<p class=\"fct-muted\">Actual speedup plus the "
                + "losses").append(machine ? " and the wait behind other processes (the machine's part)" : "")
                .append("; they add up to P when all were measured.</p>\n");
        // Without an elision the algorithmic and scheduling overheads are one loss, measured together: one column.
        boolean combined = points.stream().anyMatch(p -> p.losses().overhead() != null);
        boolean estimated = FamilySection.estimated(family);
        List<String> columns = new java.util.ArrayList<>(combined ? List.of("overhead", "idle", "inflation")
                : List.of("algorithmic", "scheduling", "idle", "inflation"));
        if (machine) {
            columns.add("interference");
        }
        html.append("<table class=\"fct-table fct-components\">\n<thead><tr><th>P</th><th>")
                .append(Explanations.swatch(Palette.ACTUAL)).append("actual</th>");
        for (String column : columns) {
            ComponentsChart.Part part = ComponentsChart.part(column);
            html.append("<th>").append(Explanations.swatch(part.colour()))
                    .append(ComponentsChart.name(part, estimated)).append("</th>");
        }
        html.append("<th>ideal P</th></tr></thead>\n<tbody>\n");
        for (Point point : points) {
            Losses losses = point.losses();
            List<Estimate> parts = new java.util.ArrayList<>();
            parts.add(point.speedups().actual());
            columns.forEach(column -> parts.add(losses.named(column)));
            html.append("<tr><td class=\"fct-num\">").append(point.cores()).append("</td>");
            boolean complete = true;
            for (Estimate part : parts) {
                html.append(speedup(part).td());
                complete &= part != null;
            }
            // the parts add up to P exactly (the analysis checks the identity): P is shown, not re-added
            // an incomplete row shows P as words, greyed: its parts were not all measured
            html.append((complete ? new NumberCell(Numbers.speedup(point.speedups().linear()), true)
                    : new NumberCell("incomplete", false)).td());
            html.append("</tr>\n");
        }
        html.append("</tbody>\n</table>\n");
        machine(html, family);
    }

    /**
     * What other processes took from each configuration's CPUs, when the profiler measured it, and what the JVM's own
     * threads took there (a column only when the profiler measured that too: where they ran on spare CPUs, 0).
     */
    private static void machine(StringBuilder html, FamilyAnalysis family) {
        if (family.interference().isEmpty()) {
            return;
        }
        boolean jvm = family.interference().stream().anyMatch(i -> i.jvmShare() != null);
        html.append("<h3 class=\"fct-h\">The machine</h3>\n<p class=\"fct-muted\">The share of each configuration's "
                + "CPUs' time that other processes and the hypervisor took while it was measured"
                + (jvm ? ", and the share the JVM's own threads (JIT compiler, collector) took there when it had no "
                        + "spare CPU for them; neither is the program's time" : "")
                + ". Above the threshold a configuration is disturbed: what rests on it describes the machine as much "
                + "as the program.</p>\n");
        html.append("<table class=\"fct-table fct-machine\">\n<thead><tr><th>configuration</th><th>CPUs</th>"
                + "<th>taken by other processes</th>" + (jvm ? "<th>taken by the JVM's own threads</th>" : "")
                + "<th></th></tr></thead>\n<tbody>\n");
        for (dev.factored.analysis.model.Interference i : family.interference()) {
            html.append(i.disturbed() ? "<tr class=\"fct-over\">" : "<tr>").append("<td><code>cores=")
                    .append(i.cores()).append("</code></td>")
                    .append(NumberCell.plain(i.cpus() == null ? null : Integer.toString(i.cpus())).td())
                    .append(percent(i.share()).td());
            if (jvm) {
                html.append(percent(i.jvmShare()).td());
            }
            html.append("<td>").append(i.disturbed() ? "<span class=\"fct-tag\">disturbed</span>" : "")
                    .append("</td></tr>\n");
        }
        html.append("</tbody>\n</table>\n");
    }

    /** Marks an estimate whose interval rests on a configuration measured in a single fork. */
    static final String SINGLE_FORK_MARK = NumberCell.SINGLE_FORK_MARK;

    static NumberCell time(Estimate e) {
        return NumberCell.of(e, Numbers::time);
    }

    static NumberCell speedup(Estimate e) {
        return NumberCell.of(e, Numbers::speedup);
    }

    private static NumberCell percent(Estimate e) {
        return NumberCell.of(e, Numbers::percent);
    }

    private static void row(StringBuilder html, String quantity, String configuration, NumberCell value) {
        html.append("<tr><td>").append(quantity).append("</td><td><code>").append(configuration)
                .append("</code></td>").append(value.td()).append("</tr>\n");
    }
}
