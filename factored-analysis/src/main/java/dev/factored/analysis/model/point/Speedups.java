package dev.factored.analysis.model.point;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.factored.analysis.model.measurement.Estimate;

/**
 * The six speedup curves of METHOD.md §3 at one core count, all relative to the baseline time T_s.
 * A curve whose inputs were not measured is {@code null}.
 *
 * @param linear            P, the ideal
 * @param elision           P·T_s / T_e: lost only to the algorithm itself
 * @param maximal           P·T_s / T_1: lost to algorithm and scheduling overhead
 * @param idleSpecific      P·T_s / (T_1 + I_P): ... and to idle time
 * @param inflationSpecific P·T_s / (P·T_P − I_P): ... and to work inflation, ignoring idle
 * @param actual            T_s / T_P: what was measured
 * @param overElision       T_e / T_P: the speedup over the parallel code's own elision, the better sequential
 *                          reference where the baseline is slower than the elision (not one of the six curves: no
 *                          loss is read from it)
 */
public record Speedups(
        Estimate linear,
        Estimate elision,
        Estimate maximal,
        Estimate idleSpecific,
        Estimate inflationSpecific,
        Estimate actual,
        @JsonInclude(JsonInclude.Include.NON_NULL) Estimate overElision) {

    static final Speedups NONE = new Speedups(null, null, null, null, null, null, null);

    /** Without the speedup over the elision (an analysis written before it was published). */
    public Speedups(Estimate linear, Estimate elision, Estimate maximal, Estimate idleSpecific,
            Estimate inflationSpecific, Estimate actual) {
        this(linear, elision, maximal, idleSpecific, inflationSpecific, actual, null);
    }
}
