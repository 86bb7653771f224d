package dev.factored.forkjoin;

/**
 * The strand timing of a {@code span} run (Cilkview, He, Leiserson and Leiserson, Fig. 13): the elision
 * of the task code, with the clock read at every strand boundary (a fork, the switch from the first
 * branch to the next, a join) and the strands combined into the work, the span and the burdened span.
 *
 * <ul>
 *   <li>work: every strand adds;</li>
 *   <li>span: a strand adds to the running span; every branch of a fork starts from the running span
 *       at the fork, and the join keeps the largest branch (max);</li>
 *   <li>burdened span: as the span, plus {@code burden} at the start of every forked branch, as if each
 *       were stolen (the branch that runs first on the forking worker is never stolen).</li>
 * </ul>
 *
 * <p>A clock read is never free: what one boundary's timing adds (the clock read and this class's bookkeeping:
 * a tree of empty tasks timed through this code less the same tree as the plain elision, {@link #calibrate}) is
 * subtracted from every strand; a strand's least time has the least such cost subtracted.
 *
 * <p><b>Each strand at its least disturbed time.</b> The span is a maximum over many strands, so one strand
 * that an interruption lengthened sets it: the wall clock alone read the example's 160 chunks of 50 µs as
 * parallelism 71. The thread's CPU clock does not help on a VM: it costs about 1.5 µs per read there, and a
 * CPU-time spin of 50 µs still read 94 µs at its 99th percentile (stalls the guest charges to the running
 * thread). What does help is that a span run repeats the same program: the elision visits the same dag in the
 * same order every operation, so strand k of one operation is strand k of the next. The recorder keeps each
 * strand's least time over the fork's operations so far and combines those; an interruption must then hit the
 * same strand in every operation to count. An operation whose dag differs from the last one's (another number
 * of strands or forks: a data-dependent split) is combined from its own times and starts the least times afresh.
 * Strands beyond {@link #MAX_TRACKED} per operation are combined from their own times.
 *
 * <p>Not final only so that a test can replace {@link #clock()} and check the combination exactly; with
 * no subclass loaded, the JIT inlines {@code System.nanoTime()} there.
 *
 * <p>One recorder serves one thread at a time: the {@link FactoredPool} of a span run makes it the
 * {@link #active} one for the operation in flight, and only the thread that runs that operation sees it.
 */
class SpanRecorder {

    /**
     * The recorder of the span operation in flight, or null. Plain (not volatile) on purpose: it is read
     * on every elided fork, and only the thread that set it acts on it ({@link #current} checks the
     * thread), so a stale value in another thread is never used.
     */
    private static SpanRecorder active;

    /** Strands per operation whose least time is kept: two floats each, 16 MiB at most. */
    static final int MAX_TRACKED = 1 << 21;

    private final double clockCost;
    /**
     * What the least times add over the mean clock cost they already had subtracted: a strand's least time is
     * a minimum over operations, so the boundary cost in it is the least one, not the mean (on strands of tens of
     * nanoseconds, the mean made most of a fib(30) tree's strands negative).
     */
    private final double leastCostCorrection;
    private final double burden;
    private Thread thread;
    private long last;
    /** The combination of this operation's own strand times. */
    private double work;
    private double span;
    private double burdened;
    /** The same combination of each strand's least time over the operations so far. */
    private double leastWork;
    private double leastSpan;
    private double leastBurdened;
    private long spawns;
    private long strands;
    /** This operation's strand times, and the least time of each strand over the operations of the same dag. */
    private float[] own = new float[0];
    private float[] least = new float[0];
    /** Strands and forks of the last operation: the same dag has the same counts; -1 before the first. */
    private long lastStrands = -1;
    private long lastSpawns = -1;
    /** Whether the last operation was combined from least times (its dag matched the one before). */
    private boolean lastFromLeast;

    /**
     * @param clockCostNanos subtracted from every strand
     * @param burdenNanos    added to every forked branch on the burdened span
     */
    SpanRecorder(double clockCostNanos, double burdenNanos) {
        this(clockCostNanos, clockCostNanos, burdenNanos);
    }

