package dev.factored.forkjoin;

/**
 * Counters of finished pool operations, cumulative since the JVM started (see
 * {@link Ledger#totals()}) or since a pool opened ({@link FactoredPool#stats()}). Subtract two
 * snapshots to get the counts of an interval, e.g. one JMH iteration.
 *
 * @param operations           finished {@code invoke} calls, elision ones included
 * @param elisionOperations    of which ran with no pool (the elision configuration)
 * @param wallNanos            summed wall time of pooled operations
 * @param busyNanos            summed time workers spent running tasks during pooled operations
 * @param idleNanos            summed idle time: per operation P·wall − busy
 * @param steals               tasks a worker started while it had nothing to run: steals, and tasks
 *                             it helped with while waiting in a join (the root task of an operation
 *                             is not counted: at P = 1 there are no steals); for the common and measured
 *                             pools, their own steal counts, read with the snapshot
 * @param forks                tasks forked onto a worker's deque
 * @param concurrentOperations operations that started while another was in flight on the same pool;
 *                             their idle time is not meaningful
 * @param workers              workers of the most recently used pool (0: elision or none)
 * @param estimatedOperations  of the operations, those of unmodified fork/join code ({@link MeasuredForkJoinPool},
 *                             {@code Cores.call}), whose busy and idle time are estimated from the threads' CPU
 *                             time instead of counted at busy/idle transitions
 * @param workerCpuNanos       in a snapshot, the CPU time of the workers {@link CountedThreads} counts since the JVM
 *                             started; in a difference, theirs in the interval, already moved from idle to busy
 *                             when the interval had estimated operations
 * @param callerCpuNanos       in a snapshot, the CPU time of the callers {@link CountedThreads} counts since they
 *                             were first counted; in a difference, theirs within the interval's operations (the
 *                             interval's time outside them taken out), moved from idle to busy as the workers'
 * @param readNanos            in a snapshot, the {@link System#nanoTime()} of its reading of the counted threads
 *                             (0 without one); in a difference, the interval's length
 * @param timed                of the estimated operations, those long enough to read their caller's CPU time and
 *                             the collectors' pause time at both of their ends ({@link Timed})
 * @param sameWorkers          in a snapshot, whether its reading of the counted threads found the workers the previous
 *                             reading had found, none ended in between; in a difference, the later snapshot's: the
 *                             operations in between that read the workers at their ends then read all of them
 */
