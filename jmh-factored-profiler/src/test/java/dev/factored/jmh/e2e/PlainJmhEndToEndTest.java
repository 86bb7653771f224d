package dev.factored.jmh.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Adoption breaks nothing (issue 18): the OpenJDK shapes of {@link ExistingCodeBenchmark} (a pool made in
 * {@code @Setup}, a task invoked from outside a pool through cores.call, a parallel stream) run under plain JMH,
 * in real forks WITHOUT the profiler, and compute the right sum (a wrong one fails the run); each fork says once
 * that nothing is measured.
 */
class PlainJmhEndToEndTest {

    private static final String LINE = "[factored] nothing is measured in this JVM";

    @Test
    void adoptedCodeRunsUnderPlainJmh() throws Exception {
        System.setProperty("jmh.ignoreLock", "true");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Collection<RunResult> results = run(shortRun().include(ExistingCodeBenchmark.class.getName())
                .param("cores", "baseline", "4").build(), log);
        String output = log.toString(StandardCharsets.UTF_8);
        assertEquals(6, results.size(), output);
        for (RunResult r : results) {
            assertFalse(Double.isNaN(r.getPrimaryResult().getScore()), r.getParams().getBenchmark());
            assertFalse(r.getSecondaryResults().keySet().stream().anyMatch(k -> k.startsWith("factored.")),
                    "no profiler, no factored metrics");
        }
        // Every fork makes its pool in @Setup: one line each, never one per operation.
        assertEquals(6, output.split(java.util.regex.Pattern.quote(LINE), -1).length - 1, output);
    }

    /**
     * Under the profiler a benchmark without a cores param is named as that (by the host, on its own line), and its
     * fork does not claim that the profiler was missing or that -f 0 was given.
     */
    @Test
    void aBenchmarkWithoutCoresUnderTheProfilerIsNamedAsThat() throws Exception {
        System.setProperty("jmh.ignoreLock", "true");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        assertEquals(1, run(shortRun().include(NoCoresBenchmark.class.getName())
                .addProfiler(dev.factored.jmh.FactoredProfiler.class).build(), log).size());
        String output = log.toString(StandardCharsets.UTF_8);
        assertTrue(output.contains(NoCoresBenchmark.class.getName() + ".sum has no 'cores' parameter"), output);
        assertFalse(output.contains(LINE), output);
    }

    /** One fork, one short warmup and measurement iteration, C1 only (nothing here is timed), failing on error. */
    private static org.openjdk.jmh.runner.options.ChainedOptionsBuilder shortRun() {
        return new OptionsBuilder()
                .forks(1)
                .warmupIterations(1)
                .warmupTime(TimeValue.milliseconds(100))
                .measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(100))
                .jvmArgsAppend("-XX:TieredStopAtLevel=1")
                .shouldFailOnError(true);
    }

    /** Runs JMH in this JVM (its forks are real), the console copied into {@code log}. */
    private static Collection<RunResult> run(Options options, ByteArrayOutputStream log) throws Exception {
        PrintStream console = System.out;
        System.setOut(new PrintStream(new FactoredProfilerEndToEndTest.TeeStream(console, log), true, StandardCharsets.UTF_8));
        try {
            return new Runner(options).run();
        } finally {
            System.setOut(console);
        }
    }
}
