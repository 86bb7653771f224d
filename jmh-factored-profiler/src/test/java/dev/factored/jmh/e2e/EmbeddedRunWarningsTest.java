package dev.factored.jmh.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.jmh.FactoredProfiler;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * A {@code -f 0} run (in this JVM, so no pinning is possible) with two JMH threads, an oversubscribed
 * P and a benchmark that never uses its pool: each gets its warning, and idle is left out where it
 * could not be measured.
 */
class EmbeddedRunWarningsTest {

    @Test
    void misleadingSetupsAreReported() throws Exception {
        System.setProperty("jmh.ignoreLock", "true");
        int tooMany = Runtime.getRuntime().availableProcessors() + 1;
        Options options = new OptionsBuilder()
                .include(TinyBenchmark.class.getName() + ".(sum|unused)")
                .param("cores", "elision", Integer.toString(tooMany))
                .forks(0)
                .threads(2)
                .warmupIterations(1)
                .warmupTime(TimeValue.milliseconds(100))
                .measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(100))
                .addProfiler(FactoredProfiler.class)
                .shouldFailOnError(true)
                .build();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        PrintStream console = System.out;
        Collection<RunResult> results;
        System.setOut(new PrintStream(log, true, StandardCharsets.UTF_8));
        try {
            results = new Runner(options).run();
        } finally {
            System.setOut(console);
        }
        String output = log.toString(StandardCharsets.UTF_8);
        console.println(output);

        assertTrue(output.contains("[factored] WARNING: this JVM was not started by the FactoredProfiler"), output);
        assertTrue(output.contains("runs with 2 JMH threads on the FactoredPool"), output);
        assertTrue(output.contains("cores=" + tooMany + ": OVERSUBSCRIBED, " + tooMany + " workers"), output);
        assertTrue(output.contains("unused cores=elision ran no operation on a FactoredPool"), output);
        assertTrue(output.contains("unused cores=" + tooMany + " ran no operation on a FactoredPool"), output);

        assertEquals(4, results.size());
        for (RunResult run : results) {
            String method = run.getParams().getBenchmark();
            Map<String, Result> secondary = run.getSecondaryResults();
            assertEquals(0.0, secondary.get("factored.pinned").getScore(), "no pinning without a fork");
            if (method.endsWith(".unused")) {
                assertFalse(secondary.containsKey("factored.idle"), "idle of an unused pool is not a measurement");
                assertEquals(0.0, secondary.get("factored.poolOps").getScore());
            }
        }
    }
}
