package dev.factored.analysis.model;

/**
 * Roth's performance factors: the machine's time P·T_P split into fractions that add up to 1
 * (METHOD.md §4). A factor whose inputs were not measured is {@code null}.
 *
 * @param work         T_s / (P·T_P): the share doing the best sequential program's work (= efficiency)
 * @param distribution (S_1 + I_P) / (P·T_P): the share lost to handing work out (scheduling and idle)
 * @param delay        (A + F_P) / (P·T_P): the share lost to doing more or slower work (algorithm and inflation)
 */
public record Factors(Estimate work, Estimate distribution, Estimate delay) {

    static final Factors NONE = new Factors(null, null, null);
}
