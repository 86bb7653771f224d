package dev.factored.analysis.input;

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
