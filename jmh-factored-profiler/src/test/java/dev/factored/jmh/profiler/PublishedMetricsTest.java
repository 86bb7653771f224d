package dev.factored.jmh.profiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.contract.ProfilerMetrics;
import dev.factored.forkjoin.accounting.PoolStats.Counts;
import dev.factored.forkjoin.accounting.PoolStats.Times;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.options.TimeValue;

class PublishedMetricsTest {

    private static final IterationParams WARMUP = new IterationParams(IterationType.WARMUP, 1,
            TimeValue.milliseconds(10), 1);
    private static final IterationParams MEASUREMENT = new IterationParams(IterationType.MEASUREMENT, 3,
            TimeValue.milliseconds(10), 1);

    /** An iteration of a pinned P = 2 fork as the profiler measures it, with what its CPUs and the machine are. */
    private static List<ScalarResult> iteration() {
        var delta = IterationMetricsTest.pooled(new Counts(4, 0, 0, 0, 12, 400),
                new Times(80_000_000, 150_000_000, 10_000_000), 2);
        List<ScalarResult> results = new ArrayList<>(IterationMetrics.of(delta, 4, TimeUnit.MILLISECONDS,
                dev.factored.contract.CoresValue.parse("2"), 2, true, true).results());
        for (String label : List.of(ProfilerMetrics.PHYSICAL_CORES, ProfilerMetrics.MACHINE_CPUS,
                ProfilerMetrics.INTERFERENCE, ProfilerMetrics.INTERFERENCE_SHARE, ProfilerMetrics.INTERFERENCE_READING,
                ProfilerMetrics.RUN_DELAY)) {
            results.add(new ScalarResult(label, 2, "#", AggregationPolicy.AVG));
        }
        return results;
    }

    private static Map<String, Double> scores(List<Result> results) {
        Map<String, Double> map = new TreeMap<>();
        results.forEach(r -> map.put(r.getLabel(), r.getScore()));
        return map;
    }

    @Test
    void analysisKeepsWhatTheAnalysisReadsAndSaysWhatTheCpusAreOnceAFork() throws Exception {
        PublishedMetrics published = new PublishedMetrics(PublishedMetrics.Choice.ANALYSIS);
        BenchmarkParams trial = null; // one trial: the same (here absent) params object in every iteration
        List<Result> warmup = published.of(trial, WARMUP, iteration());
        List<Result> first = published.of(trial, MEASUREMENT, iteration());
        List<Result> second = published.of(trial, MEASUREMENT, iteration());

        assertEquals(List.of("factored.idle", "factored.interferenceReading", "factored.poolOps", "factored.steals",
                "factored.workers"), List.copyOf(scores(warmup).keySet()), "per iteration only");
        assertEquals(List.of("factored.cpus", "factored.idle", "factored.interferenceReading", "factored.machine.cpus",
                "factored.physicalCores", "factored.pinnable", "factored.pinned", "factored.poolOps", "factored.steals",
                "factored.workers"), List.copyOf(scores(first).keySet()), "the per-fork ones in the first measurement");
        assertEquals(scores(warmup).keySet(), scores(second).keySet());
        assertEquals(2.5, scores(first).get("factored.idle"), 1e-12, "the numbers as measured");
        for (Result r : first) {
            assertTrue(r instanceof QuietResult, r.getLabel());
            assertEquals("", r.extendedInfo(), "no statistics block");
        }
        // JMH's aggregation of the quiet results: the same mean as its own would give
        Result aggregated = aggregate(first.get(0), List.of(first.get(0), second.get(0)));
        assertEquals(first.get(0).getScore(), aggregated.getScore(), 1e-12);
        assertTrue(aggregated instanceof QuietResult);
        assertEquals(2, aggregated.getSampleCount());
    }

    @Test
    void allKeepsEveryMetricInEveryIterationAsJmhsOwn() {
        PublishedMetrics published = new PublishedMetrics(PublishedMetrics.Choice.ALL);
        List<ScalarResult> iteration = iteration();
        List<Result> first = published.of(null, MEASUREMENT, iteration);
        List<Result> second = published.of(null, MEASUREMENT, iteration());
        assertEquals(iteration.size(), first.size());
        assertEquals(iteration.size(), second.size());
        assertTrue(first.stream().allMatch(r -> r instanceof ScalarResult));
        assertTrue(scores(first).containsKey(ProfilerMetrics.TASKS));
    }

    /** Result's aggregators are protected: the test reaches them as JMH's own package would. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Result aggregate(Result any, List<Result> parts) throws Exception {
        java.lang.reflect.Method m = Result.class.getDeclaredMethod("getIterationAggregator");
        m.setAccessible(true);
        org.openjdk.jmh.results.Aggregator aggregator = (org.openjdk.jmh.results.Aggregator) m.invoke(any);
        return aggregator.aggregate(parts);
    }
}
