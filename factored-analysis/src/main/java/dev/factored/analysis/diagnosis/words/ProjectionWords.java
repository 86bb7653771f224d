package dev.factored.analysis.diagnosis.words;

import dev.factored.analysis.model.SpeedupProjection;
import dev.factored.analysis.model.SpeedupProjection.ProjectedSpeedup;
import dev.factored.text.Numbers;
import java.util.List;
import java.util.Map;

/**
 * What a projected speedup band rests on and why it is as wide as it is, in the same words in every view: the report's
 * table and chart legend, and summary.md. The projection's model holds codes ({@link SpeedupProjection}); these are
 * their words.
 */
public final class ProjectionWords {

    private ProjectionWords() {
    }

    private static final Map<String, String> SOURCES = Map.of(
            SpeedupProjection.TIMES, "the times (work and its inflation)",
            SpeedupProjection.IDLE, "the idle time",
            SpeedupProjection.SERIAL_IDLE, "the serial section of the idle split",
            SpeedupProjection.SPAN, "the span run (span law, burdened bound)");

    private static final Map<String, String> EDGES = Map.of(
            SpeedupProjection.MODEL, "the measured work and idle carried on",
            SpeedupProjection.GREEDY_BOUND, "Cilkview's burdened bound",
            SpeedupProjection.WORK_LAW, "P (the work law)",
            SpeedupProjection.SPAN_LAW, "the span law");

    private static final Map<String, String> WIDENED = Map.of(
            SpeedupProjection.WORK_GROWTH, "the work grew between the last two points measured, and no run on so few "
                    + "CPUs shows where memory or cache sharing stops it: the lower edge lets it go on growing",
            SpeedupProjection.UNSPLIT_IDLE, "the idle time has no split (estimated from CPU time, no activity "
                    + "timeline), so nothing tells it from a serial section: the lower edge takes all of it as one "
                    + "(the instrumented pool gives the split)",
            SpeedupProjection.SHARED_MEMORY, "the bandwidth test's copies of the baseline slowed each other down "
                    + "(memory or cache shared): the lower edge lets the work grow with every added worker as it did "
                    + "with every added copy, the worst case once the memory is saturated");

    /** A measurement the projection rests on ({@link SpeedupProjection#restsOn()}). */
    public static String source(String code) {
        return SOURCES.getOrDefault(code, code);
    }

    /** What decided an edge ({@link ProjectedSpeedup#lowerFrom()}), or "not said" in a file written before. */
    public static String edge(String code) {
        return code == null ? "not said" : EDGES.getOrDefault(code, code);
    }

    /** Why the lower edge takes the worst case ({@link SpeedupProjection#widenedBy()}). */
    public static String widened(String code) {
        return WIDENED.getOrDefault(code, code);
    }

    /** "P = 1–2", what the projection was projected from. */
    public static String from(SpeedupProjection projection) {
        List<Integer> measured = projection.measuredCores();
        return measured.size() == 1 ? "P = " + measured.get(0)
                : "P = " + measured.get(0) + "\u2013" + measured.get(measured.size() - 1);
    }

    /** The band at one P with both edges' intervals: "4.00x [3.60, 4.40] to 5.00x [4.50, 5.50]". */
    public static String band(ProjectedSpeedup s) {
        return Numbers.speedup(s.lower()) + " to " + Numbers.speedup(s.upper());
    }

    /**
     * What decided each edge at one P: "lower edge: Cilkview's burdened bound; upper edge: P (the work law)", or
     * "both edges: the span law" when one thing decided both.
     */
    public static String decidedBy(ProjectedSpeedup s) {
        String lower = edge(s.lowerFrom());
        String upper = edge(s.upperFrom());
        return lower.equals(upper) ? "both edges: " + lower : "lower edge: " + lower + "; upper edge: " + upper;
    }

    /** The last P projected, the one line of summary.md; null without a projection. */
    public static ProjectedSpeedup last(SpeedupProjection projection) {
        if (projection == null || projection.speedups().isEmpty()) {
            return null;
        }
        return projection.speedups().get(projection.speedups().size() - 1);
    }
}
