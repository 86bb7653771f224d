package dev.factored.analysis.model.measurement;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * What a configuration's CPUs are on its machine, as the profiler's host read it from the topology: every
 * component is null when the profiler did not say (an older profiler, an unpinned fork, a fact it could not read).
 *
 * @param physicalCores   physical cores the CPUs belong to
 * @param smt             some core gave the fork two (or more) of its hardware threads: workers shared a core
 * @param numaNodes       NUMA nodes spanned
 * @param sockets         sockets spanned
 * @param performanceCpus CPUs on performance cores (hybrid machines only)
 * @param efficiencyCpus  CPUs on efficiency cores (hybrid machines only)
 * @param cpuQuota        the cgroup's CPU quota in CPUs; null when there was none
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"physicalCores", "smt", "numaNodes", "sockets", "performanceCpus", "efficiencyCpus", "cpuQuota"})
public record CpuLabels(Integer physicalCores, Boolean smt, Integer numaNodes, Integer sockets,
        Integer performanceCpus, Integer efficiencyCpus, Double cpuQuota) {

    /** Whether P workers exceed the CPU quota: they share it as if oversubscribed. */
    public boolean overQuota(int p) {
        return cpuQuota != null && p > cpuQuota + 1e-9;
    }
}
