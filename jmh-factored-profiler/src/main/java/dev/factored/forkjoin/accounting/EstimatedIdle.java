package dev.factored.forkjoin.accounting;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Idle time of unmodified fork/join code, estimated from what the JVM already measures, the CPU time of every
 * thread that can work for the operation:
 * <pre>
 * I_P ≈ P · wall − Σ (CPU time of the counted threads during the operations)
 * </pre>
 * The counted threads are the caller (which joins in with a parallel stream on the common pool), the common
 * pool's workers, and the workers of every open {@link dev.factored.forkjoin.MeasuredForkJoinPool}. Per operation
 * only its wall time is read (and, of an operation of a millisecond or more, its caller's CPU time:
 * {@link #TIMED_NANOS}); every counted thread's CPU time, the caller's too, and the pools' steal counts are read when
 * {@link Ledger#totals()} is taken, at the ends of a JMH iteration ({@link CountedThreads}), and
 * {@link PoolStats#minus} subtracts it from the interval's idle time (a read of a thread's CPU clock costs
 * 1–2 µs on a KVM machine: reading the caller's at both ends of every operation doubled the cost of a wrapped
 * 7 µs operation). Known biases: a worker spinning while it looks
 * for work burns CPU and counts as busy (idle underestimated); a thread preempted by another process burns none
 * and counts as idle (idle overestimated, which pinning keeps small). The estimate is never negative.
 */
public final class EstimatedIdle {

    private static final AtomicInteger IN_FLIGHT = new AtomicInteger();
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /**
     * An operation whose predecessor took at least this long is timed at both ends: its caller's CPU time and the
     * collectors' pause time are read before and after it (about 1 % of a 1.5–3 ms parallel stream on a KVM machine,
     * more than the reads themselves: {@code benchmarks/WrapOverheadPaired}). Shorter ones are left to the
     * readings at the ends of the iteration, which cost them nothing; JMH's {@code Level.Invocation} setups and
     * teardowns, the time between operations that an iteration's readings cannot tell from the operations', go with
     * operations of a millisecond or more (JMH's own advice).
     */
    static final long TIMED_NANOS = 1_000_000L;
    /**
     * A timed operation whose predecessor took at least this long per counted worker reads the workers' CPU clocks at
     * its ends too (two reads of under 1 µs per worker), so that their spinning between operations
     * JMH does not measure, before they park, is not counted as the operations' work.
     */
    static final long WORKER_NANOS = 600_000L;
    /**
     * An operation that follows another of the same interval began after a pause when more than this share of its
     * predecessor's wall time (1/64) passed since the predecessor ended: time JMH does not measure (a
     * {@code Level.Invocation} setup or teardown) or the benchmark's own code around {@code cores.call}, in which the
     * pool's workers park.
     */
    static final int PAUSE_SHARE = 64;
    /** The wall time of the last estimated operation. */
    private static volatile long lastWall;
    /**
     * When the last estimated operation of {@link #TIMED_NANOS} or more ended ({@link System#nanoTime()}, after its
     * readings); 0 before the first.
     */
    private static volatile long lastEnd;
    /** Whether a reading of the ledger came after the last estimated operation: the next one follows none. */
    private static volatile boolean afterReading = true;

    private EstimatedIdle() {
    }

    /** A reading of the ledger was taken: the next operation follows none of this interval. */
    static void readingTaken() {
        afterReading = true;
    }

    /** Whether an estimated operation is running now. */
    static boolean inFlight() {
        return IN_FLIGHT.get() > 0;
    }

    /** Whether any estimated operation ran in this JVM so far. */
    static boolean anyRan() {
        return anyRan;
    }

    private static volatile boolean anyRan;

    /** Whether this JVM can measure the CPU time of other threads; without it no idle can be estimated. */
    public static boolean supported() {
        return CountedThreads.supported();
    }

    /**
     * Runs {@code operation} in the calling thread as one operation of {@code workers} threads and records its
     * wall time in {@link Ledger#totals()}, which adds the counted threads' CPU time, the caller's among them.
     */
    public static <T> T measure(int workers, Callable<T> operation) throws Exception {
        return measure(workers, true, operation);
    }

    /**
     * As {@link #measure(int, Callable)}; {@code callerWorks} false when the caller parks for the whole operation
     * (a measured pool's {@code invoke}), so that it is not counted.
     */
    public static <T> T measure(int workers, boolean callerWorks, Callable<T> operation)
            throws Exception {
        boolean concurrent = IN_FLIGHT.getAndIncrement() > 0;
        if (!anyRan) {
            anyRan = true;
        }
        try {
            if (callerWorks) {
                CountedThreads.caller(Thread.currentThread());
            }
            boolean timed = callerWorks && lastWall >= TIMED_NANOS && THREADS.isCurrentThreadCpuTimeSupported();
            // Only timed operations are classified, so that a short one pays no clock read for it.
            boolean following = timed && !afterReading && lastEnd != 0;
            boolean afterPause = following && System.nanoTime() - lastEnd > lastWall / PAUSE_SHARE;
            if (timed) {
                afterReading = false;
            }
            Thread[] counted = timed ? CountedThreads.workers() : null;
            boolean workersRead = counted != null && counted.length > 0
                    && lastWall >= WORKER_NANOS * counted.length;
            long workerCpu = workersRead ? CountedThreads.cpuOf(counted) : -1;
            long callerCpu = timed ? THREADS.getCurrentThreadCpuTime() : 0;
            long gcMillis = timed ? GcPauses.millis() : 0;
            long start = System.nanoTime();
            try {
                return operation.call();
            } finally {
                long wall = System.nanoTime() - start;
                lastWall = wall;
                if (timed) {
                    long callerEnd = THREADS.getCurrentThreadCpuTime();
                    long gcEnd = GcPauses.millis();
                    long workersEnd = workerCpu >= 0 ? CountedThreads.cpuOf(counted) : -1;
                    Ledger.addEstimated(wall, concurrent, workers, new PoolStats.TimedOperation(callerEnd - callerCpu,
                            gcEnd - gcMillis, workersEnd >= 0 ? workersEnd - workerCpu : -1, following, afterPause));
                } else {
                    Ledger.addEstimated(wall, concurrent, workers);
                }
                if (wall >= TIMED_NANOS) { // its successor is timed and asks when it ended
                    lastEnd = System.nanoTime();
                }
            }
        } finally {
            IN_FLIGHT.decrementAndGet();
        }
    }
}
