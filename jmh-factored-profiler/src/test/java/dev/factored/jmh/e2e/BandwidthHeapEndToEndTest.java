package dev.factored.jmh.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.factored.jmh.FactoredProfiler;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The bandwidth test fits its heap: {@link BigStateBenchmark} holds 64 MiB under its own -Xmx96m, so the two copies of
 * {@code bandwidth-2} would run out of memory; its baseline fork tells the host what one copy holds, and the bandwidth
 * fork gets a heap for two. The run fails on any error ({@code shouldFailOnError}).
 */
class BandwidthHeapEndToEndTest {

    @Test
    void theBandwidthForkGetsAHeapForItsCopies(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("jmh-result.json");
        System.setProperty("jmh.ignoreLock", "true");
        Options options = new OptionsBuilder()
                .include(BigStateBenchmark.class.getName() + ".sum")
                .param("cores", "baseline", "bandwidth-2")
                .warmupIterations(1)
                .warmupTime(TimeValue.milliseconds(100))
                .measurementIterations(2)
                .measurementTime(TimeValue.milliseconds(100))
                .addProfiler(FactoredProfiler.class)
                .resultFormat(ResultFormatType.JSON)
                .result(json.toString())
                .shouldFailOnError(true)
                .build();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        PrintStream console = System.out;
        System.setOut(new PrintStream(new FactoredProfilerEndToEndTest.TeeStream(console, log), true,
                StandardCharsets.UTF_8));
        try {
            new Runner(options).run();
        } finally {
            System.setOut(console);
        }
        String output = log.toString(StandardCharsets.UTF_8);

        Map<String, JsonNode> byCores = new HashMap<>();
        for (JsonNode entry : new ObjectMapper().readTree(json.toFile())) {
            byCores.put(entry.path("params").path("cores").asText(), entry);
        }
        assertEquals(java.util.Set.of("baseline", "bandwidth-2"), byCores.keySet(), "both configurations measured");
        JsonNode baseline = byCores.get("baseline").path("secondaryMetrics");
        double live = baseline.path("factored.liveHeap").path("score").asDouble();
        assertTrue(live >= BigStateBenchmark.LONGS * 8.0, "one copy holds the 64 MiB array: " + live);
        assertEquals(2.0, byCores.get("bandwidth-2").path("secondaryMetrics").path("factored.workers").path("score")
                .asDouble(), 1e-9, "both copies ran");
        assertTrue(output.contains("cores=bandwidth-2: 2 copies of") && output.contains("-Xmx"), output);
    }
}