public record PoolStats(
        long operations,
        long elisionOperations,
        long wallNanos,
        long busyNanos,
        long idleNanos,
        long steals,
        long forks,
        long concurrentOperations,
        int workers,
        long estimatedOperations,
        long workerCpuNanos,
        long callerCpuNanos,
        long readNanos,
        Timed timed,
        boolean sameWorkers) {

    public static final PoolStats ZERO = new PoolStats(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, Timed.ZERO, false);

    /**
     * Estimated operations timed at both ends: how many, their wall time, their caller's CPU time within them and the
     * collectors' pause time within them (ms, the beans' resolution, summed over the operations). What JMH does not
     * time (a {@code Level.Invocation} setup or teardown: its sleeps, its {@code System.gc()}) falls between two
     * operations and so in none of these, where the interval's totals have it. Of them, those long enough for every
     * worker's CPU clock to be read at both ends too ({@code workerOperations}, {@link EstimatedIdle#WORKER_NANOS}) and
     * the workers' CPU time within them ({@code workerCpuNanos}): what the workers spin between two such operations is
     * in neither. Of them too, those that followed another operation of the same interval ({@code followingOperations})
     * and, of these, those that began after a pause ({@code afterPauseOperations}, {@link EstimatedIdle#PAUSE_SHARE}),
     * in which the pool's workers park.
     */
    public record Timed(long operations, long wallNanos, long callerCpuNanos, long gcMillis, long workerOperations,
            long workerCpuNanos, long followingOperations, long afterPauseOperations) {

        public static final Timed ZERO = new Timed(0, 0, 0, 0, 0, 0, 0, 0);

        /** Without the workers read per operation, and none following another. */
        public Timed(long operations, long wallNanos, long callerCpuNanos, long gcMillis) {
            this(operations, wallNanos, callerCpuNanos, gcMillis, 0, 0, 0, 0);
        }

        Timed plus(long wall, TimedOperation op) {
            return new Timed(operations + 1, wallNanos + wall, callerCpuNanos + op.callerCpuNanos(),
                    gcMillis + op.gcMillis(), workerOperations + (op.workerCpuNanos() >= 0 ? 1 : 0),
                    workerCpuNanos + Math.max(0, op.workerCpuNanos()), followingOperations + (op.following() ? 1 : 0),
                    afterPauseOperations + (op.afterPause() ? 1 : 0));
        }

        Timed minus(Timed earlier) {
            return new Timed(operations - earlier.operations, wallNanos - earlier.wallNanos,
                    callerCpuNanos - earlier.callerCpuNanos, gcMillis - earlier.gcMillis,
                    workerOperations - earlier.workerOperations, workerCpuNanos - earlier.workerCpuNanos,
                    followingOperations - earlier.followingOperations,
                    afterPauseOperations - earlier.afterPauseOperations);
        }
    }

    /**
     * One timed operation's readings: its caller's CPU time and the collectors' pause time within it, the workers' CPU
     * time within it (-1 when they were not read), whether it followed another operation of the same interval and
     * whether it began after a pause.
     */
    record TimedOperation(long callerCpuNanos, long gcMillis, long workerCpuNanos, boolean following,
            boolean afterPause) {
    }

    /** Counters with the counted threads' CPU time and no timed operation. */
    public PoolStats(long operations, long elisionOperations, long wallNanos, long busyNanos, long idleNanos,
            long steals, long forks, long concurrentOperations, int workers, long estimatedOperations,
            long workerCpuNanos, long callerCpuNanos, long readNanos) {
        this(operations, elisionOperations, wallNanos, busyNanos, idleNanos, steals, forks, concurrentOperations,
                workers, estimatedOperations, workerCpuNanos, callerCpuNanos, readNanos, Timed.ZERO, false);
    }

    /** Counters with the workers' CPU time and no caller's. */
    public PoolStats(long operations, long elisionOperations, long wallNanos, long busyNanos, long idleNanos,
            long steals, long forks, long concurrentOperations, int workers, long estimatedOperations,
            long workerCpuNanos) {
        this(operations, elisionOperations, wallNanos, busyNanos, idleNanos, steals, forks, concurrentOperations,
                workers, estimatedOperations, workerCpuNanos, 0, 0);
    }

    /** Counters without the counted threads' CPU time. */
    public PoolStats(long operations, long elisionOperations, long wallNanos, long busyNanos, long idleNanos,
            long steals, long forks, long concurrentOperations, int workers, long estimatedOperations) {
        this(operations, elisionOperations, wallNanos, busyNanos, idleNanos, steals, forks, concurrentOperations,
                workers, estimatedOperations, 0);
    }

    /** Counters with no estimated operation. */
    public PoolStats(long operations, long elisionOperations, long wallNanos, long busyNanos, long idleNanos,
            long steals, long forks, long concurrentOperations, int workers) {
        this(operations, elisionOperations, wallNanos, busyNanos, idleNanos, steals, forks, concurrentOperations,
                workers, 0);
    }

    /**
     * The counts between {@code earlier} and this snapshot; {@code workers} is this snapshot's. When estimated
     * operations ran in between, the counted threads' CPU time of the interval is theirs: it moves from idle to
     * busy (idle never below 0, busy never above P·wall). The callers' part is what the timed operations read at
     * their ends, and for the others their CPU time over the interval less the interval's time outside the
     * operations, in which a caller runs the benchmark's own code (copying its input, JMH's loop): that time counts
     * as on the CPU, so a caller descheduled outside its operations reads as less busy in them than it was (idle
     * overestimated by at most the time it waited; pinning keeps it small). Operations long enough to be timed are
     * the ones a {@code Level.Invocation} setup or teardown goes with (JMH's advice), whose sleeps and collections
     * would otherwise read as time the caller spent off its CPU inside them. When every estimated operation read the
     * workers at its ends and they were all the workers there were ({@link #sameWorkers}), the workers' part is theirs
     * within the operations, not over the interval: between operations JMH does not measure they spin before they
     * park, which is not the operations' work.
     */
    public PoolStats minus(PoolStats earlier) {
        long estimated = estimatedOperations - earlier.estimatedOperations;
        long cpu = Math.max(0, workerCpuNanos - earlier.workerCpuNanos);
        Timed timedDelta = timed.minus(earlier.timed);
        if (estimated > 0 && sameWorkers && timedDelta.workerOperations() == estimated) {
            cpu = Math.min(cpu, Math.max(0, timedDelta.workerCpuNanos()));
        }
        long busy = busyNanos - earlier.busyNanos;
        long idle = idleNanos - earlier.idleNanos;
        long wall = wallNanos - earlier.wallNanos;
        long interval = readNanos > 0 && earlier.readNanos > 0 ? readNanos - earlier.readNanos : 0;
        long caller = 0;
        if (estimated > 0) {
            long outside = Math.max(0, interval - wall);
            long untimedWall = Math.max(0, wall - timedDelta.wallNanos());
            long untimed = Math.min(untimedWall, Math.max(0,
                    callerCpuNanos - earlier.callerCpuNanos - timedDelta.callerCpuNanos() - outside));
            caller = Math.min(wall, Math.max(0, timedDelta.callerCpuNanos()) + untimed);
            long moved = Math.min(cpu + caller, Math.max(0, idle));
            busy += moved;
            idle -= moved;
        }
        return new PoolStats(
                operations - earlier.operations,
                elisionOperations - earlier.elisionOperations,
                wallNanos - earlier.wallNanos,
                busy,
                idle,
                steals - earlier.steals,
                forks - earlier.forks,
                concurrentOperations - earlier.concurrentOperations,
                workers,
                estimated,
                cpu,
                caller,
                interval,
                timedDelta,
                sameWorkers);
    }

    /** This snapshot with the counted threads' CPU time and the common and measured pools' steals read now. */
    PoolStats withCounted(CountedThreads.Reading counted) {
        return new PoolStats(operations, elisionOperations, wallNanos, busyNanos, idleNanos,
                steals + counted.steals(), forks, concurrentOperations, workers, estimatedOperations,
                counted.cumulativeNanos(), counted.callerNanos(), counted.atNanos(), timed, counted.sameWorkers());
    }

    PoolStats plus(long wall, long busy, long idle, long stealCount, long forkCount, boolean concurrent,
                   int poolWorkers, boolean elision) {
        return plus(wall, busy, idle, stealCount, forkCount, concurrent, poolWorkers, elision, false);
    }

    PoolStats plus(long wall, long busy, long idle, long stealCount, long forkCount, boolean concurrent,
                   int poolWorkers, boolean elision, boolean estimated) {
        return new PoolStats(
                operations + 1,
                elisionOperations + (elision ? 1 : 0),
                wallNanos + wall,
                busyNanos + busy,
                idleNanos + idle,
                steals + stealCount,
                forks + forkCount,
                concurrentOperations + (concurrent ? 1 : 0),
                poolWorkers,
                estimatedOperations + (estimated ? 1 : 0),
                workerCpuNanos,
                callerCpuNanos,
                readNanos,
                timed,
                sameWorkers);
    }

    /** These counters with one more timed operation (already added by {@link #plus}). */
    PoolStats withTimed(long wall, TimedOperation op) {
        return new PoolStats(operations, elisionOperations, wallNanos, busyNanos, idleNanos, steals, forks,
                concurrentOperations, workers, estimatedOperations, workerCpuNanos, callerCpuNanos, readNanos,
                timed.plus(wall, op), sameWorkers);
    }
}
