package dev.factored.analysis.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.factored.analysis.model.measurement.Estimate;

/**
 * Cilkview's bounds on the speedup over the baseline T_s at P cores (METHOD.md §5), from the work, span
 * and burdened span of the span run: a projection, not a measurement, and defined for P beyond the
 * cores that were measured.
 *
 * @param cores P
 * @param lower (T_s/T_1) / (1/P + (1 − 1/P)·1.7/burdened parallelism): what a work-stealing scheduler
 *              should reach even if every forked task were stolen
 * @param upper (T_s/T_1)·min(P, parallelism): no schedule can do better (the span law and the work law)
 */
@JsonPropertyOrder({"cores", "lower", "upper"})
public record Bound(@JsonProperty(required = true) int cores, @JsonProperty(required = true) Estimate lower,
        @JsonProperty(required = true) Estimate upper) {

    public Bound {
        if (cores < 1) {
            throw new IllegalArgumentException("a bound needs P >= 1, got " + cores);
        }
        if (lower == null || upper == null) {
            throw new IllegalArgumentException("the bound at P = " + cores + " needs both ends: a bound that cannot "
                    + "be computed is left out of the list");
        }
    }

    /** Cilkview's 2δ with δ = 0.85: the constant of the burdened lower bound. */
    static final double TWO_DELTA = 1.7;

    /**
     * Cilkview's burdened lower bound on the speedup over the work at P cores,
     * T_1 / (T_1/P + (1 − 1/P)·1.7·T̂_∞), written with the burdened parallelism T_1/T̂_∞.
     */
    public static double lowerOverWork(int p, double burdenedParallelism) {
        return 1 / (1.0 / p + (1 - 1.0 / p) * TWO_DELTA / burdenedParallelism);
    }

    /** Cilkview's upper bound on the speedup over the work at P cores: min(P, T_1/T_∞). */
    public static double upperOverWork(int p, double parallelism) {
        return Math.min(p, parallelism);
    }
}