    /**
     * @param clockCostNanos      the mean cost of a boundary, subtracted from every strand's own time
     * @param leastClockCostNanos the mean over strands of each one's least boundary cost, subtracted from least times
     */
    SpanRecorder(double clockCostNanos, double leastClockCostNanos, double burdenNanos) {
        this.clockCost = clockCostNanos;
        this.leastCostCorrection = clockCostNanos - leastClockCostNanos;
        this.burden = burdenNanos;
    }

    /** The recorder timing {@code thread}'s operation, or null when it runs none (the plain elision). */
    static SpanRecorder current(Thread thread) {
        SpanRecorder r = active;
        return r != null && r.thread == thread ? r : null;
    }

    /** Whether a span operation of another thread is in flight (one at a time per JVM). */
    static boolean busyElsewhere(Thread thread) {
        SpanRecorder r = active;
        return r != null && r.thread != thread;
    }

    /** Starts an operation on the calling thread: its first strand begins now. */
    void begin() {
        thread = Thread.currentThread();
        work = 0;
        span = 0;
        burdened = 0;
        leastWork = 0;
        leastSpan = 0;
        leastBurdened = 0;
        spawns = 0;
        strands = 0;
        active = this;
        last = clock();
    }

    /** The clock strands are timed with. */
    long clock() {
        return System.nanoTime();
    }

    /** Ends the operation's last strand and stops timing. */
    void end() {
        strand();
        active = null;
        thread = null;
        lastFromLeast = strands == lastStrands && spawns == lastSpawns;
        if (!lastFromLeast) {
            // Another dag: its own times are the least times to start from.
            int n = (int) Math.min(strands, least.length);
            System.arraycopy(own, 0, least, 0, n);
        }
        lastStrands = strands;
        lastSpawns = spawns;
    }

    /** The last operation's work: the sum of its strands, each at its least time when the dag repeated. */
    double work() {
        return lastFromLeast ? leastWork : work;
    }

    double span() {
        return lastFromLeast ? leastSpan : span;
    }

    double burdenedSpan() {
        return lastFromLeast ? leastBurdened : burdened;
    }

    /** Whether the last operation was combined from least times (the same dag as the operation before). */
    boolean fromLeastTimes() {
        return lastFromLeast;
    }

    long spawns() {
        return spawns;
    }

    long strands() {
        return strands;
    }

    /** Closes the strand running since the last boundary: it adds to the work and to both running spans. */
    private void strand() {
        long now = clock();
        double d = (now - last) - clockCost;
        last = now;
        double l = d;
        int k = (int) Math.min(strands, Integer.MAX_VALUE);
        if (k < MAX_TRACKED) {
            if (k >= own.length) {
                grow(k);
            }
            own[k] = (float) d;
            if (k < lastStrands && least[k] < d) {
                l = least[k];
            } else {
                least[k] = (float) d;
            }
        }
        work += d;
        span += d;
        burdened += d;
        l += leastCostCorrection;
        leastWork += l;
        leastSpan += l;
        leastBurdened += l;
        strands++;
    }

    private void grow(int k) {
        int size = Math.min(MAX_TRACKED, Math.max(1024, Integer.highestOneBit(k) << 1));
        own = java.util.Arrays.copyOf(own, size);
        least = java.util.Arrays.copyOf(least, size);
    }

    /** {@code forkJoin(first, second)}: first runs, second is forked (it is the one that can be stolen). */
    void forkJoin(FactoredTask<?> first, FactoredTask<?> second) {
        strand();
        spawns++;
        double spanAtFork = span;
        double burdenedAtFork = burdened;
        double leastSpanAtFork = leastSpan;
        double leastBurdenedAtFork = leastBurdened;
        first.runInline();
        strand();
        double spanFirst = span;
        double burdenedFirst = burdened;
        double leastSpanFirst = leastSpan;
        double leastBurdenedFirst = leastBurdened;
        span = spanAtFork;
        burdened = burdenedAtFork + burden;
        leastSpan = leastSpanAtFork;
        leastBurdened = leastBurdenedAtFork + burden;
        second.runInline();
        strand();
        span = Math.max(span, spanFirst);
        burdened = Math.max(burdened, burdenedFirst);
        leastSpan = Math.max(leastSpan, leastSpanFirst);
        leastBurdened = Math.max(leastBurdened, leastBurdenedFirst);
    }

