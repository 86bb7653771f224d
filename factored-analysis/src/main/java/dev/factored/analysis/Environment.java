package dev.factored.analysis;

import java.util.List;

/**
 * Where and how a family was measured, as JMH recorded it. Used to show the reader what to trust and
 * to refuse comparing runs from different JVMs.
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
        String measurementTime) {

    public Environment {
        jvmArgs = List.copyOf(jvmArgs == null ? List.of() : jvmArgs);
    }
}
