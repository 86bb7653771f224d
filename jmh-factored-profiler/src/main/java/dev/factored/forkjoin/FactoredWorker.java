package dev.factored.forkjoin;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;

/**
 * A worker of a {@link FactoredPool}. Its counters are written only by itself and read by the
 * invoking thread after an operation completes: the completion of the tasks it ran (FJ's volatile
 * task status, then the root's completion flag) orders those reads after the writes.
 *
 * <p>The clock is read only on busy/idle transitions: starting a task with nothing else running
 * (a steal, a task helped while waiting in a join, the root of an operation), finishing it, and
 * around a join that has to wait for a stolen child. A task forked and joined on the same worker
 * costs no clock read.
 */
final class FactoredWorker extends ForkJoinWorkerThread {

    /** Whether this worker is inside a task right now (and not waiting in a join). */
    boolean busy;
    private long busySince;
    long busyNanos;
    long steals;
    long forks;

    FactoredWorker(ForkJoinPool pool) {
        super(pool);
    }

    void startBusy() {
        busySince = System.nanoTime();
        busy = true;
    }

    void stopBusy() {
        busyNanos += System.nanoTime() - busySince;
        busy = false;
    }
}