    /** {@code invokeAll(tasks)}: tasks[0] runs on the forking worker, the other n − 1 are forked. */
    void runAll(FactoredTask<?>[] tasks) {
        strand();
        spawns += tasks.length - 1;
        double spanAtFork = span;
        double burdenedAtFork = burdened;
        double leastSpanAtFork = leastSpan;
        double leastBurdenedAtFork = leastBurdened;
        double spanMax = Double.NEGATIVE_INFINITY;
        double burdenedMax = Double.NEGATIVE_INFINITY;
        double leastSpanMax = Double.NEGATIVE_INFINITY;
        double leastBurdenedMax = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < tasks.length; i++) {
            double b = i == 0 ? 0 : burden;
            span = spanAtFork;
            burdened = burdenedAtFork + b;
            leastSpan = leastSpanAtFork;
            leastBurdened = leastBurdenedAtFork + b;
            tasks[i].runInline();
            strand();
            spanMax = Math.max(spanMax, span);
            burdenedMax = Math.max(burdenedMax, burdened);
            leastSpanMax = Math.max(leastSpanMax, leastSpan);
            leastBurdenedMax = Math.max(leastBurdenedMax, leastBurdened);
        }
        span = spanMax;
        burdened = burdenedMax;
        leastSpan = leastSpanMax;
        leastBurdened = leastBurdenedMax;
    }

    /**
     * The clock cost: nanoseconds one strand boundary adds to the strands it closes, measured on a tree of empty
     * tasks run through this very code and, alternately, through the plain elision: the difference is what the
     * timing adds (the clock read and this class's bookkeeping), and only that is subtracted. The elided fork's
     * own call and the task objects stay in the work, as they are in the elision's time (subtracting the whole
     * boundary once left a fib(30) tree with cutoff 10 at 41 µs of work for an 8.4 ms elision).
     *
     * @param rounds measured rounds after the warm-up
     * @return {@code [mean cost per strand, standard deviation between rounds, the least cost per strand]} in ns,
     *         the least being each strand's least span-run time over the rounds less the elision's least time, per
     *         strand: the cost inside a strand's least time
     */
    static double[] calibrate(int rounds) {
        Empty root = Empty.tree(10);
        SpanRecorder r = new SpanRecorder(0, 0);
        long warmUntil = System.nanoTime() + 50_000_000L; // enough for the JIT to compile both paths
        while (System.nanoTime() < warmUntil) {
            r.measureOnce(root);
            elisionOnce(root);
        }
        double[] perStrand = new double[rounds];
        long leastElision = Long.MAX_VALUE;
        for (int i = 0; i < rounds; i++) {
            long elision = elisionOnce(root);
            leastElision = Math.min(leastElision, elision);
            perStrand[i] = r.measureOnce(root) - (double) elision / r.strands;
        }
        double mean = 0;
        for (double v : perStrand) {
            mean += v / rounds;
        }
        double var = 0;
        for (double v : perStrand) {
            var += (v - mean) * (v - mean) / Math.max(1, rounds - 1);
        }
        double least = r.fromLeastTimes() ? (r.leastWork - leastElision) / r.strands : mean;
        return new double[] {Math.max(0, mean), Math.sqrt(var), Math.max(0, Math.min(mean, least))};
    }

    /** The empty tree's time as the plain elision (no recorder active). */
    private static long elisionOnce(Empty root) {
        long start = System.nanoTime();
        root.runInline();
        return System.nanoTime() - start;
    }

    private double measureOnce(Empty root) {
        if (busyElsewhere(Thread.currentThread())) {
            throw new IllegalStateException("a span operation is in flight on another thread");
        }
        begin();
        try {
            root.runInline();
        } finally {
            end();
        }
        return work / strands; // its own times: the cost of a boundary, not the least of it
    }

    /** A task with no work of its own: a complete binary tree of forkJoins. Reusable (no state but children). */
    private static final class Empty extends FactoredTask<Void> {
        private static final long serialVersionUID = 1L;
        private final Empty left;
        private final Empty right;

        private Empty(Empty left, Empty right) {
            this.left = left;
            this.right = right;
        }

        static Empty tree(int depth) {
            return depth == 0 ? new Empty(null, null) : new Empty(tree(depth - 1), tree(depth - 1));
        }

        @Override
        protected Void compute() {
            if (left != null) {
                forkJoin(left, right);
            }
            return null;
        }
    }
}
