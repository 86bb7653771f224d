package dev.factored.analysis.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.factored.analysis.Families;
import dev.factored.analysis.input.JmhEntry;
import dev.factored.contract.ProfilerMetrics;
import java.util.List;

/**
 * The machine a family was measured on, as the profiler's host read it from Linux's topology files; a component
 * is null when it could not be read.
 *
 * @param cpus          hardware threads online
 * @param physicalCores physical cores
 * @param sockets       sockets
 * @param numaNodes     NUMA nodes with CPUs
 * @param allowedCpus   hardware threads the run could use (its CPU set)
 * @param allowedCores  physical cores among them
 * @param cpuQuota      the cgroup's CPU quota in CPUs; null when none
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"cpus", "physicalCores", "sockets", "numaNodes", "allowedCpus", "allowedCores", "cpuQuota"})
public record MachineTopology(Integer cpus, Integer physicalCores, Integer sockets, Integer numaNodes,
        Integer allowedCpus, Integer allowedCores, Double cpuQuota) {

    /** From the first entry that carries the machine's topology; null when none does. */
    public static MachineTopology of(List<JmhEntry> entries) {
        for (JmhEntry e : entries) {
            Double cpus = Families.max(e, ProfilerMetrics.MACHINE_CPUS);
            if (cpus != null) {
                Double quota = Families.min(e, ProfilerMetrics.CPU_QUOTA);
                return new MachineTopology(CpuLabels.whole(cpus),
                        CpuLabels.whole(Families.max(e, ProfilerMetrics.MACHINE_PHYSICAL_CORES)),
                        CpuLabels.whole(Families.max(e, ProfilerMetrics.MACHINE_SOCKETS)),
                        CpuLabels.whole(Families.max(e, ProfilerMetrics.MACHINE_NUMA_NODES)),
                        CpuLabels.whole(Families.max(e, ProfilerMetrics.MACHINE_ALLOWED_CPUS)),
                        CpuLabels.whole(Families.max(e, ProfilerMetrics.MACHINE_ALLOWED_CORES)),
                        quota != null && quota > 0 ? quota : null);
            }
        }
        return null;
    }
}
