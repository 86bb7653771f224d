package dev.factored.analysis.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.factored.analysis.model.measurement.Estimate;

/**
 * The times every point of a family is compared with, and the two overheads they give. Seconds per operation;
 * null where the configuration was not measured (or, for an overhead, where one of its two times is missing).
 *
 * @param baselineTime        T_s: the best sequential program
 * @param elisionTime         T_e: the parallel program with its fork/join calls elided
 * @param oneCoreTime         T_1: the parallel program on one worker
 * @param schedulingOverhead  T_1 / T_e − 1: what creating and scheduling tasks adds to the elided code
 * @param algorithmicOverhead T_e / T_s − 1: the extra work of the parallel algorithm over the baseline
 * @param baselineGcTime      the time per operation the JVM's stop-the-world collections took at the baseline (as a
 *                            point's {@code gcTime}); absent where not measured. Beside the one-worker point's, it
 *                            tells how much of T_1 − T_s the collector took.
 * @param elisionGcTime       the same at the elision; absent where not measured. Beside the one-worker point's, it
 *                            tells how much of T_1 − T_e the collector took.
 */
@JsonPropertyOrder({"baselineTime", "elisionTime", "oneCoreTime", "schedulingOverhead", "algorithmicOverhead",
        "baselineGcTime", "elisionGcTime"})
public record ReferenceTimes(Estimate baselineTime, Estimate elisionTime, Estimate oneCoreTime,
        Estimate schedulingOverhead, Estimate algorithmicOverhead,
        @JsonInclude(JsonInclude.Include.NON_NULL) Estimate baselineGcTime,
        @JsonInclude(JsonInclude.Include.NON_NULL) Estimate elisionGcTime) {

    /** Nothing measured. */
    public static final ReferenceTimes NONE = new ReferenceTimes(null, null, null, null, null);

    /** Without the GC times (not measured, or a file from before they were published). */
    public ReferenceTimes(Estimate baselineTime, Estimate elisionTime, Estimate oneCoreTime,
            Estimate schedulingOverhead, Estimate algorithmicOverhead) {
        this(baselineTime, elisionTime, oneCoreTime, schedulingOverhead, algorithmicOverhead, null, null);
    }
}
