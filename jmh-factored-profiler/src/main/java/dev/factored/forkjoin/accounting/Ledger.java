package dev.factored.forkjoin.accounting;

import dev.factored.contract.ActivityLog;

/**
 * The JVM-wide record of every pool's operations, the one thing the profiler reads: the instrumented pools
 * ({@link dev.factored.forkjoin.FactoredPool}) and the estimated path ({@link EstimatedIdle}) write their operations'
 * counters, span operations their strand timing, and pools that record activity the latest operation to sample. A
 * pool itself keeps only its own life; the profiler takes differences of these totals at iteration boundaries.
 */
public final class Ledger {

    private static PoolStats totals = PoolStats.ZERO;
    private static SpanStats spanTotals = SpanStats.ZERO;
    /** The activity of the pool whose operation ended last, if it records activity. */
    private static Activity lastRecorded;
    /** Recorded operations so far, and the one {@link #lastActivity} handed out last (never twice). */
    private static long recordedSequence;
    private static long sampledSequence;
    private static long activityOverflows;

    private Ledger() {
    }

    /**
     * Counters of all operations of all pools in this JVM so far, with the counted threads' CPU time and the common
     * and measured pools' steals now ({@link CountedThreads}: read here, not per operation).
     */
    public static PoolStats totals() {
        return totals(CountedThreads.read());
    }

    /** As {@link #totals()}, with a reading of the counted threads the caller took (one reading per boundary). */
    public static PoolStats totals(CountedThreads.Reading counted) {
        EstimatedIdle.readingTaken();
        synchronized (Ledger.class) {
            return totals.withCounted(counted);
        }
    }

    /** Counters of all span operations in this JVM so far. */
    public static synchronized SpanStats spanTotals() {
        return spanTotals;
    }

    /** Operations whose activity did not fit the workers' buffers, since the JVM started. */
    public static synchronized long activityOverflows() {
        return activityOverflows;
    }

    /**
     * Each worker's busy periods in the latest operation of any pool that records activity in this JVM, or null
     * when there is none new since the last call (never the same operation twice), or when a worker had more than
     * {@value dev.factored.forkjoin.FactoredPool#ACTIVITY_CAPACITY} busy periods in it (counted in
     * {@link #activityOverflows()}). Call it between operations.
     *
     * @param iteration the measurement iteration to label the operation with
     */
    public static ActivityLog.Operation lastActivity(int iteration) {
        Activity pool;
        synchronized (Ledger.class) {
            pool = lastRecorded;
            if (pool == null || recordedSequence == sampledSequence) {
                return null;
            }
            sampledSequence = recordedSequence;
        }
        return pool.last(iteration);
    }

    /** An operation of an instrumented pool (or of the elision and span pools: {@code elision}). */
    public static synchronized void add(long wall, long busy, long idle, long steals, long forks, boolean concurrent,
                                 int workers, boolean elision) {
        totals = totals.plus(wall, busy, idle, steals, forks, concurrent, workers, elision);
    }

    /**
     * An operation of unmodified fork/join code: its wall time; its idle time is P·wall until {@link PoolStats#minus}
     * takes the counted threads' CPU time (its caller's included) from it.
     */
    static synchronized void addEstimated(long wall, boolean concurrent, int workers) {
        totals = totals.plus(wall, 0, (long) workers * wall, 0, 0, concurrent, workers, false, true);
    }

    /** As {@link #addEstimated(long, boolean, int)}, for an operation timed at both ends ({@link PoolStats.Timed}). */
    static synchronized void addEstimated(long wall, boolean concurrent, int workers, PoolStats.TimedOperation op) {
        addEstimated(wall, concurrent, workers);
        totals = totals.withTimed(wall, op);
    }

    /** A span operation's strand timing, as the counters of that one operation. */
    public static synchronized void addSpan(SpanStats operation) {
        spanTotals = spanTotals.plus(operation);
    }

    /** A pool that records activity ended an operation: it is the one to sample next. */
    public static synchronized void recorded(Activity pool, boolean overflow) {
        if (overflow) {
            activityOverflows++;
        }
        recordedSequence++;
        lastRecorded = pool;
    }

    /**
     * A pool's record of its workers' busy periods in its latest recorded operation, which the pool hands to
     * {@link #recorded} and this hands out through {@link #lastActivity}.
     */
    public interface Activity {

        /**
         * Each worker's busy periods in the last recorded operation, labelled with {@code iteration}, or null when a
         * worker's buffer overflowed; called between operations.
         */
        ActivityLog.Operation last(int iteration);
    }
}
