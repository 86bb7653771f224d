package dev.factored.analysis;

/**
 * A derived number with its bootstrap confidence interval. {@code low <= value <= high} is not
 * guaranteed for every ratio (a percentile interval of a skewed statistic may not contain the
 * point estimate), but {@code low <= high} always holds.
 *
 * <p>A number that could not be measured is never an Estimate: it is {@code null} where it is used.
 */
public record Estimate(double value, double low, double high) {

    /** An exact number with no uncertainty, e.g. the linear speedup P. */
    public static Estimate exact(double value) {
        return new Estimate(value, value, value);
    }

    public double halfWidth() {
        return (high - low) / 2;
    }

    /** Half-width of the interval relative to the value; infinite when the value is 0. */
    public double relativeError() {
        return value == 0 ? Double.POSITIVE_INFINITY : Math.abs(halfWidth() / value);
    }
}
