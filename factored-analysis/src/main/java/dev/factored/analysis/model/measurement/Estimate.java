package dev.factored.analysis.model.measurement;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.factored.analysis.stats.Bootstrap;

/**
 * A derived number with its bootstrap confidence interval, {@code low <= value <= high}, all finite. A
 * number that could not be measured is never an Estimate: it is {@code null} where it is used.
 *
 * @param singleFork the interval rests on at least one configuration measured in a single JVM fork: it
 *                   shows the noise between iterations only, not the larger noise between forks (JIT
 *                   decisions, memory layout), so it is too narrow by an unknown amount. Findings that
 *                   rest on such an estimate are tentative. Written to JSON only when true.
 * @param disturbed  the estimate rests on at least one configuration measured while other processes took more than
 *                   the threshold of its CPUs' time ({@link Interference}): it describes the machine as much as the
 *                   program, and findings that rest on it are tentative or held back. Written only when true.
 * @param zero       why the estimate is exactly 0 with no interval ({@link Zero}); null for every other estimate, and
 *                   in files written before it existed. Written only when set.
 */
@JsonPropertyOrder({"value", "low", "high", "singleFork", "disturbed", "zero"})
public record Estimate(@JsonProperty(required = true) double value, @JsonProperty(required = true) double low,
        @JsonProperty(required = true) double high,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean singleFork,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean disturbed,
        @JsonInclude(JsonInclude.Include.NON_NULL) Zero zero) {

    public Estimate {
        if (!Double.isFinite(value) || !Double.isFinite(low) || !Double.isFinite(high)) {
            throw new IllegalArgumentException("an estimate must be finite, got value " + value + " [" + low + ", "
                    + high + "]: a number that cannot be measured is null, not an estimate");
        }
        if (!(low <= value && value <= high)) {
            throw new IllegalArgumentException("an estimate needs low <= value <= high, got value " + value + " ["
                    + low + ", " + high + "]");
        }
        if (zero != null && !(value == 0 && low == 0 && high == 0)) {
            throw new IllegalArgumentException("an estimate that is zero " + zero + " must be 0 [0, 0], got value "
                    + value + " [" + low + ", " + high + "]");
        }
    }

    public Estimate(double value, double low, double high, boolean singleFork, boolean disturbed) {
        this(value, low, high, singleFork, disturbed, null);
    }

    public Estimate(double value, double low, double high) {
        this(value, low, high, false, false);
    }

    public Estimate(double value, double low, double high, boolean singleFork) {
        this(value, low, high, singleFork, false);
    }

    /**
     * The estimate of a derived quantity from its bootstrap values ({@code values[0]} the point estimate, the rest
     * replicates): the interval of {@link Bootstrap#interval}; null when a value is not finite. Replicates that are
     * all exactly 0 measured nothing above zero: {@link Zero#NONE_MEASURED}, not an interval {@code [0, 0]}.
     *
     * @param disturbed the values rest on a configuration measured on a busy machine
     */
    public static Estimate fromReplicates(double[] values, double confidence, boolean singleFork, boolean disturbed) {
        double[] range = Bootstrap.interval(values, confidence);
        if (range == null) {
            return null;
        }
        return allZero(values) ? noneMeasured(singleFork, disturbed)
                : new Estimate(values[0], range[0], range[1], singleFork, disturbed);
    }

    public static Estimate fromReplicates(double[] values, double confidence, boolean singleFork) {
        return fromReplicates(values, confidence, singleFork, false);
    }

    public static Estimate fromReplicates(double[] values, double confidence) {
        return fromReplicates(values, confidence, false, false);
    }

    /**
     * A quantity that cannot be negative (idle, a wait, a pause, a share of the CPUs), its interval too: every sample
     * is at least 0, and an interval whose tails are extrapolated past the samples may reach below 0 only by the
     * extrapolation. An interval wholly at or below 0 measured nothing above zero: {@link Zero#NONE_MEASURED}. A zero
     * already explained stays as it is; null stays null.
     */
    public static Estimate nonNegative(Estimate e) {
        if (e == null || e.zero() != null) {
            return e;
        }
        if (e.high() <= 0) {
            return noneMeasured(e.singleFork(), e.disturbed());
        }
        return new Estimate(Math.max(0, e.value()), Math.max(0, e.low()), e.high(), e.singleFork(), e.disturbed());
    }

    /** Nothing measured above zero ({@link Zero#NONE_MEASURED}). */
    public static Estimate noneMeasured(boolean singleFork, boolean disturbed) {
        return new Estimate(0, 0, 0, singleFork, disturbed, Zero.NONE_MEASURED);
    }

    /** Zero by the quantity's definition ({@link Zero#BY_CONSTRUCTION}). */
    public static Estimate byConstruction(boolean singleFork, boolean disturbed) {
        return new Estimate(0, 0, 0, singleFork, disturbed, Zero.BY_CONSTRUCTION);
    }

    private static boolean allZero(double[] values) {
        for (double v : values) {
            if (v != 0) {
                return false;
            }
        }
        return true;
    }

    /** An exact number with no uncertainty, e.g. the linear speedup P. */
    public static Estimate exact(double value) {
        return new Estimate(value, value, value);
    }

    /** This estimate divided by an exact positive number (the interval scales with it; a zero stays what it is). */
    public Estimate dividedBy(double exact) {
        return new Estimate(value / exact, low / exact, high / exact, singleFork, disturbed, zero);
    }

    @JsonIgnore
    public double halfWidth() {
        return (high - low) / 2;
    }

    /** Half-width of the interval relative to the value; infinite when the value is 0. */
    @JsonIgnore
    public double relativeError() {
        return value == 0 ? Double.POSITIVE_INFINITY : Math.abs(halfWidth() / value);
    }
}
