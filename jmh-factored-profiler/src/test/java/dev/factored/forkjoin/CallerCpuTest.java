package dev.factored.forkjoin;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.factored.forkjoin.accounting.EstimatedIdle;
import dev.factored.forkjoin.accounting.Ledger;
import dev.factored.forkjoin.accounting.PoolStats;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The caller's CPU time of an operation too short to be timed at its ends ({@link EstimatedIdle#TIMED_NANOS}) is
 * read at the ends of an interval, and the interval's time outside the operations (the benchmark's own code around
 * them) is taken out of it. Known answer: a caller alone (one worker, nothing forked) that spins 0.8 ms in its
 * operation and 3 ms around it was busy for the whole operation, so its idle time is 0 and its CPU time in the
 * operation 0.8 ms; without the correction it would read 3.8 ms in an operation of 0.8 ms
 * (capped at the wall: idle 0 either way), and without the caller's reading at all idle would be the whole wall.
 * A neighbour can only deschedule the caller: inside the operation that is idle to the estimate (it burns no CPU
 * time), outside it the correction takes it for the benchmark's own code (the known bias, see PoolStats#minus). So
 * a try is judged only when the kernel counts (schedstat) that the caller waited to run for less than 2 % of the
 * interval, on the best of those; where the kernel counts nothing every try is judged. Up to {@value #TRIES} tries,
 * until {@value #QUIET} are quiet.
 */
class CallerCpuTest {

    private static final long MS = 1_000_000L;
    private static final int TRIES = 200;
    private static final int QUIET = 15;
    private static final long OPERATION = 4 * MS / 5;

    @Test
    void theCallersCpuTimeInItsOperationsIsReadAtTheIntervalsEnds() throws Exception {
        double bestIdleShare = Double.MAX_VALUE;
        double bestCallerError = Double.MAX_VALUE;
        String seen = "";
        int quiet = 0;
        for (int i = 0; i < TRIES && quiet < QUIET; i++) {
            Spin.spinCpu(3 * MS / 2);
            long waitBefore = RunQueue.self();
            PoolStats before = Ledger.totals();
            Spin.spinCpu(3 * MS / 2);
            EstimatedIdle.measure(1, () -> Spin.spinCpu(OPERATION));
            PoolStats delta = Ledger.totals().minus(before);
            long waited = RunQueue.between(waitBefore, RunQueue.self());
            if (i == 0 || waited != RunQueue.UNAVAILABLE && waited >= 0.02 * delta.threadCpu().readNanos()
                    || delta.timed().operations() > 0) {
                // the first try counts the caller from inside its operation; the others waited to run, or followed
                // an operation that a wait made longer than a millisecond, and were timed at their ends
                continue;
            }
            quiet++;
            double idleShare = delta.times().idleNanos() / (double) delta.times().wallNanos();
            double callerError = Math.abs(delta.threadCpu().callerCpuNanos() - (double) OPERATION) / OPERATION;
            bestIdleShare = Math.min(bestIdleShare, idleShare);
            bestCallerError = Math.min(bestCallerError, callerError);
            seen += String.format(Locale.ROOT, " [wall %.2f ms, caller %.2f ms, idle %.2f ms, interval %.2f ms]",
                    delta.times().wallNanos() / 1e6, delta.threadCpu().callerCpuNanos() / 1e6,
                    delta.times().idleNanos() / 1e6,
                    delta.threadCpu().readNanos() / 1e6);
        }
        System.out.println("[caller cpu]" + seen);
        assumeTrue(quiet > 0, "the caller waited to run in every one of " + TRIES + " tries: nothing to judge");
        assertTrue(bestIdleShare < 0.05, "idle of a caller that worked throughout, best of " + quiet + " quiet tries:"
                + seen);
        assertTrue(bestCallerError < 0.05, "the caller's 0.8 ms in its operation, best of " + quiet + " quiet tries:"
                + seen);
    }
}
