package dev.factored.forkjoin;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * Idle time of unmodified fork/join code, estimated from what the JVM already measures: the CPU time of every
 * thread that can work for the operation, read at the operation's two ends, never per task:
 * <pre>
 * I_P ≈ P · wall − Σ (CPU time of the counted threads during the operation)
 * </pre>
 * The counted threads are the caller (which joins in with a parallel stream on the common pool), the common
 * pool's workers, and the workers of every open {@link MeasuredForkJoinPool}. Known biases: a worker spinning
 * while it looks for work burns CPU and counts as busy (idle underestimated); a thread preempted by another
 * process burns none and counts as idle (idle overestimated, which pinning keeps small). Busy time is capped at
 * P·wall, so the estimate is never negative.
 */
public final class EstimatedIdle {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final AtomicInteger IN_FLIGHT = new AtomicInteger();
    /** The common pool's workers as last enumerated, and its size then. */
    private static List<Thread> commonWorkers = List.of();
    private static int commonSize = -1;

    static {
        if (THREADS.isThreadCpuTimeSupported() && !THREADS.isThreadCpuTimeEnabled()) {
            THREADS.setThreadCpuTimeEnabled(true);
        }
    }

    private EstimatedIdle() {
    }

    /** Whether this JVM can measure the CPU time of other threads; without it no idle can be estimated. */
    public static boolean supported() {
        return THREADS.isThreadCpuTimeSupported();
    }

    /**
     * Runs {@code operation} in the calling thread as one operation of {@code workers} threads and records its
     * wall time and estimated idle time in {@link Ledger#totals()}. The counted threads are the caller, the
     * common pool's workers and every open measured pool's workers.
     */
    public static <T> T measure(int workers, Callable<T> operation) throws Exception {
        return measure(workers, null, EstimatedIdle::stealCount, operation);
    }

    /**
     * As {@link #measure(int, Callable)}, counting only {@code threads} (a measured pool's own workers, while the
     * caller parks): fewer CPU-time reads per operation.
     */
    static <T> T measure(int workers, List<Thread> only, LongSupplier steals, Callable<T> operation)
            throws Exception {
        boolean concurrent = IN_FLIGHT.getAndIncrement() > 0;
        try {
            List<Thread> threads = only != null ? only : countedThreads();
            long[] before = new long[threads.size()];
            for (int i = 0; i < before.length; i++) {
                before[i] = cpu(threads.get(i));
            }
            long stealsBefore = steals.getAsLong();
            long start = System.nanoTime();
            T result;
            try {
                result = operation.call();
            } finally {
                long wall = System.nanoTime() - start;
                long busy = 0;
                for (int i = 0; i < before.length; i++) {
                    long after = cpu(threads.get(i));
                    if (after >= 0 && before[i] >= 0) {
                        busy += after - before[i];
                    }
                }
                // Workers that started during the operation (a lazily started common-pool thread) worked only in it.
                for (Thread t : only != null ? only : countedThreads()) {
                    if (!threads.contains(t)) {
                        busy += Math.max(0, cpu(t));
                    }
                }
                long capacity = (long) workers * wall;
                busy = Math.min(busy, capacity);
                Ledger.addEstimated(wall, busy, capacity - busy, steals.getAsLong() - stealsBefore,
                        concurrent, workers);
            }
            return result;
        } finally {
            IN_FLIGHT.decrementAndGet();
        }
    }

    @SuppressWarnings("deprecation") // Thread.threadId() is JDK 19+; getId() is the same number on 17
    private static long cpu(Thread t) {
        return THREADS.getThreadCpuTime(t.getId());
    }

    private static long stealCount() {
        long steals = ForkJoinPool.commonPool().getStealCount();
        for (MeasuredForkJoinPool pool : MeasuredForkJoinPool.open()) {
            steals += pool.getStealCount();
        }
        return steals;
    }

    /** The caller, the common pool's workers and the open measured pools' workers. */
    private static List<Thread> countedThreads() {
        List<Thread> threads = new ArrayList<>();
        threads.add(Thread.currentThread());
        threads.addAll(commonWorkers());
        for (MeasuredForkJoinPool pool : MeasuredForkJoinPool.open()) {
            threads.addAll(pool.workers());
        }
        return threads;
    }

    /** Enumerates the common pool's threads again only when its size changed (a rare, costly walk). */
    private static synchronized List<Thread> commonWorkers() {
        ForkJoinPool common = ForkJoinPool.commonPool();
        int size = common.getPoolSize();
        // A worker that timed out and was replaced leaves the size unchanged: look for dead ones too.
        if (size != commonSize || commonWorkers.stream().anyMatch(t -> !t.isAlive())) {
            List<Thread> found = new ArrayList<>();
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                if (t instanceof ForkJoinWorkerThread w && w.getPool() == common) {
                    found.add(t);
                }
            }
            commonWorkers = List.copyOf(found);
            commonSize = size;
        }
        return commonWorkers;
    }
}
