package dev.factored.jmh.e2e;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.factored.jmh.FactoredProfiler;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/** What the end-to-end tests need to know about the host to predict the pinning, and their one way to run JMH. */
final class FactoredProfilerTestAccess {

    private FactoredProfilerTestAccess() {
    }

    static boolean tasksetOnPath() {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isBlank() && Files.isExecutable(Path.of(dir, "taskset"))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Runs the benchmarks {@code include} selects in real forks with the factored profiler ({@code metrics=all}) under
     * the given {@code cores} values, warm-up and measurement iterations of the given milliseconds, and returns JMH's
     * JSON result; skipped (an assumption) without Linux, taskset or two CPUs, which the pinned forks need.
     */
    static JsonNode runProfiled(Path dir, String include, int forks, int warmups, int warmupMillis, int iterations,
                                int iterationMillis, String... cores) throws RunnerException, IOException {
        return runProfiled(dir, include, java.util.Map.of(), forks, warmups, warmupMillis, iterations, iterationMillis,
                cores);
    }

    /** As above, with the values of the benchmark's other params ({@code name -> values}). */
    static JsonNode runProfiled(Path dir, String include, java.util.Map<String, String[]> params, int forks,
                                int warmups, int warmupMillis, int iterations, int iterationMillis, String... cores)
            throws RunnerException, IOException {
        assumeTrue(Files.isReadable(Path.of("/proc/self/status")) && tasksetOnPath(),
                "Linux with taskset: the forks are pinned");
        assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "two CPUs");
        Path json = dir.resolve("jmh-result.json");
        System.setProperty("jmh.ignoreLock", "true");
        OptionsBuilder options = new OptionsBuilder();
        params.forEach(options::param);
        new Runner(options
                .include(include)
                .param("cores", cores)
                .forks(forks)
                .warmupIterations(warmups)
                .warmupTime(TimeValue.milliseconds(warmupMillis))
                .measurementIterations(iterations)
                .measurementTime(TimeValue.milliseconds(iterationMillis))
                .addProfiler(FactoredProfiler.class, "metrics=all")
                .resultFormat(ResultFormatType.JSON)
                .result(json.toString())
                .shouldFailOnError(true)
                .build()).run();
        return new ObjectMapper().readTree(json.toFile());
    }
}
