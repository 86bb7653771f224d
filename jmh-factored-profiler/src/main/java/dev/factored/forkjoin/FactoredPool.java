package dev.factored.forkjoin;

import dev.factored.contract.ActivityLog;
import dev.factored.contract.CoresValue;
import dev.factored.forkjoin.accounting.Ledger;
import dev.factored.forkjoin.accounting.PoolStats;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The instrumented pool: a real {@link ForkJoinPool} with exactly P workers (never a compensation or
 * spare thread), or no threads at all for the sequential elision. Each {@link #invoke} is one
 * operation; while it is in flight the pool accounts the workers' idle time as
 * {@code P · wall − Σ busy}, so a worker that is parked, stealing, waiting in a join or not yet
 * started counts as idle.
 *
 * <p>Operations on one pool are meant to run one at a time (JMH with one benchmark thread); overlapping
 * ones are counted in {@link PoolStats.Counts#concurrentOperations()} because their idle time is meaningless.
 */
public final class FactoredPool implements AutoCloseable {

    private static final long CLOSE_TIMEOUT_SECONDS = 30;

    private static final Set<FactoredPool> OPEN = ConcurrentHashMap.newKeySet();
    private static final AtomicInteger POOL_IDS = new AtomicInteger();

    /** Every worker thread's name starts with this, followed by the pool's number. */
    public static final String THREAD_NAME_PREFIX = "factored-pool-";

    private final int workers;
    private final String threadNamePrefix;
    private final ForkJoinPool forkJoinPool;
    private final List<FactoredWorker> threads = new CopyOnWriteArrayList<>();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger threadIds = new AtomicInteger();
    private PoolStats stats = PoolStats.ZERO;
    private volatile boolean closed;
    /** The strand timing of a span pool; null for the elision and for pools with workers. */
    private final SpanTiming span;

    /** Busy periods a worker can record per operation when the pool records activity. */
    public static final int ACTIVITY_CAPACITY = 4096;
    /** The workers' busy periods in the latest operation, when the pool records them. */
    private final PoolActivity activity;

    private FactoredPool(int workers) {
        this(workers, Double.NaN, false);
    }

    private FactoredPool(int workers, double spanBurdenNanos, boolean recordActivity) {
        this.workers = workers;
        this.activity = new PoolActivity(threads, recordActivity && workers > 0);
        this.span = Double.isNaN(spanBurdenNanos) ? null : new SpanTiming(spanBurdenNanos);
        this.threadNamePrefix = THREAD_NAME_PREFIX + POOL_IDS.incrementAndGet() + "-p" + workers + "-worker-";
        if (workers == 0) {
            forkJoinPool = null;
        } else {
            forkJoinPool = new ForkJoinPool(
                    workers,
                    pool -> {
                        FactoredWorker worker = new FactoredWorker(pool, activity.capacity());
                        worker.setName(threadNamePrefix + threadIds.getAndIncrement());
                        threads.add(worker);
                        return worker;
                    },
                    null,
                    false,
                    workers,          // corePoolSize
                    workers,          // maximumPoolSize: no spare threads beyond P, ever
                    1,                // minimumRunnable
                    pool -> true,     // at the maximum, a blocked join waits instead of failing
                    1, TimeUnit.DAYS  // keep workers alive between operations and iterations
            );
            Prestart.workers(forkJoinPool, workers);
        }
        OPEN.add(this);
    }

    /** The sequential elision: no pool, no threads; every fork/join is a plain call in the caller. */
    public static FactoredPool elision() {
        return new FactoredPool(0);
    }

    /**
     * The {@code span} configuration: the elision with strand timing. Every operation runs sequentially
     * in the caller, like {@link #elision()}, and its work, span and burdened span (METHOD.md §5) are
     * added to {@link Ledger#spanTotals()}. Opening calibrates the clock cost (about 0.1 s).
     *
     * @param burdenNanos added to the burdened span for every forked branch; see {@link Burden}
     */
    public static FactoredPool span(double burdenNanos) {
        if (!(burdenNanos >= 0) || !Double.isFinite(burdenNanos)) {
            throw new IllegalArgumentException("the burden must be a finite number of ns >= 0, got " + burdenNanos);
        }
        return new FactoredPool(0, burdenNanos, false);
    }

    /** A pool of exactly {@code workers} worker threads, all started before this returns; it records no activity. */
    public static FactoredPool withWorkers(int workers) {
        return withWorkers(workers, false);
    }

    /**
     * A pool of exactly {@code workers} worker threads.
     *
     * @param recordActivity keep each worker's busy periods of the latest operation (up to
     *                       {@value #ACTIVITY_CAPACITY} per worker, in buffers allocated now), for
     *                       {@link Ledger#lastActivity}: two array stores per busy period, no extra clock read
     */
    public static FactoredPool withWorkers(int workers, boolean recordActivity) {
        if (workers < 1) {
            throw new IllegalArgumentException("a pool needs at least 1 worker, got " + workers);
        }
        return new FactoredPool(workers, Double.NaN, recordActivity);
    }

    /** Whether this pool keeps its workers' busy periods now. */
    public boolean recordsActivity() {
        return activity.recording();
    }

    /**
     * Switches the recording of a pool opened with {@code recordActivity} off and on again between operations,
     * so that its cost can be measured on one and the same pool (benchmarks/ActivityOverhead).
     *
     * @throws IllegalStateException if the pool was opened without activity buffers
     */
    public void recordActivity(boolean on) {
        activity.record(on);
    }

    /**
     * The pool for a {@code cores} configuration, recording no activity.
     *
     * @throws IllegalArgumentException for {@code baseline}, which runs the user's own sequential code
     */
    public static FactoredPool open(CoresValue configuration) {
        return open(configuration, false);
    }

    /**
     * The pool for a {@code cores} configuration.
     *
     * @param recordActivity whether a pool with workers keeps their busy periods (see
     *                       {@link #withWorkers(int, boolean)}); the caller decides (the profiler asks for it
     *                       through {@link ActivityLog#PROPERTY}), so that no JVM-wide switch is read at class load
     * @throws IllegalArgumentException for {@code baseline}, which runs the user's own sequential code
     */
    public static FactoredPool open(CoresValue configuration, boolean recordActivity) {
        return switch (configuration.kind()) {
            case ELISION -> elision();
            case SPAN -> span(Burden.forThisJvm());
            case WORKERS -> withWorkers(configuration.workers(), recordActivity);
            case BASELINE -> throw new IllegalArgumentException(
                    "the baseline configuration has no pool: it runs the best sequential program");
            case BANDWIDTH -> throw new IllegalArgumentException("the bandwidth test has no pool: it runs copies of "
                    + "the baseline (Cores.baseline)");
        };
    }

    /** Pools opened and not closed yet in this JVM. */
    public static Set<FactoredPool> openPools() {
        return Set.copyOf(OPEN);
    }

    /** P, or 0 for the elision. */
    public int workers() {
        return workers;
    }

    /** No worker threads: the elision or the span run. */
    public boolean isElision() {
        return workers == 0;
    }

    /** The elision with strand timing ({@link #span(double)}). */
    public boolean isSpan() {
        return span != null;
    }

    /** The burden added per forked branch of a span pool, in ns; 0 for other pools. */
    public double burdenNanos() {
        return span == null ? 0 : span.burdenNanos();
    }

    /** The clock cost subtracted per strand of a span pool, in ns; 0 for other pools. */
    public double clockCostNanos() {
        return span == null ? 0 : span.clockCostNanos();
    }

    /** The start of the names of this pool's worker threads (unique per pool in this JVM). */
    public String threadNamePrefix() {
        return threadNamePrefix;
    }

    /** Worker threads this pool has created so far; never more than {@link #workers()}. */
    public int threadsCreated() {
        return threads.size();
    }

    /** Counters of this pool's operations since it opened. */
    public synchronized PoolStats stats() {
        return stats;
    }

    /**
     * Runs {@code task} as one operation and returns its result. On a pool the task runs on a worker
     * and the caller waits; as the elision it runs in the caller. An exception thrown by any task of
     * the operation is rethrown here as the original object.
     */
    public <V> V invoke(FactoredTask<V> task) {
        Objects.requireNonNull(task, "task");
        if (closed) {
            throw new IllegalStateException("this FactoredPool is closed");
        }
        Thread thread = Thread.currentThread();
        if (thread instanceof FactoredWorker || SpanRecorder.current(thread) != null) {
            // Invoked from inside a task: part of the enclosing operation, a plain call.
            task.runInline();
            return task.getRawResult();
        }
        if (span != null) {
            span.run(task, thread, concurrent -> record(0, 0, 0, 0, 0, concurrent, true));
            return task.getRawResult();
        }
        if (workers == 0) {
            try {
                task.runInline();
            } finally {
                record(0, 0, 0, 0, 0, false, true);
            }
            return task.getRawResult();
        }
        boolean concurrent = inFlight.getAndIncrement() > 0;
        try {
            long busyBefore = 0;
            long stealsBefore = 0;
            long forksBefore = 0;
            for (FactoredWorker w : threads) {
                busyBefore += w.busyNanos;
                stealsBefore += w.steals;
                forksBefore += w.forks;
            }
            boolean record = activity.start(concurrent);
            long start = System.nanoTime();
            // Roots are only ever executed by this pool's workers: the caller never joins them.
            HandOff.run(forkJoinPool, () -> task.runAsRoot((FactoredWorker) Thread.currentThread()));
            long wall = System.nanoTime() - start;
            if (record) {
                activity.recorded(start, wall);
            }
            long busy = -busyBefore;
            long steals = -stealsBefore;
            long forks = -forksBefore;
            for (FactoredWorker w : threads) {
                busy += w.busyNanos;
                steals += w.steals;
                forks += w.forks;
            }
            record(wall, busy, (long) workers * wall - busy, steals, forks, concurrent, false);
        } finally {
            inFlight.decrementAndGet();
        }
        task.rethrowFailure();
        return task.getRawResult();
    }

    /** One operation that runs {@link FactoredTask#parallelFor} over {@code [from, to)}. */
    public void parallelFor(int from, int to, int grain, RangeBody body) {
        invoke(new FactoredTask<Void>() {
            private static final long serialVersionUID = 1L;

            @Override
            protected Void compute() {
                parallelFor(from, to, grain, body);
                return null;
            }
        });
    }

    private void record(long wall, long busy, long idle, long steals, long forks, boolean concurrent,
                        boolean elision) {
        synchronized (this) {
            stats = stats.plus(wall, busy, idle, steals, forks, concurrent, workers, elision);
        }
        Ledger.add(wall, busy, idle, steals, forks, concurrent, workers, elision);
    }

    /**
     * Shuts the pool down and waits until every worker thread has ended.
     *
     * @throws IllegalStateException if a worker is still alive after the timeout (a task that never ends)
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        OPEN.remove(this);
        if (forkJoinPool == null) {
            return;
        }
        forkJoinPool.shutdown();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CLOSE_TIMEOUT_SECONDS);
            if (!forkJoinPool.awaitTermination(CLOSE_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException("FactoredPool with " + workers
                        + " workers did not terminate within " + CLOSE_TIMEOUT_SECONDS + " s: a task is still running");
            }
            for (FactoredWorker w : threads) {
                w.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
                if (w.isAlive()) {
                    throw new IllegalStateException("worker " + w.getName() + " is still alive after close");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while closing the FactoredPool", e);
        }
    }

    @Override
    public String toString() {
        return span != null ? "FactoredPool[span]"
                : workers == 0 ? "FactoredPool[elision]" : "FactoredPool[" + workers + " workers]";
    }
}
