package dev.factored.analysis;

import java.util.List;
import java.util.Map;

/**
 * The factored-speedup analysis of one family: one benchmark method with fixed params, measured in
 * several {@code cores} configurations. Times are seconds per operation; a configuration that was not
 * measured leaves {@code null} in everything it would have fed.
 *
 * @param benchmark      the fully qualified benchmark method name
 * @param params         the JMH params without {@code cores}, in JMH's order
 * @param mode           the JMH mode ({@code avgt}, {@code thrpt}, {@code sample}, {@code ss})
 * @param baselineTime   T_s
 * @param elisionTime    T_e
 * @param oneCoreTime    T_1
 * @param points         one per measured P, ascending
 * @param diagnosis      sentences, most important first
 * @param warnings       sentences about what limits trust in the numbers
 * @param environment    JVM and JMH settings of the run
 * @param configurations the raw samples of every configuration, in the order baseline, elision, 1, 2, …
 */
public record FamilyAnalysis(
        String benchmark,
        Map<String, String> params,
        String mode,
        Estimate baselineTime,
        Estimate elisionTime,
        Estimate oneCoreTime,
        List<Point> points,
        List<String> diagnosis,
        List<String> warnings,
        Environment environment,
        List<ConfigurationRun> configurations) {

    /** A stable, human-readable id: the benchmark name and its params, e.g. {@code a.B.sort(size=1000)}. */
    public String id() {
        if (params.isEmpty()) {
            return benchmark;
        }
        StringBuilder sb = new StringBuilder(benchmark).append('(');
        String sep = "";
        for (Map.Entry<String, String> e : params.entrySet()) {
            sb.append(sep).append(e.getKey()).append('=').append(e.getValue());
            sep = ", ";
        }
        return sb.append(')').toString();
    }

    /** The point with the largest P, or null when no parallel configuration was measured. */
    public Point largestPoint() {
        return points.isEmpty() ? null : points.get(points.size() - 1);
    }
}
