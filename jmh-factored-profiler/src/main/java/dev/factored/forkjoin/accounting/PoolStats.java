package dev.factored.forkjoin.accounting;

/**
 * Counters of finished pool operations, cumulative since the JVM started (see
 * {@link Ledger#totals()}) or since a pool opened ({@link dev.factored.forkjoin.FactoredPool#stats()}). Subtract two
 * snapshots to get the counts of an interval, e.g. one JMH iteration.
 *
 * @param counts    what the operations were and what their tasks did
 * @param times     the pooled operations' wall, busy and idle time
 * @param workers   workers of the most recently used pool (0: elision or none)
 * @param threadCpu the counted threads' CPU time ({@link CountedThreads}), as the snapshot's reading of them found it
 * @param timed     of the estimated operations, those long enough to read their caller's CPU time and the collectors'
 *                  pause time at both of their ends ({@link Timed})
 */
public record PoolStats(Counts counts, Times times, int workers, ThreadCpu threadCpu, Timed timed) {

    public static final PoolStats ZERO = new PoolStats(Counts.ZERO, Times.ZERO, 0, ThreadCpu.ZERO, Timed.ZERO);

    /**
     * What was counted of the operations.
     *
     * @param operations           finished {@code invoke} calls, elision ones included
     * @param elisionOperations    of which ran with no pool (the elision configuration)
     * @param concurrentOperations operations that started while another was in flight on the same pool;
     *                             their idle time is not meaningful
     * @param estimatedOperations  of the operations, those of unmodified fork/join code
     *                             ({@link dev.factored.forkjoin.MeasuredForkJoinPool}, {@code Cores.call}), whose busy
     *                             and idle time are estimated from the threads' CPU time instead of counted at
     *                             busy/idle transitions
     * @param steals               tasks a worker started while it had nothing to run: steals, and tasks
     *                             it helped with while waiting in a join (the root task of an operation
     *                             is not counted: at P = 1 there are no steals); for the common and measured
     *                             pools, their own steal counts, read with the snapshot
     * @param forks                tasks forked onto a worker's deque
     */
    public record Counts(long operations, long elisionOperations, long concurrentOperations, long estimatedOperations,
            long steals, long forks) {

        public static final Counts ZERO = new Counts(0, 0, 0, 0, 0, 0);

        Counts minus(Counts earlier) {
            return new Counts(operations - earlier.operations, elisionOperations - earlier.elisionOperations,
                    concurrentOperations - earlier.concurrentOperations,
                    estimatedOperations - earlier.estimatedOperations, steals - earlier.steals, forks - earlier.forks);
        }
    }

    /**
     * The time of the pooled operations, summed over them.
     *
     * @param wallNanos summed wall time of pooled operations
     * @param busyNanos summed time workers spent running tasks during pooled operations
     * @param idleNanos summed idle time: per operation P·wall − busy
     */
    public record Times(long wallNanos, long busyNanos, long idleNanos) {

        public static final Times ZERO = new Times(0, 0, 0);
    }

    /**
     * The counted threads' CPU time, as a reading of {@link CountedThreads} found it.
     *
     * @param workerCpuNanos in a snapshot, the CPU time of the workers {@link CountedThreads} counts since the JVM
     *                       started; in a difference, theirs in the interval, already moved from idle to busy
     *                       when the interval had estimated operations
     * @param callerCpuNanos in a snapshot, the CPU time of the callers {@link CountedThreads} counts since they
     *                       were first counted; in a difference, theirs within the interval's operations (the
     *                       interval's time outside them taken out), moved from idle to busy as the workers'
     * @param readNanos      in a snapshot, the {@link System#nanoTime()} of its reading of the counted threads
     *                       (0 without one); in a difference, the interval's length
     * @param sameWorkers    in a snapshot, whether its reading of the counted threads found the workers the previous
     *                       reading had found, none ended in between; in a difference, the later snapshot's: the
     *                       operations in between that read the workers at their ends then read all of them
     */
    public record ThreadCpu(long workerCpuNanos, long callerCpuNanos, long readNanos, boolean sameWorkers) {

