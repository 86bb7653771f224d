package dev.factored.analysis.stats;

import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.descriptive.rank.Median;
import org.apache.commons.math3.stat.descriptive.rank.Percentile.EstimationType;

/**
 * The descriptive statistics of a plain series, one helper each, from commons-math3 where it computes them the same
 * way to the last bit (analysis.json prints doubles in full, so a last-bit change would show).
 */
public final class Descriptive {

    private Descriptive() {
    }

    /**
     * The mean of values[from, to): their sum over their count. Not {@code StatUtils.mean}, whose second pass adds a
     * correction term and so can differ in the last bit from the sums the analysis has always divided.
     */
    public static double mean(double[] values, int from, int to) {
        return StatUtils.sum(values, from, to - from) / (to - from);
    }

    /**
     * The sum of the squared deviations of values[from, to) from their {@link #mean}. Written out: commons-math's
     * {@code Variance} subtracts a correction term, which moves the last bit.
     */
    public static double squaredDeviations(double[] values, int from, int to) {
        double m = mean(values, from, to);
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += (values[i] - m) * (values[i] - m);
        }
        return sum;
    }

    /**
     * The median of finite {@code values}: the middle value, or between the two middle values
     * {@code a + (b − a) / 2} (Hyndman and Fan's type 7 at one half). {@code values} is not modified.
     */
    public static double median(double[] values) {
        return new Median().withEstimationType(EstimationType.R_7).evaluate(values);
    }
}
