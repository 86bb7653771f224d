package dev.factored.analysis;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * Where and how a family was measured, as JMH recorded it. Used to show the reader what to trust and
 * to refuse comparing runs from different JVMs.
 *
 * <p>{@code topology}: the machine's CPUs as the profiler read them (null when it did not: not Linux, an older
 * profiler, an unpinned run).
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
        @JsonInclude(JsonInclude.Include.NON_NULL) MachineTopology topology) {

    public Environment {
        jvmArgs = List.copyOf(jvmArgs == null ? List.of() : jvmArgs);
    }

    /** Without the machine's topology (results from before the profiler read it). */
    public Environment(String jmhVersion, String jdkVersion, String vmName, String vmVersion, String jvm,
            List<String> jvmArgs, int threads, int forks, int warmupIterations, String warmupTime,
            int measurementIterations, String measurementTime) {
        this(jmhVersion, jdkVersion, vmName, vmVersion, jvm, jvmArgs, threads, forks, warmupIterations, warmupTime,
                measurementIterations, measurementTime, null);
    }
}
