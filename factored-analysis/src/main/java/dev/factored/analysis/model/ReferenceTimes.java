package dev.factored.analysis.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The times every point of a family is compared with, and the two overheads they give. Seconds per operation;
 * null where the configuration was not measured (or, for an overhead, where one of its two times is missing).
 *
 * @param baselineTime        T_s: the best sequential program
 * @param elisionTime         T_e: the parallel program with its fork/join calls elided
 * @param oneCoreTime         T_1: the parallel program on one worker
 * @param schedulingOverhead  T_1 / T_e − 1: what creating and scheduling tasks adds to the elided code
 * @param algorithmicOverhead T_e / T_s − 1: the extra work of the parallel algorithm over the baseline
 */
@JsonPropertyOrder({"baselineTime", "elisionTime", "oneCoreTime", "schedulingOverhead", "algorithmicOverhead"})
public record ReferenceTimes(Estimate baselineTime, Estimate elisionTime, Estimate oneCoreTime,
        Estimate schedulingOverhead, Estimate algorithmicOverhead) {

    /** Nothing measured. */
    public static final ReferenceTimes NONE = new ReferenceTimes(null, null, null, null, null);
}
