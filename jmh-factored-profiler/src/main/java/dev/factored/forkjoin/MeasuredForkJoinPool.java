package dev.factored.forkjoin;

import dev.factored.forkjoin.accounting.CountedThreads;
import dev.factored.forkjoin.accounting.EstimatedIdle;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real {@link ForkJoinPool} for unmodified code ({@code RecursiveTask}s, parallel streams started inside it,
 * {@code CompletableFuture}s given it as executor): exactly P workers, never a spare or compensation thread,
 * all started before it is handed out, all ended when it closes. Each {@link #invoke} from outside the pool is
 * one measured operation whose idle time is estimated from the workers' CPU time ({@link EstimatedIdle}); the
 * caller waits without running any of the tasks itself, so exactly P threads work.
 */
public final class MeasuredForkJoinPool extends ForkJoinPool implements AutoCloseable {

    private static final long TIMEOUT_SECONDS = 30;
    private static final Set<MeasuredForkJoinPool> OPEN = ConcurrentHashMap.newKeySet();
    private static final AtomicInteger POOL_IDS = new AtomicInteger();

    private final int workers;
    private final List<Thread> threads;

    private MeasuredForkJoinPool(int workers, List<Thread> threads, String prefix, ForkJoinWorkerThreadFactory factory,
                                 Thread.UncaughtExceptionHandler handler, boolean asyncMode,
                                 java.util.concurrent.atomic.AtomicBoolean refused) {
        super(workers, pool -> {
            ForkJoinWorkerThread t;
            if (factory == null || factory == ForkJoinPool.defaultForkJoinWorkerThreadFactory) {
                t = new RegisteredWorker(pool);
                t.setName(prefix + threads.size());
            } else {
                // The user's threads, as their pool had them (names, context, daemon state); their Linux ids are not
                // known, so the interference figures count them with the program's other threads.
                t = factory.newThread(pool);
            }
            if (t != null) {
                threads.add(t);
            } else {
                refused.set(true);
            }
            return t;
        }, handler, asyncMode, workers, workers, 1, pool -> true, 1, TimeUnit.DAYS);
        this.workers = workers;
        this.threads = threads;
    }

    /** A pool of exactly {@code workers} threads, all started, LIFO (the JDK's default mode). */
    public static MeasuredForkJoinPool withWorkers(int workers) {
        return withWorkers(workers, null, null, false);
    }

    /**
     * A pool of exactly {@code workers} threads, all started, with what {@code new ForkJoinPool(n, factory, handler,
     * asyncMode)} would have had besides its size: the threads the factory makes (null or the JDK's default factory:
     * the pool's own), the handler of uncaught exceptions, and FIFO scheduling of forked tasks when
     * {@code asyncMode}. Compensation stays off: a worker blocked in a join waits, no spare runs.
     *
     * @throws IllegalArgumentException when {@code workers} is below 1
     * @throws IllegalStateException    when the factory makes fewer than {@code workers} threads (it returned null):
     *                                  the measured pool needs exactly that many
     */
    public static MeasuredForkJoinPool withWorkers(int workers, ForkJoinWorkerThreadFactory factory,
                                                   Thread.UncaughtExceptionHandler handler, boolean asyncMode) {
        if (workers < 1) {
            throw new IllegalArgumentException("a pool needs at least 1 worker, got " + workers);
        }
        java.util.concurrent.atomic.AtomicBoolean refused = new java.util.concurrent.atomic.AtomicBoolean();
        MeasuredForkJoinPool pool = new MeasuredForkJoinPool(workers, new CopyOnWriteArrayList<>(),
                "factored-plain-" + POOL_IDS.incrementAndGet() + "-p" + workers + "-worker-", factory, handler,
                asyncMode, refused);
        try {
            Prestart.workers(pool, workers, refused::get);
        } catch (IllegalStateException e) {
            throw new IllegalStateException("the measured pool needs exactly " + workers + " workers and its thread "
                    + "factory made " + pool.threads.size() + " (" + e.getMessage() + "): give Cores.forkJoinPool a "
                    + "factory that returns a thread for every call, or ForkJoinPool.defaultForkJoinWorkerThreadFactory",
                    e);
        }
        OPEN.add(pool);
        CountedThreads.measured(pool, pool.threads);
        return pool;
    }

    /** Closes every pool still open in this JVM (the end of a trial). */
    public static void closeAll() {
        IllegalStateException failure = null;
        for (MeasuredForkJoinPool pool : List.copyOf(OPEN)) {
            try {
                pool.close();
            } catch (IllegalStateException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** P. */
    public int workerCount() {
        return workers;
    }

    /**
     * Runs {@code task} and returns its result. From outside the pool this is one measured operation: the task
     * runs on a worker while the caller waits without helping; from a worker of this pool it is a plain nested
     * {@code ForkJoinPool.invoke}.
     */
    @Override
    public <T> T invoke(ForkJoinTask<T> task) {
        Objects.requireNonNull(task, "task");
        if (Thread.currentThread() instanceof ForkJoinWorkerThread w && w.getPool() == this) {
            return super.invoke(task);
        }
        try {
            EstimatedIdle.measure(workers, false, () -> {
                HandOff.run(this, task::quietlyInvoke); // the caller never runs it: exactly P threads work
                return null;
            });
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return task.join(); // done: returns the result or rethrows as ForkJoinTask.invoke would
    }

    /** As {@link ForkJoinPool#shutdown()}, keeping the workers' CPU time for the iteration's end first. */
    @Override
    public void shutdown() {
        if (!isShutdown()) {
            CountedThreads.ending(threads);
        }
        super.shutdown();
    }

    /** As {@link ForkJoinPool#shutdownNow()}, keeping the workers' CPU time for the iteration's end first. */
    @Override
    public List<Runnable> shutdownNow() {
        if (!isShutdown()) {
            CountedThreads.ending(threads);
        }
        return super.shutdownNow();
    }

    /**
     * Shuts the pool down and waits until every worker has ended. (On JDK 19+ this overrides
     * {@code ForkJoinPool.close()}, which JDK 17 does not have.)
     */
    public void close() {
        OPEN.remove(this);
        CountedThreads.closed(this);
        shutdown();
        try {
            if (!awaitTermination(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException("MeasuredForkJoinPool with " + workers + " workers did not terminate "
                        + "within " + TIMEOUT_SECONDS + " s: a task is still running");
            }
            for (Thread t : threads) {
                t.join(TimeUnit.SECONDS.toMillis(TIMEOUT_SECONDS));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while closing the pool", e);
        }
    }

    @Override
    public String toString() {
        return "MeasuredForkJoinPool[" + workers + " workers" + (getAsyncMode() ? ", FIFO" : "") + "]";
    }
}
