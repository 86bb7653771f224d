package dev.factored.jmh.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.factored.analysis.AnalysisOptions;
import dev.factored.analysis.FactoredAnalysis;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.finding.Finding;
import dev.factored.jmh.FactoredProfiler;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * The JDK's parallel APIs in real JMH forks with the profiler (issue 25, item 5), at baseline, 1 and 2 cores. Each:
 * no failure (every operation checks its result and the run fails on error), more than one thread ran at P = 2
 * ({@code factored.threads}), idle estimated at P = 1 and 2, and the analysis names only causes that were measured:
 * no "one thread", no "pool unused", and none of the causes whose measurements this run does not take (span,
 * bandwidth test). Then issue 25's "done when" programs: {@code Arrays.parallelSort} of 3M longs speeds up by 1.3x
 * or more at P = 2 (on the fastest iteration of each, which a neighbour can only slow), and a CompletableFuture
 * fan-out on {@code Cores.forkJoinPool()} gets an idle estimate wrapped in {@code cores.call} and unwrapped.
 * Wrapped against unwrapped is checked here only against 10 % (two forks); the 3 % bar is shown paired in one JVM by
 * {@code benchmarks/WrapOverheadPaired}. The two timing checks are judged only when the profiler measured the
 * machine quiet for the forks they compare (other processes took under {@value #QUIET} of their CPUs'
 * time): beside other builds a fork pinned to 2 CPUs gets much less than 2 CPUs, and no speedup can be read from
 * it; then they are skipped with the figures, never passed.
 */
class JdkParallelMatrixTest {

    static final double QUIET = 0.10;

    private static final Set<String> UNMEASURED_CAUSES = Set.of("low-parallelism", "low-burdened-parallelism",
            "short-strands", "memory-bandwidth", "inflation-not-bandwidth", "one-thread");

    @Test
    void everyJdkParallelApiRunsInParallelAndIsMeasured(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("jmh-result.json");
        run(JdkParallelBenchmark.class.getName() + "|" + DoneWhenBenchmark.class.getName(), json);
        JsonNode results = new ObjectMapper().readTree(json.toFile());
        Map<String, JsonNode> byName = new HashMap<>();
        for (JsonNode entry : results) {
            String benchmark = entry.path("benchmark").asText();
            byName.put(benchmark.substring(benchmark.lastIndexOf('.') + 1) + "@"
                    + entry.path("params").path("cores").asText(), entry);
        }
        List<String> methods = List.of("parallelSort", "parallelPrefix", "parallelSetAll", "intStream",
                "collectionStream", "completableFutures", "commonPoolInvoke", "invokeAll", "fanOutUnwrapped",
                "fanOutWrapped", "sort3M");
        StringBuilder table = new StringBuilder(String.format(Locale.ROOT, "%-20s %9s %9s %7s %8s %9s %7s  %s%n",
                "benchmark", "T_1 ms", "T_2 ms", "T1/T2", "threads", "idle2 ms", "others",
                "off-CPU at 2: no work / result / blocked"));
        List<String> failures = new ArrayList<>();
        for (String m : methods) {
            for (String cores : List.of("baseline", "1", "2")) {
                if (!byName.containsKey(m + "@" + cores)) {
                    failures.add(m + " did not run at cores=" + cores);
                }
            }
            JsonNode one = byName.get(m + "@1");
            JsonNode two = byName.get(m + "@2");
            if (one == null || two == null) {
                continue;
            }
            double threads = secondary(two, "factored.threads");
            double noWork = secondary(two, "factored.waitingForWork");
            double result = secondary(two, "factored.waitingInJoin");
            double blocked = secondary(two, "factored.blocked");
            table.append(String.format(Locale.ROOT, "%-20s %9.3f %9.3f %7.2f %8.2f %9.3f %6.0f%%  %.2f / %.2f / %.2f%n",
                    m, fastest(one), fastest(two), fastest(one) / fastest(two), threads,
                    secondary(two, "factored.idle"), 100 * Math.max(others(one), others(two)), noWork, result, blocked));
            if (!(Math.abs(noWork + result + blocked - 1) < 1e-6)) {
                failures.add(m + ": the looks at the threads off the CPU at cores=2 are missing or do not add up: "
                        + noWork + " / " + result + " / " + blocked);
            }
            if (!(threads > 1.5)) {
                failures.add(m + ": " + threads + " threads ran at cores=2");
            }
            for (JsonNode e : List.of(one, two)) {
                if (Double.isNaN(secondary(e, "factored.idle")) || !(secondary(e, "factored.estimated") > 0)) {
                    failures.add(m + ": no estimated idle at cores=" + e.path("params").path("cores").asText());
                }
            }
        }
        Analysis analysis = FactoredAnalysis.analyze(json, AnalysisOptions.DEFAULT);
        for (FamilyAnalysis f : analysis.families()) {
            String m = f.id().benchmark().substring(f.id().benchmark().lastIndexOf('.') + 1);
            for (Finding finding : f.explanation().findings()) {
                if (UNMEASURED_CAUSES.contains(finding.kind()) || finding.kind().equals("pool-unused")
                        || finding.text().contains("sequential code")) {
                    failures.add(m + ": " + finding.kind() + ": " + finding.text());
                }
            }
            assertEquals("estimated", f.idleSource(), m);
        }
        double sortRatio = fastest(byName.get("sort3M@1")) / fastest(byName.get("sort3M@2"));
        double wrapped = fastest(byName.get("fanOutWrapped@2")) / fastest(byName.get("fanOutUnwrapped@2"));
        table.append(String.format(Locale.ROOT, "sort3M T_1/T_2 %.2f; fan-out wrapped/unwrapped T_2 %.3f%n",
                sortRatio, wrapped));
        System.out.print("[jdk matrix]\n" + table);
        assertTrue(failures.isEmpty(), failures + "\n" + table);
        assertFalse(byName.isEmpty());
        boolean sortQuiet = quiet(byName.get("sort3M@1"), byName.get("sort3M@2"));
        if (sortQuiet) {
            assertTrue(sortRatio >= 1.3, "Arrays.parallelSort of 3M longs: T_1/T_2 = " + sortRatio + "\n" + table);
        }
        // The wrapped and unwrapped fan-outs are one fork each, and a fork's mean at P = 2 moves by 5-30 % from one
        // JVM to the next on this VM (the example suite's measure): two forks cannot judge a few per cent, so the
        // ratio is printed only; WrapOverheadPaired (module benchmarks) measures it paired in one JVM.
        assumeTrue(sortQuiet, "the machine was busy (other processes took " + QUIET * 100
                + " % or more of a compared fork's CPUs): the timing check was not judged\n" + table);
    }

    /** The share of the fork's CPUs' time that other processes took, the largest over its iterations; 0 unmeasured. */
    private static double others(JsonNode entry) {
        JsonNode m = entry.path("secondaryMetrics").path("factored.interferenceReading");
        double max = 0;
        for (JsonNode fork : m.path("rawData")) {
            for (JsonNode v : fork) {
                max = Math.max(max, v.asDouble());
            }
        }
        return max;
    }

    private static boolean quiet(JsonNode a, JsonNode b) {
        return others(a) < QUIET && others(b) < QUIET;
    }

    private static void run(String include, Path json) throws Exception {
        System.setProperty("jmh.ignoreLock", "true");
        Options options = new OptionsBuilder()
                .include(include)
                .param("cores", "baseline", "1", "2")
                .forks(1) // warm-up and measurement: the benchmarks' own (short, but the sort's 300 ms + 3 x 200 ms)
                .addProfiler(FactoredProfiler.class)
                .resultFormat(ResultFormatType.JSON)
                .result(json.toString())
                .shouldFailOnError(true)
                .build();
        new Runner(options).run();
    }

    /** The fastest iteration's time: a neighbour on the machine only lengthens one. */
    private static double fastest(JsonNode entry) {
        double min = Double.POSITIVE_INFINITY;
        for (JsonNode fork : entry.path("primaryMetric").path("rawData")) {
            for (JsonNode v : fork) {
                min = Math.min(min, v.asDouble());
            }
        }
        return min;
    }

    /**
     * The mean over the iterations that published the metric, as the analysis reads it: JMH's score divides by every
     * iteration, so the off-CPU shares, absent in an iteration whose looks found no thread off the CPU, summed to 0.667
     * in a busy run where one iteration in three had none.
     */
    private static double secondary(JsonNode entry, String label) {
        JsonNode m = entry.path("secondaryMetrics").path(label);
        if (m.isMissingNode()) {
            return Double.NaN;
        }
        double sum = 0;
        int n = 0;
        for (JsonNode fork : m.path("rawData")) {
            for (JsonNode v : fork) {
                sum += v.asDouble();
                n++;
            }
        }
        return n == 0 ? m.path("score").asDouble() : sum / n;
    }
}
