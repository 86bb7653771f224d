package dev.factored.forkjoin;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;

/** Starts a pool's workers before any measurement, so that thread creation never falls inside one. */
final class Prestart {

    static final long TIMEOUT_SECONDS = 30;

    private Prestart() {
    }

    /**
     * Occupies {@code workers} workers of {@code pool} at once, which makes it start them, then lets them go
     * and waits until the pool is quiet.
     *
     * @throws IllegalStateException if they do not all start within {@value #TIMEOUT_SECONDS} s (the pool is then
     *                               shut down) or the caller is interrupted
     */
    static void workers(ForkJoinPool pool, int workers) {
        workers(pool, workers, () -> false);
    }

    /**
     * As {@link #workers(ForkJoinPool, int)}, giving up as soon as {@code failed} says a worker will never come (a
     * thread factory returned none), instead of at the timeout.
     */
    static void workers(ForkJoinPool pool, int workers, java.util.function.BooleanSupplier failed) {
        CountDownLatch started = new CountDownLatch(workers);
        CountDownLatch release = new CountDownLatch(1);
        for (int i = 0; i < workers; i++) {
            pool.execute(() -> {
                started.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
            boolean all = false;
            while (!all && !failed.getAsBoolean() && System.nanoTime() < deadline) {
                all = started.await(20, TimeUnit.MILLISECONDS);
            }
            release.countDown();
            if (!all) {
                pool.shutdownNow();
                throw new IllegalStateException("only " + (workers - started.getCount()) + " of " + workers
                        + " workers started" + (failed.getAsBoolean() ? "" : " within " + TIMEOUT_SECONDS + " s"));
            }
            pool.awaitQuiescence(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            release.countDown();
            pool.shutdownNow();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting the pool's workers", e);
        }
    }
}
