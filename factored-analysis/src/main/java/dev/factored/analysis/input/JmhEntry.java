package dev.factored.analysis.input;

import java.util.List;
import java.util.Map;

/**
 * One element of JMH's JSON result array: one benchmark method with one set of params.
 *
 * @param index            position in the file's array, 0-based, for error messages
 * @param benchmark        fully qualified benchmark method name
 * @param mode             {@code avgt}, {@code thrpt}, {@code sample} or {@code ss}
 * @param params           JMH params in the file's order (values are always strings); empty if none
 * @param secondaryMetrics by label, in the file's order; empty if none
 */
public record JmhEntry(
        int index,
        String benchmark,
        String mode,
        int threads,
        int forks,
        String jvm,
        List<String> jvmArgs,
        String jdkVersion,
        String vmName,
        String vmVersion,
        String jmhVersion,
        int warmupIterations,
        String warmupTime,
        int warmupBatchSize,
        int measurementIterations,
        String measurementTime,
        int measurementBatchSize,
        Map<String, String> params,
        JmhMetric primaryMetric,
        Map<String, JmhMetric> secondaryMetrics) {

    /** "entry 3 (a.B.sort)" for messages. */
    public String describe() {
        return "entry " + index + " (" + benchmark + ")";
    }

    /** Mean of a secondary metric's samples (its score if it has none); null when absent. */
    public Double secondaryMean(String label) {
        JmhMetric m = secondaryMetrics().get(label);
        if (m == null) {
            return null;
        }
        if (m.rawData() == null) {
            return Double.isFinite(m.score()) ? m.score() : null;
        }
        double sum = 0;
        int n = 0;
        for (double[] fork : m.rawData()) {
            for (double v : fork) {
                sum += v;
                n++;
            }
        }
        return n == 0 || !Double.isFinite(sum) ? null : sum / n;
    }
}
