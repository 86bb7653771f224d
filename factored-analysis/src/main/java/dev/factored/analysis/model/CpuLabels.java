package dev.factored.analysis.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.factored.analysis.Families;
import dev.factored.analysis.input.JmhEntry;
import dev.factored.contract.ProfilerMetrics;

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

    /** The labels of one JMH entry, or null when it has none. */
    public static CpuLabels of(JmhEntry e) {
        Double cores = Families.min(e, ProfilerMetrics.PHYSICAL_CORES);
        Double smt = Families.max(e, ProfilerMetrics.SMT);
        Double nodes = Families.max(e, ProfilerMetrics.NUMA_NODES);
        Double sockets = Families.max(e, ProfilerMetrics.SOCKETS);
        Double performance = Families.min(e, ProfilerMetrics.PERFORMANCE_CPUS);
        Double efficiency = Families.max(e, ProfilerMetrics.EFFICIENCY_CPUS);
        Double quota = Families.min(e, ProfilerMetrics.CPU_QUOTA);
        if (cores == null && smt == null && nodes == null && sockets == null && performance == null && quota == null) {
            return null;
        }
        return new CpuLabels(whole(cores), smt == null ? null : smt >= 0.5, whole(nodes), whole(sockets),
                whole(performance), whole(efficiency), quota != null && quota > 0 ? quota : null);
    }

    /** Whether P workers exceed the CPU quota: they share it as if oversubscribed. */
    public boolean overQuota(int p) {
        return cpuQuota != null && p > cpuQuota + 1e-9;
    }

    static Integer whole(Double v) {
        return v == null ? null : (int) Math.round(v);
    }
}
