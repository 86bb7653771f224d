package dev.factored.analysis.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

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
}
