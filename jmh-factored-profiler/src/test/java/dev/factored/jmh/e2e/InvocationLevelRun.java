package dev.factored.jmh.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.openjdk.jmh.runner.RunnerException;

/**
 * One profiled run of every {@link InvocationLevelBenchmark} shape at the baseline, one worker and two, shared by the
 * test classes that read it ({@link InvocationLevelTest}, {@link OwnWaitingKnownAnswerTest}): the forks of
 * {@code alone} are the same program for both, and surefire runs the classes in one JVM, so they are measured once.
 * Each fork warms up 2 × 200 ms and measures 5 × 200 ms (InvocationLevelTest's medians over five iterations).
 */
final class InvocationLevelRun {

    private static Path json;
    private static JsonNode result;

    private InvocationLevelRun() {
    }

    /** JMH's JSON result of the run, made by the first caller. */
    static synchronized JsonNode result() throws RunnerException, IOException {
        if (result == null) {
            Path dir = Files.createTempDirectory("invocation-level");
            dir.toFile().deleteOnExit();
            // registered after the directory, so deleted before it at exit
            dir.resolve("jmh-result.json").toFile().deleteOnExit();
            result = FactoredProfilerTestAccess.runProfiled(dir, InvocationLevelBenchmark.class.getName() + ".", 1, 2,
                    200, 5, 200, "baseline", "1", "2");
            json = dir.resolve("jmh-result.json");
        }
        return result;
    }

    /** The run's JSON file. */
    static synchronized Path json() throws RunnerException, IOException {
        result();
        return json;
    }

    /** Whether {@code entry} is a configuration of {@code method}. */
    static boolean isOf(JsonNode entry, String method) {
        return entry.path("benchmark").asText().endsWith("." + method);
    }
}
