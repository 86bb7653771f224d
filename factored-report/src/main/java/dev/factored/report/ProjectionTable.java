package dev.factored.report;

import dev.factored.analysis.model.SpeedupProjection;
import dev.factored.analysis.model.SpeedupProjection.ProjectedSpeedup;
import dev.factored.text.Numbers;
import dev.factored.text.Untrusted;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The projected speedup of a family (method.md, "Projection to more cores") at powers of two beyond the measured P
 * and at the last P projected: what it rests on and each end with its interval. Every number is the analysis's own.
 */
final class ProjectionTable {

    /** What each source the projection rests on is, in the table's words. */
    private static final Map<String, String> SOURCES = Map.of(
            SpeedupProjection.TIMES, "the times (work and its inflation)",
            SpeedupProjection.IDLE, "the idle time",
            SpeedupProjection.SERIAL_IDLE, "the serial section of the idle split",
            SpeedupProjection.SPAN, "the span run (span law, burdened idle)");

    private ProjectionTable() {
    }

    static void write(StringBuilder html, SpeedupProjection projection) {
        html.append("<h3 class=\"fct-h\">Projected speedup</h3>\n");
        if (projection == null) {
            html.append("<p class=\"fct-na\">Not projected: it needs <code>cores=baseline</code>, a valid "
                    + "<code>cores=1</code> and a second valid P or a span run, and a <code>projectTo</code> beyond "
                    + "the measured P.</p>\n");
            return;
        }
        List<String> sources = new ArrayList<>();
        for (String s : projection.restsOn()) {
            sources.add(SOURCES.getOrDefault(s, s));
        }
        html.append("<p class=\"fct-muted\">A projection, not a measurement: the speedup over T<sub>s</sub> beyond "
                + "the valid points P = ").append(Untrusted.html(String.join(", ",
                        projection.measuredCores().stream().map(String::valueOf).toList())))
                .append(", from ").append(Untrusted.html(String.join(", ", sources)))
                .append(". The lower end carries on the idle per added worker and the inflation as they were "
                        + "measured (and at least Cilkview's burdened idle); the upper end keeps the least work "
                        + "measured and lets only a serial section's idle grow. Intervals from the same bootstrap as "
                        + "every other estimate.</p>\n");
        html.append("<table class=\"fct-table fct-projection\">\n<thead><tr><th>P</th><th>lower end</th>"
                + "<th>upper end</th></tr></thead>\n<tbody>\n");
        int last = projection.speedups().get(projection.speedups().size() - 1).cores();
        for (ProjectedSpeedup s : projection.speedups()) {
            boolean powerOfTwo = Integer.bitCount(s.cores()) == 1;
            if (powerOfTwo || s.cores() == last) {
                html.append("<tr><td class=\"fct-num\">").append(s.cores()).append("</td><td class=\"fct-num\">")
                        .append(Untrusted.html(Numbers.speedup(s.lower()))).append("</td><td class=\"fct-num\">")
                        .append(Untrusted.html(Numbers.speedup(s.upper()))).append("</td></tr>\n");
            }
        }
        html.append("</tbody>\n</table>\n");
    }
}
