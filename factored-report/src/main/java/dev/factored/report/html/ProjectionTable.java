package dev.factored.report.html;

import dev.factored.analysis.diagnosis.words.ProjectionWords;
import dev.factored.analysis.model.SpeedupProjection.ProjectedSpeedup;
import dev.factored.analysis.model.SpeedupProjection;
import dev.factored.text.Numbers;
import java.util.List;

/**
 * The projected speedup of a family (method.md, "Projection to more cores") at powers of two beyond the measured P
 * and at the last P projected: what it rests on and each end with its interval. Every number is the analysis's own.
 */
public final class ProjectionTable {

    private ProjectionTable() {
    }

    public static void write(Html html, SpeedupProjection projection) {
        html.trusted("<h3 class=\"fct-h\">Projected speedup</h3>\n");
        if (projection == null) {
            html.trusted("<p class=\"fct-na\">Not projected: it needs <code>cores=baseline</code>, a valid "
                    + "<code>cores=1</code> and a second valid P or a span run, and a <code>projectTo</code> beyond "
                    + "the measured P.</p>\n");
            return;
        }
        List<String> sources = projection.restsOn().stream().map(ProjectionWords::source).toList();
        html.trusted("<p class=\"fct-muted\">A projection, not a measurement: the speedup over T<sub>s</sub> beyond "
                + "the valid points P = ").text(String.join(", ",
                        projection.measuredCores().stream().map(String::valueOf).toList()))
                .trusted(", from ").text(String.join(", ", sources))
                .trusted(". The lower edge carries on the work of the largest P and its idle per worker, letting only "
                        + "a serial section grow, and is never below Cilkview's burdened bound; the upper edge keeps "
                        + "the least work and the idle time measured, and is never above P or the span law. Intervals "
                        + "from the same bootstrap as every other estimate.</p>\n");
        for (String reason : projection.widenedBy()) {
            html.trusted("<p class=\"fct-muted\">Left wide: ").text(ProjectionWords.widened(reason))
                    .trusted(".</p>\n");
        }
        html.trusted("<table class=\"fct-table fct-projection\">\n<thead><tr><th>P</th><th>lower edge</th>"
                + "<th>decided by</th><th>upper edge</th><th>decided by</th></tr></thead>\n<tbody>\n");
        int last = projection.speedups().get(projection.speedups().size() - 1).cores();
        for (ProjectedSpeedup s : projection.speedups()) {
            boolean powerOfTwo = Integer.bitCount(s.cores()) == 1;
            if (powerOfTwo || s.cores() == last) {
                html.trusted("<tr><td class=\"fct-num\">").text(s.cores()).trusted("</td><td class=\"fct-num\">")
                        .text(Numbers.speedup(s.lower())).trusted("</td><td>")
                        .text(ProjectionWords.edge(s.lowerFrom()))
                        .trusted("</td><td class=\"fct-num\">")
                        .text(Numbers.speedup(s.upper())).trusted("</td><td>")
                        .text(ProjectionWords.edge(s.upperFrom())).trusted("</td></tr>\n");
            }
        }
        html.trusted("</tbody>\n</table>\n");
    }
}
