package dev.factored.analysis.model.point;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.factored.analysis.model.measurement.CpuLabels;
import dev.factored.analysis.model.measurement.Estimate;

/**
 * What the P workers ran on and what the JVM took besides the program at one point (written flat in the point, as
 * analysis.json has always had it).
 *
 * @param oversubscribed P is larger than the CPUs the fork could use
 * @param pinned         the fork was pinned to its CPUs (null: unknown, no profiler data)
 * @param gcTime         the time per operation the JVM's stop-the-world collections took at P (every worker waits
 *                       through them); null when not measured
 * @param spareThreads   spare threads the common pool started at P to replace workers blocked in joins (about P
 *                       threads ran at a time, but more than P took part); null when none
 * @param cpuLabels      what the P CPUs of the fork were: physical cores, SMT (a core shared by two workers), NUMA
 *                       nodes and sockets spanned, core kinds, the CPU quota; null when the profiler did not say
 */
@JsonPropertyOrder({"oversubscribed", "pinned", "gcTime", "spareThreads", "cpuLabels"})
public record PointConditions(boolean oversubscribed, Boolean pinned,
        @JsonInclude(JsonInclude.Include.NON_NULL) Estimate gcTime,
        @JsonInclude(JsonInclude.Include.NON_NULL) Integer spareThreads,
        @JsonInclude(JsonInclude.Include.NON_NULL) CpuLabels cpuLabels) {

    /** Neither oversubscribed nor known to be pinned, nothing else measured. */
    public static final PointConditions NONE = new PointConditions(false, null, null, null, null);
}
