package dev.factored.forkjoin;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.locks.LockSupport;

/**
 * How both pools start an operation: a worker runs it while the caller parks until it is done. The caller
 * waits on its own flag, not on ForkJoinTask.join(), because a joining external thread may run the task itself
 * (on newer JDKs, or when no worker has taken it yet), outside the pool, its P workers and its accounting.
 */
final class HandOff extends ForkJoinTask<Void> {

    private static final long serialVersionUID = 1L;
    private final transient Runnable body;
    private final transient Thread caller = Thread.currentThread();
    private volatile boolean finished;

    private HandOff(Runnable body) {
        this.body = body;
    }

    /** Runs {@code body} on a worker of {@code pool} and returns when it is done; keeps an interrupt for the caller. */
    static void run(ForkJoinPool pool, Runnable body) {
        HandOff handOff = new HandOff(body);
        pool.execute(handOff);
        handOff.await();
    }

    @Override
    protected boolean exec() {
        try {
            body.run();
        } finally {
            finished = true;
            LockSupport.unpark(caller);
        }
        return true;
    }

    private void await() {
        boolean interrupted = false;
        while (!finished) {
            LockSupport.park(this);
            if (Thread.interrupted()) {
                // The operation cannot be abandoned halfway; keep the interrupt for the caller.
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public Void getRawResult() {
        return null;
    }

    @Override
    protected void setRawResult(Void value) {
        // no result of its own: the operation's task holds it
    }
}
