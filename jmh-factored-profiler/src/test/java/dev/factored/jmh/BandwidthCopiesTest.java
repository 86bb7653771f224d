package dev.factored.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/** The bandwidth test's copies: P at once, each on a thread of its own; spinning copies do not slow down. */
class BandwidthCopiesTest {

    private static long spin(long nanos) {
        long end = System.nanoTime() + nanos;
        long n = 0;
        while (System.nanoTime() < end) {
            n++;
        }
        return n;
    }

    @Test
    void runsEveryCopyAtOnceOnItsOwnThreadAndReturnsCopyZero() {
        Cores cores = CoresTest.open("bandwidth-2");
        try {
            assertTrue(cores.isBaseline(), "the bandwidth test runs the baseline branch");
            Set<String> threads = ConcurrentHashMap.newKeySet();
            long before = Cores.copiesRun();
            Integer result = cores.baseline(copy -> {
                threads.add(Thread.currentThread().getName());
                spin(1_000_000);
                return copy;
            });
            assertEquals(0, result);
            assertEquals(2, threads.size(), threads.toString());
            assertEquals(2, Cores.copiesRun() - before, "the profiler counts the copies");
        } finally {
            cores.close();
        }
    }

    /**
     * Two spinning copies on a 2-core machine share nothing but the clock: one of them takes as long as one
     * alone (the bound is 5 %). Both CPUs are busy while the copies run, so anything else on the machine
     * (this JVM's compiler threads, a neighbour) delays one copy now and then: the lower quartile of 15
     * operations of 5 ms, after 20 to warm up, is what a systematic slowdown would move and a sporadic
     * preemption would not (one CI run saw a median of 7.99 ms against 5.02 ms alone).
     */
    @Test
    void spinningCopiesDoNotSlowEachOtherDown() {
        assertEquals(2, Math.min(2, Runtime.getRuntime().availableProcessors()), "needs 2 CPUs");
        double alone = lowerQuartileMillis(CoresTest.open("baseline"));
        double together = lowerQuartileMillis(CoresTest.open("bandwidth-2"));
        assertTrue(together / alone <= 1.05, "copies " + together + " ms vs alone " + alone + " ms");
    }

    private static double lowerQuartileMillis(Cores cores) {
        double[] t = new double[15];
        try {
            for (int i = 0; i < 20; i++) {
                cores.baseline(copy -> spin(5_000_000)); // warm-up: the JIT compiles spin for every thread
            }
            for (int i = 0; i < t.length; i++) {
                long start = System.nanoTime();
                cores.baseline(copy -> spin(5_000_000));
                t[i] = (System.nanoTime() - start) / 1e6;
            }
        } finally {
            cores.close();
        }
        Arrays.sort(t);
        return t[t.length / 4];
    }

    @Test
    void theBaselineRunnerIsOnlyForTheBaselineBranch() {
        Cores cores = CoresTest.open("2");
        try {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> cores.baseline(copy -> 1));
            assertTrue(e.getMessage().contains("cores.invoke"), e.getMessage());
        } finally {
            cores.close();
        }
    }
}
