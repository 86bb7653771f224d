package dev.factored.forkjoin;

import dev.factored.contract.ActivityLog;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;

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
final class FactoredWorker extends RegisteredWorker {

    /** Whether this worker is inside a task right now (and not waiting in a join). */
    boolean busy;
    private long busySince;
    long busyNanos;
    long steals;
    long forks;

    /**
     * The busy periods of the current operation as (start, end) pairs of clock reads, when the pool records
     * activity (null when it does not: then recording costs one null check per transition).
     */
    private long[] activity;
    /** The buffer {@link #activity} points to while recording; null when the pool never records. */
    private final long[] activityBuffer;
    /** Per recorded period: whether it began with new work (a root, a steal, a task helped in a join). */
    private final boolean[] activityNew;
    int activityCount;
    boolean activityOverflow;
    private boolean busyWithNewWork;

    FactoredWorker(ForkJoinPool pool, int activityCapacity) {
        super(pool);
        activityBuffer = activityCapacity > 0 ? new long[2 * activityCapacity] : null;
        activity = activityBuffer;
        activityNew = activityCapacity > 0 ? new boolean[activityCapacity] : null;
    }

    /** Busy with a task taken from elsewhere: the operation's root, a steal, a task helped in a join. */
    void startBusy() {
        busySince = System.nanoTime();
        busy = true;
        busyWithNewWork = true;
    }

    /** Busy again in a task that waited in a join for a stolen child. */
    void resumeBusy() {
        busySince = System.nanoTime();
        busy = true;
        busyWithNewWork = false;
    }

    void stopBusy() {
        long now = System.nanoTime();
        busyNanos += now - busySince;
        busy = false;
        long[] a = activity;
        if (a != null) {
            int n = activityCount;
            if (2 * n + 1 < a.length) {
                a[2 * n] = busySince;
                a[2 * n + 1] = now;
                activityNew[n] = busyWithNewWork;
                activityCount = n + 1;
            } else {
                activityOverflow = true;
            }
        }
    }

    /** Switches recording on or off; called between operations, while the worker has nothing to run. */
    void recordActivity(boolean on) {
        activity = on ? activityBuffer : null;
    }

    /** Starts the recording of a new operation; called while the worker has nothing to run. */
    void clearActivity() {
        activityCount = 0;
        activityOverflow = false;
    }

    /**
     * The busy periods recorded in the last operation, relative to {@code start} and clamped to
     * {@code [0, wall]}; null when the buffer overflowed.
     */
    List<ActivityLog.Interval> activitySince(long start, long wall) {
        if (activityOverflow) {
            return null;
        }
        List<ActivityLog.Interval> lane = new ArrayList<>(activityCount);
        long last = 0;
        for (int k = 0; k < activityCount; k++) {
            long from = Math.min(wall, Math.max(last, activityBuffer[2 * k] - start));
            long to = Math.min(wall, Math.max(from, activityBuffer[2 * k + 1] - start));
            lane.add(new ActivityLog.Interval(from, to, activityNew[k]));
            last = to;
        }
        return lane;
    }
}
