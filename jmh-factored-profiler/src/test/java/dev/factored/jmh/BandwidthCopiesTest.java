package dev.factored.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.factored.forkjoin.RunQueue;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/** The bandwidth test's copies: P at once, each on a thread of its own; spinning copies do not slow down. */
class BandwidthCopiesTest {

    /** Timed operations of 5 ms per configuration; the minimum is taken. */
    private static final int OPS = 60;

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
     * (this JVM's compiler threads, a neighbour) delays a copy now and then: a copy spins until the clock says
     * 5 ms have passed, so a delay can only lengthen an operation (when the copy is off its CPU at its deadline),
     * never shorten one. The minimum of 60 operations of 5 ms (0.3 s), after 20 to warm up, is what a systematic
     * slowdown would move and a preemption would not (a CI run saw a median of 7.99 ms against 5.02 ms alone, one
     * beside a spinning neighbour pinned to one CPU a lower quartile of 8.00 ms of 15 operations, and a minimum of
     * 5.42 and 6.26 ms of 20).
     *
     * <p>Two guards keep the minima honest. Alone, one copy spins 5 ms: a minimum above 5.05 ms means that no
     * operation ran undisturbed, and a delayed denominator would make the ratio lenient; then the test is skipped.
     * Together, a ratio above 1.05 fails only if some operation was quiet (by the kernel's count the copies' threads
     * were ready to run but not running for less than 1 % of their time); when none was, the slowdown may be the
     * machine's, and the test is skipped with the figures.
     */
    @Test
    void spinningCopiesDoNotSlowEachOtherDown() {
        assertEquals(2, Math.min(2, Runtime.getRuntime().availableProcessors()), "needs 2 CPUs");
        Timing alone = minimumMillis(CoresTest.open("baseline"), 1);
        Timing together = minimumMillis(CoresTest.open("bandwidth-2"), 2);
        String figures = "copies " + together + " vs alone " + alone;
        System.out.println("[bandwidth known answer] " + figures);
        assumeTrue(alone.millis() <= 5.05, "the machine is too busy for this known answer (no undisturbed operation "
                + "alone): " + figures);
        if (together.millis() / alone.millis() > 1.05) {
            assumeTrue(together.quiet() > 0, "the machine is too busy for this known answer: " + figures);
            fail(figures);
        }
    }

    /** The minimum time of an operation, how many of how many operations were quiet, and the median wait. */
    private record Timing(double millis, int quiet, int ops, long medianWait) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "min %.3f ms (%d of %d operations quiet, median run-queue wait %s)",
                    millis, quiet, ops, RunQueue.micros(medianWait));
        }
    }

    private static Timing minimumMillis(Cores cores, int copies) {
        double[] t = new double[OPS];
        long[] waits = new long[OPS];
        int quiet = 0;
        try {
            for (int i = 0; i < 20; i++) {
                cores.baseline(copy -> spin(5_000_000)); // warm-up: the JIT compiles spin for every thread
            }
            for (int i = 0; i < t.length; i++) {
                long waitBefore = copiesWait();
                long start = System.nanoTime();
                cores.baseline(copy -> spin(5_000_000));
                t[i] = (System.nanoTime() - start) / 1e6;
                // Every wait that delayed a copy ended before the operation did: the copy had to finish.
                waits[i] = RunQueue.between(waitBefore, copiesWait());
                quiet += waits[i] == RunQueue.UNAVAILABLE || waits[i] < 0.01 * copies * t[i] * 1e6 ? 1 : 0;
            }
        } finally {
            cores.close();
        }
        Arrays.sort(t);
        Arrays.sort(waits);
        return new Timing(t[0], quiet, OPS, waits[OPS / 2]);
    }

    /** Run-queue wait of the threads that run copies: this one (copy 0) and the copies' own. */
    private static long copiesWait() {
        long self = RunQueue.self();
        long others = RunQueue.named("factored-bandwidth-copy-");
        return self < 0 || others < 0 ? RunQueue.UNAVAILABLE : self + others;
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
