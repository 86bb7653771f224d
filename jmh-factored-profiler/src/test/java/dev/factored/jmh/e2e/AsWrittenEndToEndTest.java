package dev.factored.jmh.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.jmh.Cores;
import dev.factored.jmh.FactoredProfiler;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.junit.jupiter.api.Test;

/**
 * Adoption changes nothing until factored runs it (issue 33): an adopted suite run plainly, without {@code -p cores}
 * and without the profiler ({@code java -jar benchmarks.jar}), runs one fork per combination of the benchmarks' own
 * params, as before the change, and JMH's output holds no line of the tool. The benchmarks are both shapes: the
 * OpenJDK ones adopted without a rewrite ({@link ExistingCodeBenchmark}) and a FactoredTask ({@link TinyBenchmark}).
 */
class AsWrittenEndToEndTest {

    private static final String TOOL = "[factored]";

    @Test
    void aPlainRunTakesOneForkPerOwnParamCombinationAndSaysNothing() throws Exception {
        System.setProperty("jmh.ignoreLock", "true");
        Options options = shortRun()
                .include(Pattern.quote(ExistingCodeBenchmark.class.getName()) + "\\.")
                .include(Pattern.quote(TinyBenchmark.class.getName() + ".sum") + "$")
                .param("size", "1000", "2000") // TinyBenchmark's own param, two values
                .build();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Collection<RunResult> results = run(options, log);
        String output = log.toString(StandardCharsets.UTF_8);

        assertEquals(ownParamCombinations(options), results.size(), output);
        assertEquals(5, results.size(), "3 ExistingCodeBenchmark methods, TinyBenchmark.sum at 2 sizes: " + output);
        for (RunResult r : results) {
            assertEquals(Cores.AS_WRITTEN, r.getParams().getParam("cores"), r.getParams().getBenchmark());
            assertFalse(Double.isNaN(r.getPrimaryResult().getScore()), r.getParams().getBenchmark());
        }
        assertFalse(output.contains(TOOL), "no line of the tool in a plain run:\n" + output);
    }

    /**
     * With the profiler but without {@code -p cores} the fork runs as written, unpinned, and says how to give the
     * configurations (the analysis refuses the value).
     */
    @Test
    void underTheProfilerWithoutConfigurationsTheForkSaysHowToGiveThem() throws Exception {
        System.setProperty("jmh.ignoreLock", "true");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Collection<RunResult> results = run(shortRun()
                .include(Pattern.quote(TinyBenchmark.class.getName() + ".sum") + "$")
                .addProfiler(FactoredProfiler.class).build(), log);
        String output = log.toString(StandardCharsets.UTF_8);
        assertEquals(1, results.size(), output);
        assertTrue(output.contains(TOOL + " cores=" + Cores.AS_WRITTEN + " (the Cores state's default: no -p cores "
                + "was given) runs the benchmark as written, unpinned"), output);
        assertFalse(output.contains("pinned to CPUs"), output);
    }

    /** The forks JMH runs for these options when {@code cores} adds none: the product of each own param's values. */
    private static int ownParamCombinations(Options options) {
        int forks = 0;
        for (BenchmarkListEntry entry : BenchmarkList.defaultList().find(
                OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT), options.getIncludes(),
                List.of())) {
            int combinations = 1;
            for (Map.Entry<String, String[]> param : entry.getParams().orElse(Map.of()).entrySet()) {
                if (!param.getKey().equals("cores")) {
                    var given = options.getParameter(param.getKey()); // -p replaces the annotation's values
                    combinations *= given.hasValue() ? given.get().size() : param.getValue().length;
                }
            }
            forks += combinations;
        }
        return forks;
    }

    /** One fork, one short warmup and measurement iteration, C1 only (nothing here is timed), failing on error. */
    private static ChainedOptionsBuilder shortRun() {
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
        System.setOut(new PrintStream(new FactoredProfilerEndToEndTest.TeeStream(console, log), true,
                StandardCharsets.UTF_8));
        try {
            return new Runner(options).run();
        } finally {
            System.setOut(console);
        }
    }
}
