package dev.factored.analysis.model;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Roth's performance factors: the machine's time P·T_P split into fractions that add up to 1
 * (METHOD.md §4). A factor whose inputs were not measured is {@code null}.
 *
 * @param work         T_s / (P·T_P): the share doing the best sequential program's work (= efficiency)
 * @param distribution (S_1 + I_P) / (P·T_P): the share lost to handing work out (scheduling and idle)
 * @param delay        (A + F_P) / (P·T_P): the share lost to doing more or slower work (algorithm and inflation)
 * @param machine      D_P / (P·T_P): the share the workers spent waiting behind other processes while they held work
 *                     (the interference loss divided by P); null when D_P was not measured, and then work,
 *                     distribution and delay alone add up to 1, the wait being in the delay's F_P
 */
public record Factors(Estimate work, Estimate distribution, Estimate delay,
        @JsonInclude(JsonInclude.Include.NON_NULL) Estimate machine) {

    static final Factors NONE = new Factors(null, null, null, null);

    /** The factors of a run without a measured wait behind other processes. */
    public Factors(Estimate work, Estimate distribution, Estimate delay) {
        this(work, distribution, delay, null);
    }
}
