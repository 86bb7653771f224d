package dev.factored.jmh.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.factored.jmh.FactoredProfiler;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Existing code never breaks (issue 16): the three OpenJDK shapes of {@link ExistingCodeBenchmark} run in real
 * JMH forks under every configuration of the default list, including P = 4 on this 2-CPU machine, where a task
 * invoked from outside a pool used to fail with "Thread limit exceeded replacing blocked worker". Every fork
 * reports its GC time per operation.
 */
class ExistingCodeEndToEndTest {

    @Test
    void runsUnderEveryConfigurationWithGcTime(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("jmh-result.json");
        System.setProperty("jmh.ignoreLock", "true");
        Options options = new OptionsBuilder()
                .include(ExistingCodeBenchmark.class.getName())
                .param("cores", "baseline", "1", "2", "4")
                .forks(1)
                // Whether each shape runs and publishes its GC time, not how fast: short iterations, and C1 only (no
                // C2 compiles competing for the two CPUs while the forks start).
                .warmupIterations(1)
                .warmupTime(TimeValue.milliseconds(50))
                .measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(100))
                .jvmArgsAppend("-XX:TieredStopAtLevel=1")
                .addProfiler(FactoredProfiler.class)
                .resultFormat(ResultFormatType.JSON)
                .result(json.toString())
                .shouldFailOnError(true)
                .build();
        new Runner(options).run();

        JsonNode results = new ObjectMapper().readTree(json.toFile());
        Set<String> ran = new HashSet<>();
        for (JsonNode entry : results) {
            String benchmark = entry.path("benchmark").asText();
            String cores = entry.path("params").path("cores").asText();
            ran.add(benchmark.substring(benchmark.lastIndexOf('.') + 1) + "@" + cores);
            JsonNode gc = entry.path("secondaryMetrics").path("factored.gc");
            assertFalse(gc.isMissingNode(), "no factored.gc for " + benchmark + " cores=" + cores);
            assertTrue(gc.path("score").asDouble() >= 0, gc.toString());
        }
        for (String method : new String[] {"invokedFromOutside", "poolFromSetup", "parallelStream"}) {
            for (String cores : new String[] {"baseline", "1", "2", "4"}) {
                assertTrue(ran.contains(method + "@" + cores), method + " did not run at cores=" + cores + ": " + ran);
            }
        }
        assertEquals(12, results.size());
    }
}
