package dev.factored.jmh.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.contract.ActivityLog;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.factored.jmh.FactoredProfiler;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
 * Runs {@link TinyBenchmark} through JMH's Runner in real forks, one per configuration, with the
 * profiler, and reads the JSON result file as the analysis will.
 */
class FactoredProfilerEndToEndTest {

    @Test
    void everyConfigurationReportsIdleAndTheOneCoreForkSawOneCpu(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("jmh-result.json");
        // Other JMH runs may share this machine (and its lock file in java.io.tmpdir).
        System.setProperty("jmh.ignoreLock", "true");
        Options options = new OptionsBuilder()
                .include(TinyBenchmark.class.getName() + ".sum")
                .param("cores", "elision", "1", "2")
                .forks(1)
                .warmupIterations(1)
                .warmupTime(TimeValue.milliseconds(200))
                .measurementIterations(3)
                .measurementTime(TimeValue.milliseconds(200))
                .addProfiler(FactoredProfiler.class, "activity=" + dir.resolve("activity"))
                .resultFormat(ResultFormatType.JSON)
                .result(json.toString())
                .shouldFailOnError(true)
                .build();
        String output = runCapturingTheConsole(options);

        JsonNode results = new ObjectMapper().readTree(json.toFile());
        Map<String, JsonNode> byCores = new HashMap<>();
        for (JsonNode entry : results) {
            byCores.put(entry.path("params").path("cores").asText(), entry);
        }
        assertEquals(java.util.Set.of("elision", "1", "2"), byCores.keySet(), results.toString());

        boolean canPin = Files.isReadable(Path.of("/proc/self/status"))
                && FactoredProfilerTestAccess.tasksetOnPath();
        int allowed = Runtime.getRuntime().availableProcessors();
        for (Map.Entry<String, JsonNode> e : byCores.entrySet()) {
            String cores = e.getKey();
            JsonNode secondary = e.getValue().path("secondaryMetrics");
            JsonNode idle = secondary.path("factored.idle");
            assertFalse(idle.isMissingNode(), "no factored.idle for cores=" + cores + ": " + secondary);
            assertEquals("us/op", idle.path("scoreUnit").asText());
            JsonNode raw = idle.path("rawData");
            assertEquals(1, raw.size(), "one fork");
            assertEquals(3, raw.get(0).size(), "one value per measurement iteration");
            for (JsonNode v : raw.get(0)) {
                assertTrue(v.isNumber() && v.asDouble() >= 0, "idle " + v + " for cores=" + cores);
            }
            double poolOps = secondary.path("factored.poolOps").path("score").asDouble();
            assertEquals(1.0, poolOps, 1e-9, "one pool operation per JMH operation, cores=" + cores);
            int workers = cores.equals("elision") ? 0 : Integer.parseInt(cores);
            assertEquals(workers, secondary.path("factored.workers").path("score").asDouble(), 1e-9);
            double cpus = secondary.path("factored.cpus").path("score").asDouble();
            double pinned = secondary.path("factored.pinned").path("score").asDouble();
            if (canPin) {
                assertEquals(1.0, pinned, "cores=" + cores + " fork was pinned");
                assertEquals(Math.min(Math.max(workers, 1), allowed), cpus, 1e-9, "CPUs of the cores=" + cores + " fork");
            } else {
                assertEquals(0.0, pinned);
            }
            // metrics=analysis (the default): what the fork's CPUs are once a fork, what no reader takes not at all
            assertEquals(1, secondary.path("factored.cpus").path("rawData").get(0).size(), "once a fork: " + cores);
            assertEquals(3, secondary.path("factored.steals").path("rawData").get(0).size(), "per iteration: " + cores);
            assertTrue(secondary.path("factored.tasks").isMissingNode(), "read by no one, published by metrics=all");
        }
        // JMH prints no statistics block for the profiler's metrics, and its own result's block still
        assertFalse(output.contains("Secondary result \"" + TinyBenchmark.class.getName() + ".sum:factored."), output);
        assertTrue(output.contains("Result \"" + TinyBenchmark.class.getName() + ".sum\":"), output);
        // One activity file per pooled fork, one sampled operation per measurement iteration, one lane per worker (the
        // run's host.properties lies beside them).
        Map<String, ActivityLog.Fork> activity = new HashMap<>();
        try (var files = Files.list(dir.resolve("activity"))) {
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith(ActivityLog.SUFFIX)).toList()) {
                ActivityLog.Fork fork = ActivityLog.read(file);
                activity.put(fork.trial().params().get("cores"), fork);
            }
        }
        assertEquals(java.util.Set.of("1", "2"), activity.keySet(), "the elision has no workers to record");
        for (Map.Entry<String, ActivityLog.Fork> e : activity.entrySet()) {
            ActivityLog.Fork fork = e.getValue();
            assertEquals(TinyBenchmark.class.getName() + ".sum", fork.trial().benchmark());
            assertEquals("avgt", fork.trial().mode());
            assertEquals(3, fork.operations().size(), "one per measurement iteration");
            for (ActivityLog.Operation op : fork.operations()) {
                assertEquals(Integer.parseInt(e.getKey()), op.workers());
                assertTrue(op.lanes().stream().anyMatch(lane -> !lane.isEmpty()), "the root's worker was busy");
            }
        }
        if (canPin) {
            assertEquals(1.0, byCores.get("1").path("secondaryMetrics").path("factored.cpus").path("score").asDouble(),
                    "the P = 1 fork must see exactly one CPU");
            assertTrue(output.contains("[factored] " + TinyBenchmark.class.getName() + ".sum cores=2: pinned to CPUs"),
                    output);
        }
        if (allowed >= 2) {
            assertFalse(output.contains("[factored] WARNING"), "unexpected warning in:\n" + output);
        } else {
            // A one-CPU host cannot give cores=2 two CPUs: the fork must say so.
            assertTrue(output.contains("OVERSUBSCRIBED"), output);
        }
    }

    /** metrics=all: every metric in every iteration, as JMH's own results with their statistics blocks. */
    @Test
    void metricsAllPublishesEveryMetricInEveryIteration(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("jmh-result.json");
        System.setProperty("jmh.ignoreLock", "true");
        Options options = new OptionsBuilder()
                .include(TinyBenchmark.class.getName() + ".sum")
                .param("cores", "2")
                .forks(1)
                .warmupIterations(0)
                .measurementIterations(3)
                .measurementTime(TimeValue.milliseconds(100))
                .addProfiler(FactoredProfiler.class, "metrics=all")
                .resultFormat(ResultFormatType.JSON)
                .result(json.toString())
                .shouldFailOnError(true)
                .build();
        String output = runCapturingTheConsole(options);
        JsonNode secondary = new ObjectMapper().readTree(json.toFile()).get(0).path("secondaryMetrics");
        assertTrue(secondary.path("factored.tasks").path("score").asDouble() > 0, "forked tasks per op");
        assertEquals(3, secondary.path("factored.cpus").path("rawData").get(0).size(), "every iteration");
        assertTrue(output.contains("Secondary result \"" + TinyBenchmark.class.getName() + ".sum:factored.tasks\":"),
                output);
    }

    /** Runs JMH, returning what it printed to the console (which still gets it). */
    private static String runCapturingTheConsole(Options options) throws Exception {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        PrintStream console = System.out;
        System.setOut(new PrintStream(new TeeStream(console, log), true, StandardCharsets.UTF_8));
        try {
            new Runner(options).run();
        } finally {
            System.setOut(console);
        }
        return log.toString(StandardCharsets.UTF_8);
    }

    /** Copies what JMH prints to the console into a buffer, so the test can read the profiler's log. */
    static final class TeeStream extends java.io.OutputStream {
        private final java.io.OutputStream a;
        private final java.io.OutputStream b;

        TeeStream(java.io.OutputStream a, java.io.OutputStream b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public void write(int c) throws java.io.IOException {
            a.write(c);
            b.write(c);
        }

        @Override
        public void write(byte[] buf, int off, int len) throws java.io.IOException {
            a.write(buf, off, len);
            b.write(buf, off, len);
        }

        @Override
        public void flush() throws java.io.IOException {
            a.flush();
            b.flush();
        }
    }
}
