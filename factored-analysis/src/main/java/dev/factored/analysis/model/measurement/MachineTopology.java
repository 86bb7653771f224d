package dev.factored.analysis.model.measurement;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

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
}
