package dev.factored.analysis;

import dev.factored.contract.HostIdentity;
import java.util.List;

/**
 * Where and how a family was measured, as JMH recorded it. Used to show the reader what to trust and
 * to refuse comparing runs from different JVMs.
 *
 * @param host the machine and JVM the profiler recorded for the run ({@code activity/host.properties} next to the
 *             JMH JSON), null when the run did not record it (an older profiler, or no activity directory)
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
        HostIdentity host) {

    public Environment {
        jvmArgs = List.copyOf(jvmArgs == null ? List.of() : jvmArgs);
    }

    /** Without a recorded host. */
    public Environment(String jmhVersion, String jdkVersion, String vmName, String vmVersion, String jvm,
            List<String> jvmArgs, int threads, int forks, int warmupIterations, String warmupTime,
            int measurementIterations, String measurementTime) {
        this(jmhVersion, jdkVersion, vmName, vmVersion, jvm, jvmArgs, threads, forks, warmupIterations, warmupTime,
                measurementIterations, measurementTime, null);
    }

    /** The host class of the run ({@link HostIdentity#hostClass()}), or null when no host was recorded. */
    public String hostClass() {
        return host == null ? null : host.hostClass();
    }
}
