package dev.factored.forkjoin;

import dev.factored.contract.ActivityLog;
import dev.factored.forkjoin.accounting.Ledger;
import java.util.ArrayList;
import java.util.List;

/**
 * A pool's record of its workers' busy periods in its latest operation, for the activity timeline and the split of
 * idle time. The workers keep the periods themselves, in buffers of {@value FactoredPool#ACTIVITY_CAPACITY} periods
 * allocated when they start (two array stores per busy period, no extra clock read); this holds whether they use
 * them now, when the latest recorded operation started and how long it took, and hands its periods to
 * {@link Ledger#lastActivity} between operations. Only one operation at a time records: one overlapping another would
 * reset its buffers.
 */
final class PoolActivity implements Ledger.Activity {

    /** The pool's workers, as the pool adds them. */
    private final List<FactoredWorker> workers;
    /** Whether the workers have activity buffers; {@link #recording} says whether they use them now. */
    private final boolean buffers;
    private volatile boolean recording;
    /** Clock reads at the start of the last recorded operation and its wall time, for {@link #last}. */
    private long lastStart;
    private long lastWall;

    PoolActivity(List<FactoredWorker> workers, boolean buffers) {
        this.workers = workers;
        this.buffers = buffers;
        this.recording = buffers;
    }

    /** The periods a new worker's buffer holds: {@value FactoredPool#ACTIVITY_CAPACITY}, or none. */
    int capacity() {
        return buffers ? FactoredPool.ACTIVITY_CAPACITY : 0;
    }

    /** Whether the workers keep their busy periods now. */
    boolean recording() {
        return recording;
    }

    /**
     * Switches the recording off and on again between operations.
     *
     * @throws IllegalStateException if the pool was opened without activity buffers
     */
    synchronized void record(boolean on) {
        if (!buffers) {
            throw new IllegalStateException("this pool was opened without activity buffers: "
                    + "use FactoredPool.withWorkers(P, true)");
        }
        // The workers are idle between operations; the next submission publishes the change to them.
        for (FactoredWorker w : workers) {
            w.recordActivity(on);
        }
        recording = on;
    }

    /** Before an operation: whether it records (not when it overlaps another), its workers' buffers emptied if so. */
    boolean start(boolean concurrent) {
        boolean record = recording && !concurrent;
        if (record) {
            for (FactoredWorker w : workers) {
                w.clearActivity();
            }
        }
        return record;
    }

    /** After a recorded operation that started at {@code start} and took {@code wall}: the one to sample next. */
    void recorded(long start, long wall) {
        boolean overflow = false;
        for (FactoredWorker w : workers) {
            overflow |= w.activityOverflow;
        }
        synchronized (this) {
            lastStart = start;
            lastWall = wall;
        }
        Ledger.recorded(this, overflow);
    }

    /**
     * Each worker's busy periods in the last recorded operation, labelled with {@code iteration}, or null when a
     * worker's buffer overflowed; read by {@link Ledger#lastActivity}, between operations.
     */
    @Override
    public synchronized ActivityLog.Operation last(int iteration) {
        List<List<ActivityLog.Interval>> lanes = new ArrayList<>();
        for (FactoredWorker w : workers) {
            List<ActivityLog.Interval> lane = w.activitySince(lastStart, lastWall);
            if (lane == null) {
                return null;
            }
            lanes.add(lane);
        }
        return new ActivityLog.Operation(iteration, lastWall, lanes);
    }
}