        public static final ThreadCpu ZERO = new ThreadCpu(0, 0, 0, false);
    }

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
     * workers at its ends and they were all the workers there were ({@link ThreadCpu#sameWorkers}), the workers' part
     * is theirs within the operations, not over the interval: between operations JMH does not measure they spin before
     * they park, which is not the operations' work.
     */
    public PoolStats minus(PoolStats earlier) {
        Counts countsDelta = counts.minus(earlier.counts);
        long estimated = countsDelta.estimatedOperations();
        long cpu = Math.max(0, threadCpu.workerCpuNanos - earlier.threadCpu.workerCpuNanos);
        Timed timedDelta = timed.minus(earlier.timed);
        if (estimated > 0 && threadCpu.sameWorkers && timedDelta.workerOperations() == estimated) {
            cpu = Math.min(cpu, Math.max(0, timedDelta.workerCpuNanos()));
        }
        long busy = times.busyNanos - earlier.times.busyNanos;
        long idle = times.idleNanos - earlier.times.idleNanos;
        long wall = times.wallNanos - earlier.times.wallNanos;
        long interval = threadCpu.readNanos > 0 && earlier.threadCpu.readNanos > 0
                ? threadCpu.readNanos - earlier.threadCpu.readNanos : 0;
        long caller = 0;
        if (estimated > 0) {
            long outside = Math.max(0, interval - wall);
            long untimedWall = Math.max(0, wall - timedDelta.wallNanos());
            long untimed = Math.min(untimedWall, Math.max(0, threadCpu.callerCpuNanos
                    - earlier.threadCpu.callerCpuNanos - timedDelta.callerCpuNanos() - outside));
            caller = Math.min(wall, Math.max(0, timedDelta.callerCpuNanos()) + untimed);
            long moved = Math.min(cpu + caller, Math.max(0, idle));
            busy += moved;
            idle -= moved;
        }
        return new PoolStats(countsDelta, new Times(wall, busy, idle), workers,
                new ThreadCpu(cpu, caller, interval, threadCpu.sameWorkers), timedDelta);
    }

    /** This snapshot with the counted threads' CPU time and the common and measured pools' steals read now. */
    PoolStats withCounted(CountedThreads.Reading reading) {
        Counts withSteals = new Counts(counts.operations, counts.elisionOperations, counts.concurrentOperations,
                counts.estimatedOperations, counts.steals + reading.steals(), counts.forks);
        return new PoolStats(withSteals, times, workers, new ThreadCpu(reading.cumulativeNanos(),
                reading.callerNanos(), reading.atNanos(), reading.sameWorkers()), timed);
    }

    /**
     * These counters with one more operation of an instrumented pool (or of the elision and span pools:
     * {@code elision}).
     */
    public PoolStats plus(long wall, long busy, long idle, long stealCount, long forkCount, boolean concurrent,
                          int poolWorkers, boolean elision) {
        return plus(wall, busy, idle, stealCount, forkCount, concurrent, poolWorkers, elision, false);
    }

    PoolStats plus(long wall, long busy, long idle, long stealCount, long forkCount, boolean concurrent,
                   int poolWorkers, boolean elision, boolean estimated) {
        Counts more = new Counts(counts.operations + 1, counts.elisionOperations + (elision ? 1 : 0),
                counts.concurrentOperations + (concurrent ? 1 : 0), counts.estimatedOperations + (estimated ? 1 : 0),
                counts.steals + stealCount, counts.forks + forkCount);
        Times longer = new Times(times.wallNanos + wall, times.busyNanos + busy, times.idleNanos + idle);
        return new PoolStats(more, longer, poolWorkers, threadCpu, timed);
    }

    /** These counters with one more timed operation (already added by {@link #plus}). */
    PoolStats withTimed(long wall, TimedOperation op) {
        return new PoolStats(counts, times, workers, threadCpu, timed.plus(wall, op));
    }

    /**
     * The counters in one flat list, as the profiler's verbose line has printed them since before they were grouped:
     * the groups' names would only lengthen it.
     */
    @Override
    public String toString() {
        return "PoolStats[operations=" + counts.operations + ", elisionOperations=" + counts.elisionOperations
                + ", wallNanos=" + times.wallNanos + ", busyNanos=" + times.busyNanos + ", idleNanos=" + times.idleNanos
                + ", steals=" + counts.steals + ", forks=" + counts.forks
                + ", concurrentOperations=" + counts.concurrentOperations + ", workers=" + workers
                + ", estimatedOperations=" + counts.estimatedOperations + ", workerCpuNanos=" + threadCpu.workerCpuNanos
                + ", callerCpuNanos=" + threadCpu.callerCpuNanos + ", readNanos=" + threadCpu.readNanos
                + ", timed=" + timed + ", sameWorkers=" + threadCpu.sameWorkers + "]";
    }
}
