package dev.factored.analysis.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.factored.contract.HostIdentity;
import java.util.List;

/**
 * Where and how a family was measured, as JMH recorded it. Used to show the reader what to trust and
 * to refuse comparing runs from different JVMs.
 *
 * @param topology the machine's CPUs as the profiler read them (null when it did not: not Linux, an older profiler,
 *                 an unpinned run)
 * @param host     the machine and JVM the profiler recorded for the run ({@code activity/host.properties} next to the
 *                 JMH JSON), null when the run did not record it (an older profiler, or no activity directory)
 */
public record Environment(
        String jmhVersion,
        String jdkVersion,
        String vmName,
        String vmVersion,
        String jvm,
        List<String> jvmArgs,
        int threads,
        int forks,
        int warmupIterations,
        String warmupTime,
        int measurementIterations,
        String measurementTime,
        @JsonInclude(JsonInclude.Include.NON_NULL) MachineTopology topology,
        HostIdentity host) {

    public Environment {
        jvmArgs = List.copyOf(jvmArgs == null ? List.of() : jvmArgs);
    }

    /** Without the machine's topology and a recorded host (results from before the profiler recorded them). */
    public Environment(String jmhVersion, String jdkVersion, String vmName, String vmVersion, String jvm,
            List<String> jvmArgs, int threads, int forks, int warmupIterations, String warmupTime,
            int measurementIterations, String measurementTime) {
        this(jmhVersion, jdkVersion, vmName, vmVersion, jvm, jvmArgs, threads, forks, warmupIterations, warmupTime,
                measurementIterations, measurementTime, null, null);
    }

    /** The host class of the run ({@link HostIdentity#hostClass()}), or null when no host was recorded. */
    public String hostClass() {
        return host == null ? null : host.hostClass();
    }
}
