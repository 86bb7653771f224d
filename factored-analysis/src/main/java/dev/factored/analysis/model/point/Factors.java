package dev.factored.analysis.model.point;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.factored.analysis.model.measurement.Estimate;

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
 * @param overhead     (T_1 − T_s) / (P·T_P), the one-worker overhead S_1 + A as one factor, for code without an
 *                     elision (unmodified fork/join code), where it cannot be split into distribution's S_1 and delay's
 *                     A: distribution is then I_P / (P·T_P) and delay F_P / (P·T_P), and all still add up to 1; null
 *                     where the elision was measured
 * @param ownWaiting   O_P / (P·T_P): the share the workers spent waiting for a CPU behind the program's own threads
 *                     (or the JVM's on the same CPUs) while they held work (the own-waiting loss divided by P); null
 *                     when O_P was not measured, and then it is in the delay's F_P (or, estimated, in distribution)
 */
public record Factors(Estimate work, Estimate distribution, Estimate delay,
        @JsonInclude(JsonInclude.Include.NON_NULL) Estimate machine,
        @JsonInclude(JsonInclude.Include.NON_NULL) Estimate overhead,
        @JsonInclude(JsonInclude.Include.NON_NULL) Estimate ownWaiting) {

    static final Factors NONE = new Factors(null, null, null, null, null, null);

    /** Without the program's own waiting. */
    public Factors(Estimate work, Estimate distribution, Estimate delay, Estimate machine, Estimate overhead) {
        this(work, distribution, delay, machine, overhead, null);
    }

    /** The factors of a run without a measured wait behind other processes. */
    public Factors(Estimate work, Estimate distribution, Estimate delay) {
        this(work, distribution, delay, null, null);
    }

    /** The factors of a run with an elision. */
    public Factors(Estimate work, Estimate distribution, Estimate delay, Estimate machine) {
        this(work, distribution, delay, machine, null);
    }
}
