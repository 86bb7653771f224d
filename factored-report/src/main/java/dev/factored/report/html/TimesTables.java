package dev.factored.report.html;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.point.Losses;
import dev.factored.analysis.model.point.Point;
import dev.factored.report.charts.ComponentsChart;
import dev.factored.report.charts.Palette;
import dev.factored.text.Numbers;
import java.util.List;

/** The numbers behind the charts, in human units with their confidence intervals. */
final class TimesTables {

    private TimesTables() {
    }

    static void write(Html html, FamilyAnalysis family, double confidence) {
        String ci = Numbers.plain(confidence * 100) + "% confidence interval";
        html.trusted("<h3 class=\"fct-h\">Measured times</h3>\n<p class=\"fct-muted\">Time per benchmark operation; "
                + "in brackets the ").text(ci).trusted(". ").text(SINGLE_FORK_MARK).trusted(" marks an interval from "
                + "a single JVM fork: it shows the noise between iterations only, not between forks, so it is too "
                + "narrow.</p>\n");
        html.trusted("<table class=\"fct-table fct-times\">\n<thead><tr><th>quantity</th><th>configuration</th>"
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
        html.trusted("</tbody>\n</table>\n");

        List<Point> points = family.points();
        if (points.isEmpty()) {
            return;
        }
        boolean gc = points.stream().anyMatch(p -> p.conditions().gcTime() != null);
        html.trusted("<table class=\"fct-table fct-points\">\n<thead><tr><th>P</th><th>T<sub>P</sub> time</th>"
                + "<th>I<sub>P</sub> idle time (all workers)</th><th>F<sub>P</sub> work inflation</th>")
                .trusted(gc ? "<th title=\"stop-the-world collections per operation: every worker waits through them"
                        + "\">GC pauses</th>" : "")
                .trusted("<th>actual speedup</th><th>efficiency</th></tr></thead>\n<tbody>\n");
        for (Point point : points) {
            html.trusted(point.valid() ? "<tr>" : "<tr class=\"fct-over\">");
            html.trusted("<td class=\"fct-num\">").text(point.cores());
            if (!point.valid()) {
                html.trusted(" ").element("span", "not valid", "class", "fct-tag", "title",
                        String.join("; ", point.invalidBecause()));
            }
            if (point.disturbance().disturbed()) {
                html.trusted(" ").element("span", "busy machine", "class", "fct-tag", "title",
                        String.join("; ", point.disturbance().disturbedBecause()));
            }
            if (point.conditions().spareThreads() != null) {
                html.trusted(" <span class=\"fct-tag\" title=\"the common pool replaced workers blocked in joins\">")
                        .text(point.conditions().spareThreads()).trusted(point.conditions().spareThreads() == 1
                        ? " spare" : " spares")
                        .trusted("</span>");
            }
            html.trusted("</td>");
            html.append(time(point.times().time()).td());
            html.append(time(point.times().idleTime()).td());
            html.append(time(point.times().workInflation()).td());
            if (gc) {
                html.append(time(point.conditions().gcTime()).td());
            }
            html.append(speedup(point.speedups().actual()).td());
            html.append(percent(point.shares().efficiency()).td());
            html.trusted("</tr>\n");
        }
        html.trusted("</tbody>\n</table>\n");

        boolean machine = points.stream().anyMatch(p -> p.losses().interference() != null);
        boolean own = points.stream().anyMatch(p -> p.losses().ownWaiting() != null);
        html.trusted("<h3 class=\"fct-h\">Speedup components</h3>\n<p class=\"fct-muted\">Actual speedup plus the "
                + "losses").trusted(machine ? " and the wait behind other processes (the machine's part)" : "")
                .trusted(own ? "; the workers' wait for a CPU behind the program's own threads (or the JVM's) is the "
                        + "program's own waiting, never other processes'" : "")
                .trusted("; they add up to P when all were measured.</p>\n");
        // Without an elision the algorithmic and scheduling overheads are one loss, measured together: one column.
        boolean combined = points.stream().anyMatch(p -> p.losses().overhead() != null);
        boolean estimated = FamilySection.estimated(family);
        List<String> columns = new java.util.ArrayList<>(combined ? List.of("overhead", "idle", "inflation")
                : List.of("algorithmic", "scheduling", "idle", "inflation"));
        if (machine) {
            columns.add("interference");
        }
        if (own) {
            columns.add("ownWaiting");
        }
        html.trusted("<table class=\"fct-table fct-components\">\n<thead><tr><th>P</th><th>")
                .append(Explanations.swatch(Palette.ACTUAL)).trusted("actual</th>");
        for (String column : columns) {
            ComponentsChart.Part part = ComponentsChart.part(column);
            html.trusted("<th>").append(Explanations.swatch(part.colour()))
                    .text(ComponentsChart.name(part, estimated)).trusted("</th>");
        }
        html.trusted("<th>ideal P</th></tr></thead>\n<tbody>\n");
        for (Point point : points) {
            Losses losses = point.losses();
            List<Estimate> parts = new java.util.ArrayList<>();
            parts.add(point.speedups().actual());
            columns.forEach(column -> parts.add(losses.named(column)));
            html.trusted("<tr><td class=\"fct-num\">").text(point.cores()).trusted("</td>");
            boolean complete = true;
            for (Estimate part : parts) {
                html.append(speedup(part).td());
                complete &= part != null;
            }
            // the parts add up to P exactly (the analysis checks the identity): P is shown, not re-added
            // an incomplete row shows P as words, greyed: its parts were not all measured
            html.append((complete ? new NumberCell(Numbers.speedup(point.speedups().linear()), true)
                    : new NumberCell("incomplete", false)).td());
            html.trusted("</tr>\n");
        }
        html.trusted("</tbody>\n</table>\n");
        machine(html, family);
    }

    /**
     * What other processes took from each configuration's CPUs, when the profiler measured it, and what the JVM's own
     * threads took there (a column only when the profiler measured that too: where they ran on spare CPUs, 0).
     */
    private static void machine(Html html, FamilyAnalysis family) {
        if (family.measurement().interference().isEmpty()) {
            return;
        }
        boolean jvm = family.measurement().interference().stream().anyMatch(i -> i.jvmShare() != null);
        html.trusted("<h3 class=\"fct-h\">The machine</h3>\n<p class=\"fct-muted\">The share of each configuration's "
                + "CPUs' time that other processes and the hypervisor took while it was measured"
                + (jvm ? ", and the share the JVM's own threads (JIT compiler, collector) took there when it had no "
                        + "spare CPU for them; neither is the program's time" : "")
                + ". Above the threshold a configuration is disturbed: what rests on it describes the machine as much "
                + "as the program.</p>\n");
        html.trusted("<table class=\"fct-table fct-machine\">\n<thead><tr><th>configuration</th><th>CPUs</th>"
                + "<th>taken by other processes</th>" + (jvm ? "<th>taken by the JVM's own threads</th>" : "")
                + "<th></th></tr></thead>\n<tbody>\n");
        for (dev.factored.analysis.model.measurement.Interference i : family.measurement().interference()) {
            html.trusted(i.disturbed() ? "<tr class=\"fct-over\">" : "<tr>").trusted("<td><code>")
                    .text("cores=" + i.cores()).trusted("</code></td>")
                    .append(NumberCell.plain(i.cpus() == null ? null : Integer.toString(i.cpus())).td())
                    .append(percent(i.share()).td());
            if (jvm) {
                html.append(percent(i.jvmShare()).td());
            }
            html.trusted("<td>").trusted(i.disturbed() ? "<span class=\"fct-tag\">disturbed</span>" : "")
                    .trusted("</td></tr>\n");
        }
        html.trusted("</tbody>\n</table>\n");
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

    private static void row(Html html, String quantity, String configuration, NumberCell value) {
        html.trusted("<tr><td>").trusted(quantity).trusted("</td><td><code>").trusted(configuration)
                .trusted("</code></td>").append(value.td()).trusted("</tr>\n");
    }
}
