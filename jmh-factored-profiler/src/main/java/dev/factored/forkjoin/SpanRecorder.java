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
 * <p>A clock read is never free: the calibrated cost of one boundary (the clock read and this class's
 * bookkeeping, measured by {@link #calibrate()} on empty strands) is subtracted from every strand.
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

    private final double clockCost;
    private final double burden;
    private Thread thread;
    private long last;
    private double work;
    private double span;
    private double burdened;
    private long spawns;
    private long strands;

    /**
     * @param clockCostNanos subtracted from every strand
     * @param burdenNanos    added to every forked branch on the burdened span
     */
    SpanRecorder(double clockCostNanos, double burdenNanos) {
        this.clockCost = clockCostNanos;
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
    }

    double work() {
        return work;
    }

    double span() {
        return span;
    }

    double burdenedSpan() {
        return burdened;
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
        work += d;
        span += d;
        burdened += d;
        strands++;
    }

    /** {@code forkJoin(first, second)}: first runs, second is forked (it is the one that can be stolen). */
    void forkJoin(FactoredTask<?> first, FactoredTask<?> second) {
        strand();
        spawns++;
        double spanAtFork = span;
        double burdenedAtFork = burdened;
        first.runInline();
        strand();
        double spanFirst = span;
        double burdenedFirst = burdened;
        span = spanAtFork;
        burdened = burdenedAtFork + burden;
        second.runInline();
        strand();
        span = Math.max(span, spanFirst);
        burdened = Math.max(burdened, burdenedFirst);
    }

    /** {@code invokeAll(tasks)}: tasks[0] runs on the forking worker, the other n − 1 are forked. */
    void runAll(FactoredTask<?>[] tasks) {
        strand();
        spawns += tasks.length - 1;
        double spanAtFork = span;
        double burdenedAtFork = burdened;
        double spanMax = Double.NEGATIVE_INFINITY;
        double burdenedMax = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < tasks.length; i++) {
            span = spanAtFork;
            burdened = i == 0 ? burdenedAtFork : burdenedAtFork + burden;
            tasks[i].runInline();
            strand();
            spanMax = Math.max(spanMax, span);
            burdenedMax = Math.max(burdenedMax, burdened);
        }
        span = spanMax;
        burdened = burdenedMax;
    }

    /**
     * The clock cost: nanoseconds one strand boundary adds to the strands it closes, measured on a tree
     * of empty tasks (whose true work is a virtual call each) run through this very code.
     *
     * @param rounds measured rounds after the warm-up
     * @return {@code [mean cost per strand, standard deviation between rounds]} in ns
     */
    static double[] calibrate(int rounds) {
        Empty root = Empty.tree(10);
        SpanRecorder r = new SpanRecorder(0, 0);
        long warmUntil = System.nanoTime() + 50_000_000L; // enough for the JIT to compile the path
        while (System.nanoTime() < warmUntil) {
            r.measureOnce(root);
        }
        double[] perStrand = new double[rounds];
        for (int i = 0; i < rounds; i++) {
            perStrand[i] = r.measureOnce(root);
        }
        double mean = 0;
        for (double v : perStrand) {
            mean += v / rounds;
        }
        double var = 0;
        for (double v : perStrand) {
            var += (v - mean) * (v - mean) / Math.max(1, rounds - 1);
        }
        return new double[] {Math.max(0, mean), Math.sqrt(var)};
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
        return work / strands;
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
