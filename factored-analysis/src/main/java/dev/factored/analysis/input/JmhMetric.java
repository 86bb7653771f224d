package dev.factored.analysis.input;

import dev.factored.analysis.stats.Distributions;
import java.util.Arrays;

/**
 * One metric of a JMH result entry, as JMH wrote it (units not yet normalised).
 *
 * @param score      JMH's score; NaN when JMH wrote "NaN"
 * @param scoreError JMH's 99.9% half-interval; NaN with fewer than 3 samples
 * @param scoreUnit  e.g. {@code us/op}, {@code ops/ms}, {@code B/op}
 * @param rawData    one value per fork and measurement iteration, {@code [fork][iteration]}; for
 *                   {@code sample} mode the mean of each iteration's histogram; null when JMH wrote
 *                   no raw data for this metric
 * @param histogram  true when rawData was derived from {@code rawDataHistogram}
 */
public record JmhMetric(double score, double scoreError, String scoreUnit, double[][] rawData, boolean histogram) {

    /** JMH's confidence level for {@code scoreError}. */
    public static final double JMH_CONFIDENCE = 0.999;

    /**
     * This metric over other samples of it ({@code [fork][iteration]}, e.g. some of its iterations): the score and its
     * error as JMH computes them over every iteration of every fork (the mean, {@link #scoreError}). Sample mode's
     * histograms are not kept, so there the error is missing.
     */
    public JmhMetric withSamples(double[][] raw) {
        double[] iterations = Arrays.stream(raw).flatMapToDouble(Arrays::stream).toArray();
        double mean = iterations.length == 0 ? Double.NaN : Arrays.stream(iterations).average().orElseThrow();
        return new JmhMetric(mean, histogram ? Double.NaN : scoreError(iterations), scoreUnit, raw, histogram);
    }

    /**
     * JMH's score error of iteration results: the half-width of the 99.9 % Student-t interval of their mean,
     * t(1 − 0.001/2, n − 1) · s / √n; NaN for fewer than 3 (as JMH).
     */
    public static double scoreError(double[] iterations) {
        int n = iterations.length;
        if (n <= 2) {
            return Double.NaN;
        }
        double mean = Arrays.stream(iterations).average().orElseThrow();
        double squares = 0;
        for (double v : iterations) {
            squares += (v - mean) * (v - mean);
        }
        double sd = Math.sqrt(squares / (n - 1));
        return Distributions.tQuantile(1 - (1 - JMH_CONFIDENCE) / 2, n - 1) * sd / Math.sqrt(n);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof JmhMetric m
                && Double.compare(score, m.score) == 0
                && Double.compare(scoreError, m.scoreError) == 0
                && scoreUnit.equals(m.scoreUnit)
                && Arrays.deepEquals(rawData, m.rawData)
                && histogram == m.histogram;
    }

    @Override
    public int hashCode() {
        return 31 * scoreUnit.hashCode() + Arrays.deepHashCode(rawData);
    }

    @Override
    public String toString() {
        return "JmhMetric[score=" + score + ", scoreError=" + scoreError + ", scoreUnit=" + scoreUnit
                + ", rawData=" + Arrays.deepToString(rawData) + ", histogram=" + histogram + "]";
    }
}
