package dev.factored.analysis.model.measurement;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.factored.analysis.input.JvmRuntime;
import dev.factored.contract.HostIdentity;

/**
 * Where and how a family was measured, as JMH recorded it. Used to show the reader what to trust and
 * to refuse comparing runs from different JVMs.
 *
 * @param runtime  what ran the benchmarks: JMH's version, the JDK and VM, the java binary and its arguments (written
 *                 flat, as analysis.json has always had them)
 * @param threads  JMH's benchmark threads (the most of the family's entries)
 * @param forks    JMH's forks per configuration (the most of the family's entries)
 * @param topology the machine's CPUs as the profiler read them (null when it did not: not Linux, an older profiler,
 *                 an unpinned run)
 * @param host     the machine and JVM the profiler recorded for the run ({@code activity/host.properties} next to the
 *                 JMH JSON), null when the run did not record it (an older profiler, or no activity directory)
 */
public record Environment(
        @JsonUnwrapped JvmRuntime runtime,
        int threads,
        int forks,
        int warmupIterations,
        String warmupTime,
        int measurementIterations,
        String measurementTime,
        @JsonInclude(JsonInclude.Include.NON_NULL) MachineTopology topology,
        HostIdentity host) {

    public Environment {
        runtime = runtime == null ? new JvmRuntime(null, null, null, null, null, null) : runtime;
    }

    /** The host class of the run ({@link HostIdentity#hostClass()}), or null when no host was recorded. */
    public String hostClass() {
        return host == null ? null : host.hostClass();
    }
}
