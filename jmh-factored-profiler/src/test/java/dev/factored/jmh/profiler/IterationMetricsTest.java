package dev.factored.jmh.profiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.contract.CoresValue;
import dev.factored.forkjoin.accounting.PoolStats;
import dev.factored.forkjoin.accounting.PoolStats.Counts;
import dev.factored.forkjoin.accounting.PoolStats.Times;
import dev.factored.forkjoin.accounting.SpanStats;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

class IterationMetricsTest {

    private static Map<String, Result<?>> byLabel(IterationMetrics.Metrics m) {
        Map<String, Result<?>> map = new LinkedHashMap<>();
        m.results().forEach(r -> map.put(r.getLabel(), r));
        return map;
    }

    /** Result keeps its policy in a protected field without a getter. */
    private static Object policyOf(Result<?> result) {
        try {
            java.lang.reflect.Field f = Result.class.getDeclaredField("policy");
            f.setAccessible(true);
            return f.get(result);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void theJitsCompileTimeIsAShareOfTheIterationAndAbsentWhereTheJvmDoesNotTimeIt() {
        // 50 ms of compiling in a 200 ms iteration: a quarter of it; a JVM that does not time compiles says nothing
        Map<String, Double> timed = new LinkedHashMap<>();
        for (ScalarResult r : IterationMetrics.jvm(new JvmActivity.Delta(0, 0, 50_000_000L), PoolStats.ZERO, 10, TimeUnit.MILLISECONDS,
                200_000_000L, 0)) {
            timed.put(r.getLabel(), r.getScore());
        }
        assertEquals(0.25, timed.get("factored.jit"), 1e-12);
        for (ScalarResult r : IterationMetrics.jvm(new JvmActivity.Delta(0, 0, -1), PoolStats.ZERO, 10, TimeUnit.MILLISECONDS,
                200_000_000L, 0)) {
            assertTrue(!r.getLabel().equals("factored.jit"), "no JIT share without the JVM's timing");
        }
    }

    @Test
    void aSystemGcOutsideTheMeasuredOperationsIsNotTheirs() {
        // 10 operations of 2 ms in a 200 ms iteration: 180 ms JMH did not measure; 90 ms of pauses, 80 of them
        // System.gc() (a Level.Invocation teardown's): 10 ms are the operations', 1 ms each
        JvmActivity.Delta teardown = new JvmActivity.Delta(90_000_000L, 0, -1, 80_000_000L);
        assertEquals(1.0, gc(IterationMetrics.jvm(teardown, PoolStats.ZERO, 10, TimeUnit.MILLISECONDS, 200_000_000L,
                180_000_000L)), 1e-9);
        // the operations call System.gc() themselves and fill the iteration: their pauses stay theirs, all but what
        // the 2 ms JMH did not measure could hold
        JvmActivity.Delta own = new JvmActivity.Delta(90_000_000L, 0, -1, 90_000_000L);
        assertEquals(8.8, gc(IterationMetrics.jvm(own, PoolStats.ZERO, 10, TimeUnit.MILLISECONDS, 200_000_000L,
                2_000_000L)), 1e-9);
        // no notifications: nothing is left out
        assertEquals(9.0, gc(IterationMetrics.jvm(new JvmActivity.Delta(90_000_000L, 0, -1, -1), PoolStats.ZERO, 10,
                TimeUnit.MILLISECONDS, 200_000_000L, 180_000_000L)), 1e-9);
        assertEquals(2_000_000L, IterationMetrics.measuredNanos(org.openjdk.jmh.annotations.Mode.AverageTime, 0.2, 10,
                TimeUnit.MILLISECONDS));
        assertEquals(2_000_000L, IterationMetrics.measuredNanos(org.openjdk.jmh.annotations.Mode.Throughput, 5, 10,
                TimeUnit.MILLISECONDS));
    }

    private static double gc(java.util.List<ScalarResult> results) {
        return results.stream().filter(r -> r.getLabel().equals("factored.gc")).findFirst().orElseThrow().getScore();
    }

    @Test
    void perOperationInTheBenchmarksUnit() {
        // 4 operations on 2 workers: 10 ms idle, 12 steals, 400 forks in all.
        PoolStats delta = pooled(new Counts(4, 0, 0, 0, 12, 400), new Times(80_000_000, 150_000_000, 10_000_000),
                2);
        IterationMetrics.Metrics m = IterationMetrics.of(delta, 4, TimeUnit.MILLISECONDS,
                CoresValue.parse("2"), 2, true, true);
        Map<String, Result<?>> r = byLabel(m);
        assertEquals(java.util.List.of("factored.idle", "factored.workers", "factored.cpus", "factored.pinned", "factored.pinnable",
                "factored.steals", "factored.tasks", "factored.poolOps"), java.util.List.copyOf(r.keySet()));
        assertEquals(2.5, r.get("factored.idle").getScore(), 1e-12);
        assertEquals("ms/op", r.get("factored.idle").getScoreUnit());
        assertEquals(2.0, r.get("factored.workers").getScore());
        assertEquals("workers", r.get("factored.workers").getScoreUnit());
        assertEquals(2.0, r.get("factored.cpus").getScore());
        assertEquals(1.0, r.get("factored.pinned").getScore());
        assertEquals(3.0, r.get("factored.steals").getScore());
        assertEquals(100.0, r.get("factored.tasks").getScore());
        assertEquals(1.0, r.get("factored.poolOps").getScore());
        assertEquals("#/op", r.get("factored.poolOps").getScoreUnit());
        for (ScalarResult x : m.results()) {
            assertEquals(AggregationPolicy.AVG, policyOf(x), x.getLabel());
        }
        assertNull(m.idleMissingBecause());

        // The same in microseconds, and per JMH operation when each makes two pool operations.
        Map<String, Result<?>> us = byLabel(IterationMetrics.of(delta, 2, TimeUnit.MICROSECONDS,
                CoresValue.parse("2"), 2, false, true));
        assertEquals(5_000.0, us.get("factored.idle").getScore(), 1e-9);
        assertEquals("us/op", us.get("factored.idle").getScoreUnit());
        assertEquals(2.0, us.get("factored.poolOps").getScore());
        assertEquals(0.0, us.get("factored.pinned").getScore());
        assertEquals("s/op", byLabel(IterationMetrics.of(delta, 2, TimeUnit.SECONDS,
                CoresValue.parse("2"), 2, false, true)).get("factored.idle").getScoreUnit());
    }

    @Test
    void elisionAndBaselineHaveNoWorkersAndNoIdle() {
        PoolStats elision = pooled(new Counts(10, 10, 0, 0, 0, 0), Times.ZERO, 0);
        Map<String, Result<?>> e = byLabel(IterationMetrics.of(elision, 10, TimeUnit.NANOSECONDS,
                CoresValue.parse("elision"), 1, true, true));
        assertEquals(0.0, e.get("factored.idle").getScore());
        assertEquals(0.0, e.get("factored.workers").getScore());
        assertEquals(1.0, e.get("factored.poolOps").getScore());

        Map<String, Result<?>> b = byLabel(IterationMetrics.of(PoolStats.ZERO, 10, TimeUnit.NANOSECONDS,
                CoresValue.parse("baseline"), 1, true, true));
        assertEquals(0.0, b.get("factored.idle").getScore(), "no pool, no idle");
        assertEquals(0.0, b.get("factored.poolOps").getScore());
    }

    /** Under baseline the profiler says whether the baseline branch runs through Cores.baseline (it can run copies). */
    @Test
    void baselineSaysWhetherItRanThroughCoresBaseline() {
        CoresValue baseline = CoresValue.parse("baseline");
        Map<String, Result<?>> direct = byLabel(IterationMetrics.of(PoolStats.ZERO, SpanStats.ZERO, 0, 10,
                TimeUnit.NANOSECONDS, baseline, 1, true, true));
        assertEquals(0.0, direct.get("factored.copies").getScore(), "return sequential(...): no copy through it");
        Map<String, Result<?>> through = byLabel(IterationMetrics.of(PoolStats.ZERO, SpanStats.ZERO, 10, 10,
                TimeUnit.NANOSECONDS, baseline, 1, true, true));
        assertEquals(1.0, through.get("factored.copies").getScore(), "cores.baseline(copy -> ...): one a call");
        assertTrue(!byLabel(IterationMetrics.of(PoolStats.ZERO, SpanStats.ZERO, 20, 10, TimeUnit.NANOSECONDS,
                CoresValue.parse("bandwidth-2"), 2, true, true)).containsKey("factored.copies"),
                "bandwidth-P says its copies in factored.workers");
    }

    @Test
    void idleIsMissingWhenItCannotBeMeasured() {
        IterationMetrics.Metrics unused = IterationMetrics.of(PoolStats.ZERO, 10, TimeUnit.NANOSECONDS,
                CoresValue.parse("2"), 2, true, true);
        assertTrue(!byLabel(unused).containsKey("factored.idle"));
        assertTrue(unused.idleMissingBecause().contains("no operation"), unused.idleMissingBecause());
        assertEquals(2.0, byLabel(unused).get("factored.workers").getScore(), "the configuration's P");
        assertEquals(0.0, byLabel(unused).get("factored.poolOps").getScore());

        PoolStats overlapping = pooled(new Counts(4, 0, 3, 0, 0, 0), new Times(80, 150, 10), 2);
        IterationMetrics.Metrics concurrent = IterationMetrics.of(overlapping, 4, TimeUnit.NANOSECONDS,
                CoresValue.parse("2"), 2, true, true);
        assertTrue(!byLabel(concurrent).containsKey("factored.idle"));
        assertTrue(concurrent.idleMissingBecause().contains("overlapped"), concurrent.idleMissingBecause());

        assertThrows(IllegalArgumentException.class, () -> IterationMetrics.of(PoolStats.ZERO, 0,
                TimeUnit.NANOSECONDS, null, 1, false, true));
    }

    @Test
    void spanRunsReportWorkSpanAndBurdenPerOperation() {
        // 2 span operations: 8 ms of work, 2 ms of span, 3 ms burdened, 100 spawns and 301 strands in all
        PoolStats delta = pooled(new Counts(2, 2, 0, 0, 0, 0), Times.ZERO, 0);
        SpanStats span = new SpanStats(2, 8e6, 2e6, 3e6, 100, 301, 15_000, 25, 2);
        Map<String, Result<?>> r = byLabel(IterationMetrics.of(delta, span, 2, TimeUnit.MILLISECONDS,
                CoresValue.SPAN_VALUE, 1, true, true));
        assertEquals(4.0, r.get("factored.work").getScore(), 1e-12);
        assertEquals("ms/op", r.get("factored.work").getScoreUnit());
        assertEquals(1.0, r.get("factored.span").getScore(), 1e-12);
        assertEquals(1.5, r.get("factored.burdenedSpan").getScore(), 1e-12);
        assertEquals(50.0, r.get("factored.spawns").getScore(), 1e-12);
        assertEquals(150.5, r.get("factored.strands").getScore(), 1e-12);
        assertEquals(15_000.0, r.get("factored.burden").getScore(), 1e-12);
        assertEquals("ns", r.get("factored.burden").getScoreUnit());
        assertEquals(25.0, r.get("factored.clockCost").getScore(), 1e-12);
        // no span operation: no span metrics
        assertNull(byLabel(IterationMetrics.of(delta, SpanStats.ZERO, 2, TimeUnit.MILLISECONDS,
                CoresValue.ELISION_VALUE, 1, true, true)).get("factored.work"));
    }

    /**
     * Code that hands tasks to Cores.forkJoinPool() without cores.call (issue 25, item 3): no pool operation, but the
     * measured pool's workers ran, so the idle time is estimated over the iteration, P·wall − their CPU time, and
     * the threads that ran are evidence.
     */
    @Test
    void unwrappedWorkOnAMeasuredPoolIsEstimatedOverTheIteration() {
        // 1 s iteration, 2 workers ran 0.9 s and 0.7 s; 100 JMH operations.
        IterationMetrics.Threads threads = new IterationMetrics.Threads(java.util.List.of(900_000_000L, 700_000_000L),
                false, 1_600_000_000L, 1_000_000_000L);
        IterationMetrics.Metrics m = IterationMetrics.of(PoolStats.ZERO, SpanStats.ZERO, 0, null, threads, 100,
                TimeUnit.MILLISECONDS, CoresValue.parse("2"), 2, true, true);
        Map<String, Result<?>> r = byLabel(m);
        assertNull(m.idleMissingBecause());
        assertEquals(4.0, r.get("factored.idle").getScore(), 1e-9, "(2 · 1 s − 1.6 s) / 100 ops");
        assertEquals(1.0, r.get("factored.estimated").getScore());
        assertEquals(2.0, r.get("factored.workers").getScore());
        assertEquals(0.0, r.get("factored.poolOps").getScore());
        assertEquals(2.0, r.get("factored.threads").getScore());
        assertEquals(0.5625, r.get("factored.busiestShare").getScore(), 1e-12);
        assertEquals(0.0, r.get("factored.callerShare").getScore());
    }

    /** A parallel sort that the JDK ran in the caller: one thread ran, and it was the caller. */
    @Test
    void oneThreadRanAndItWasTheCaller() {
        PoolStats delta = pooled(new Counts(10, 0, 0, 10, 0, 0),
                new Times(1_000_000_000, 1_000_000_000, 1_000_000_000), 2);
        IterationMetrics.Threads threads = new IterationMetrics.Threads(java.util.List.of(1_000_000_000L, 2_000_000L),
                true, 0, 1_000_000_000L);
        Map<String, Result<?>> r = byLabel(IterationMetrics.of(delta, SpanStats.ZERO, 0, null, threads, 10,
                TimeUnit.MILLISECONDS, CoresValue.parse("2"), 2, true, true));
        assertEquals(1.0, r.get("factored.threads").getScore(), "a worker with 0.2 % of the CPU time did not run it");
        assertEquals(1_000 / 1_002.0, r.get("factored.busiestShare").getScore(), 1e-12);
        assertEquals(1_000 / 1_002.0, r.get("factored.callerShare").getScore(), 1e-12);
        assertEquals(100.0, r.get("factored.idle").getScore(), 1e-9);
    }

    /** Without an operation and without a measured pool's work there is still no idle, and no thread metrics. */
    @Test
    void nothingRanNothingIsEstimated() {
        IterationMetrics.Metrics m = IterationMetrics.of(PoolStats.ZERO, SpanStats.ZERO, 0, null,
                IterationMetrics.Threads.NONE, 100, TimeUnit.MILLISECONDS, CoresValue.parse("2"), 2, true, true);
        Map<String, Result<?>> r = byLabel(m);
        assertTrue(m.idleMissingBecause() != null);
        assertNull(r.get("factored.idle"));
        assertNull(r.get("factored.threads"));
    }

    /**
     * /proc/stat's ticks make a quiet fork's reading fall below 0 as often as above: the share the profiler publishes
     * stays a share, the signed reading beside it keeps the unbiased mean the analysis takes.
     */
    @Test
    void theInterferenceShareIsAShareAndTheSignedReadingIsPublishedBesideIt() {
        PoolStats delta = pooled(new Counts(4, 0, 0, 0, 12, 400), new Times(80_000_000, 150_000_000, 10_000_000),
                2);
        // 100 ms on 2 CPUs: the JVM's CPU time read 10 ms more than the CPUs' busy ticks
        dev.factored.jmh.machine.Interference.Delta quiet = new dev.factored.jmh.machine.Interference.Delta(
                200_000_000, -10_000_000, 0, 0, 0, 0, 0, 0, 0);
        Map<String, Result<?>> m = byLabel(IterationMetrics.of(delta, SpanStats.ZERO, 0, quiet, 4,
                TimeUnit.MILLISECONDS, CoresValue.parse("2"), 2, true, true));
        assertEquals(0.0, m.get(dev.factored.contract.ProfilerMetrics.INTERFERENCE_SHARE).getScore(), 0);
        assertEquals(-0.05, m.get(dev.factored.contract.ProfilerMetrics.INTERFERENCE_READING).getScore(), 1e-12);
        dev.factored.jmh.machine.Interference.Delta busy = new dev.factored.jmh.machine.Interference.Delta(
                200_000_000, 50_000_000, 0, 0, 0, 0, 0, 0, 0);
        Map<String, Result<?>> b = byLabel(IterationMetrics.of(delta, SpanStats.ZERO, 0, busy, 4,
                TimeUnit.MILLISECONDS, CoresValue.parse("2"), 2, true, true));
        assertEquals(0.25, b.get(dev.factored.contract.ProfilerMetrics.INTERFERENCE_SHARE).getScore(), 1e-12);
        assertEquals(0.25, b.get(dev.factored.contract.ProfilerMetrics.INTERFERENCE_READING).getScore(), 1e-12);
    }

    /**
     * The spare CPUs' figures are published only where the JVM's threads ran apart: the signed share of the spare CPUs
     * other processes took, and the JVM's threads' wait behind them per operation.
     */
    @Test
    void theSpareCpusFiguresArePublishedOnlyWhereTheJvmsThreadsRanApart() {
        PoolStats delta = pooled(new Counts(4, 0, 0, 0, 12, 400), new Times(80_000_000, 150_000_000, 10_000_000),
                2);
        dev.factored.jmh.machine.Interference.Delta together = new dev.factored.jmh.machine.Interference.Delta(
                200_000_000, 0, 0, 0, 0, 0, 0, 0, 0);
        Map<String, Result<?>> t = byLabel(IterationMetrics.of(delta, SpanStats.ZERO, 0, together, 4,
                TimeUnit.MILLISECONDS, CoresValue.parse("2"), 2, true, true));
        assertNull(t.get(dev.factored.contract.ProfilerMetrics.SPARE_INTERFERENCE));
        assertNull(t.get(dev.factored.contract.ProfilerMetrics.SPARE_WAIT));
        // 100 ms on one spare CPU: other processes took 48 ms of it, the JVM's threads waited 8 ms behind them
        dev.factored.jmh.machine.Interference.Delta apart = new dev.factored.jmh.machine.Interference.Delta(
                200_000_000, 0, 0, 0, 0, 0, 0, 0, 0,
                new dev.factored.jmh.machine.SpareDelta(100_000_000, 48_000_000, 10_000_000, 8_000_000));
        Map<String, Result<?>> a = byLabel(IterationMetrics.of(delta, SpanStats.ZERO, 0, apart, 4,
                TimeUnit.MILLISECONDS, CoresValue.parse("2"), 2, true, true));
        assertEquals(0.48, a.get(dev.factored.contract.ProfilerMetrics.SPARE_INTERFERENCE).getScore(), 1e-12);
        assertEquals(2.0, a.get(dev.factored.contract.ProfilerMetrics.SPARE_WAIT).getScore(), 1e-12, "8 ms / 4 ops");
        assertEquals("ms/op", a.get(dev.factored.contract.ProfilerMetrics.SPARE_WAIT).getScoreUnit());
    }

    /** Counters of pooled operations with no counted threads' reading and none timed, as an iteration's difference. */
    static PoolStats pooled(Counts counts, Times times, int workers) {
        return new PoolStats(counts, times, workers, PoolStats.ThreadCpu.ZERO, PoolStats.Timed.ZERO);
    }
}
