package dev.factored.report.html;

import dev.factored.analysis.diagnosis.ProjectionWords;
import dev.factored.analysis.model.SpeedupProjection.ProjectedSpeedup;
import dev.factored.analysis.model.SpeedupProjection;
import dev.factored.text.Numbers;
import dev.factored.text.Untrusted;
import java.util.List;

/**
 * The projected speedup of a family (method.md, "Projection to more cores") at powers of two beyond the measured P
 * and at the last P projected: what it rests on and each end with its interval. Every number is the analysis's own.
 */
public final class ProjectionTable {

    private ProjectionTable() {
    }

    public static void write(StringBuilder html, SpeedupProjection projection) {
        html.append("<h3 class=\"fct-h\">Projected speedup</h3>\n");
        if (projection == null) {
            html.append("<p class=\"fct-na\">Not projected: it needs <code>cores=baseline</code>, a valid "
                    + "<code>cores=1</code> and a second valid P or a span run, and a <code>projectTo</code> beyond "
                    + "the measured P.</p>\n");
            return;
        }
        List<String> sources = projection.restsOn().stream().map(ProjectionWords::source).toList();
        html.append("<p class=\"fct-muted\">A projection, not a measurement: the speedup over T<sub>s</sub> beyond "
                + "the valid points P = ").append(Untrusted.html(String.join(", ",
                        projection.measuredCores().stream().map(String::valueOf).toList())))
                .append(", from ").append(Untrusted.html(String.join(", ", sources)))
                .append(". The lower edge carries on the work of the largest P and its idle per worker, letting only "
                        + "a serial section grow, and is never below Cilkview's burdened bound; the upper edge keeps "
                        + "the least work and the idle time measured, and is never above P or the span law. Intervals "
                        + "from the same bootstrap as every other estimate.</p>\n");
        for (String reason : projection.widenedBy()) {
            html.append("<p class=\"fct-muted\">Left wide: ").append(Untrusted.html(ProjectionWords.widened(reason)))
                    .append(".</p>\n");
        }
        html.append("<table class=\"fct-table fct-projection\">\n<thead><tr><th>P</th><th>lower edge</th>"
                + "<th>decided by</th><th>upper edge</th><th>decided by</th></tr></thead>\n<tbody>\n");
        int last = projection.speedups().get(projection.speedups().size() - 1).cores();
        for (ProjectedSpeedup s : projection.speedups()) {
            boolean powerOfTwo = Integer.bitCount(s.cores()) == 1;
            if (powerOfTwo || s.cores() == last) {
                html.append("<tr><td class=\"fct-num\">").append(s.cores()).append("</td><td class=\"fct-num\">")
                        .append(Untrusted.html(Numbers.speedup(s.lower()))).append("</td><td>")
                        .append(Untrusted.html(ProjectionWords.edge(s.lowerFrom())))
                        .append("</td><td class=\"fct-num\">")
                        .append(Untrusted.html(Numbers.speedup(s.upper()))).append("</td><td>")
                        .append(Untrusted.html(ProjectionWords.edge(s.upperFrom()))).append("</td></tr>\n");
            }
        }
        html.append("</tbody>\n</table>\n");
    }
}
