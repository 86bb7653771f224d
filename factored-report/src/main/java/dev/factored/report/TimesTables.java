package dev.factored.report;

import dev.factored.analysis.Estimate;
import dev.factored.analysis.FamilyAnalysis;
import dev.factored.analysis.Losses;
import dev.factored.analysis.Point;
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
                + "in brackets the ").append(ci).append(".</p>\n");
        html.append("<table class=\"fct-table fct-times\">\n<thead><tr><th>quantity</th><th>configuration</th>"
                + "<th>time per operation</th></tr></thead>\n<tbody>\n");
        row(html, "T<sub>s</sub> sequential baseline", "cores=baseline", family.baselineTime());
        row(html, "T<sub>e</sub> elision (no fork/join)", "cores=elision", family.elisionTime());
        row(html, "T<sub>1</sub> one worker", "cores=1", family.oneCoreTime());
        html.append("</tbody>\n</table>\n");

        List<Point> points = ReportText.orEmpty(family.points());
        if (points.isEmpty()) {
            return;
        }
        html.append("<table class=\"fct-table fct-points\">\n<thead><tr><th>P</th><th>T<sub>P</sub> time</th>"
                + "<th>I<sub>P</sub> idle time (all workers)</th><th>F<sub>P</sub> work inflation</th>"
                + "<th>actual speedup</th></tr></thead>\n<tbody>\n");
        for (Point point : points) {
            html.append(point.oversubscribed() ? "<tr class=\"fct-over\">" : "<tr>");
            html.append("<td class=\"fct-num\">").append(point.cores());
            if (point.oversubscribed()) {
                html.append(" <span class=\"fct-tag\">oversubscribed</span>");
            }
            html.append("</td>");
            html.append(cell(Numbers.time(point.time())));
            html.append(cell(Numbers.time(point.idleTime())));
            html.append(cell(Numbers.time(point.workInflation())));
            html.append(cell(Numbers.speedup(point.speedups() == null ? null : point.speedups().actual())));
            html.append("</tr>\n");
        }
        html.append("</tbody>\n</table>\n");

        html.append("<h3 class=\"fct-h\">Speedup components</h3>\n<p class=\"fct-muted\">Actual speedup plus the "
                + "four losses; they add up to P when all were measured.</p>\n");
        html.append("<table class=\"fct-table fct-components\">\n<thead><tr><th>P</th><th>")
                .append(Explanations.swatch(Palette.ACTUAL)).append("actual</th><th>")
                .append(Explanations.swatch(Palette.ALGORITHMIC)).append("algorithmic</th><th>")
                .append(Explanations.swatch(Palette.SCHEDULING)).append("scheduling</th><th>")
                .append(Explanations.swatch(Palette.IDLE)).append("idle</th><th>")
                .append(Explanations.swatch(Palette.INFLATION)).append("inflation</th><th>sum</th></tr></thead>\n"
                        + "<tbody>\n");
        for (Point point : points) {
            Losses losses = point.losses();
            Estimate actual = point.speedups() == null ? null : point.speedups().actual();
            Estimate[] parts = losses == null ? new Estimate[] {actual, null, null, null, null}
                    : new Estimate[] {actual, losses.algorithmic(), losses.scheduling(), losses.idle(),
                        losses.inflation()};
            html.append("<tr><td class=\"fct-num\">").append(point.cores()).append("</td>");
            double sum = 0;
            boolean complete = true;
            for (Estimate part : parts) {
                html.append(cell(Numbers.speedup(part)));
                if (part == null) {
                    complete = false;
                } else {
                    sum += part.value();
                }
            }
            html.append(cell(complete ? Numbers.speedup(sum) : "incomplete"));
            html.append("</tr>\n");
        }
        html.append("</tbody>\n</table>\n");
    }

    private static void row(StringBuilder html, String quantity, String configuration, Estimate time) {
        html.append("<tr><td>").append(quantity).append("</td><td><code>").append(configuration)
                .append("</code></td>").append(cell(Numbers.time(time))).append("</tr>\n");
    }

    private static String cell(String text) {
        boolean na = Numbers.NOT_MEASURED.equals(text) || "incomplete".equals(text);
        return "<td class=\"" + (na ? "fct-num fct-na" : "fct-num") + "\">" + Untrusted.html(text) + "</td>";
    }
}
