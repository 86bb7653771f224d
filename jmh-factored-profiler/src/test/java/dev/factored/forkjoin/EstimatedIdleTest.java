package dev.factored.forkjoin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.factored.forkjoin.accounting.Ledger;
import dev.factored.forkjoin.accounting.PoolStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.RecursiveAction;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The idle time estimated from CPU time (unmodified code on a {@link MeasuredForkJoinPool}) against the exact
 * accounting (the same program as FactoredTasks on a {@link FactoredPool}), on programs whose idle time follows
 * from their construction, at P = 2: a serial section, two unequal tasks, a parallel loop.
 */
class EstimatedIdleTest {

    private static final long US = 1_000L;
    private static final int WARMUP = 5;
    /** Quiet operations per median; fewer than {@link #ENOUGH} and the shape is not judged. */
    private static final int OPS = 15;
    private static final int ENOUGH = 5;
    private static final int MAX_OPS = 30;
    /**
     * Above this share of the CPUs' busy time taken by the host (steal, interrupts: {@link HostTime}) a shape is not
     * judged: the estimate reads that time as idle, unevenly over the operations, and no filter sees it.
     */
    private static final double HOST_ABOVE = 0.05;
    /** How long to wait for the workers to park around an operation, so that their wait is all counted. */
    private static final long SETTLE_MILLIS = 100;

    /** A program: an optional serial spin, then {@code leaves} spins in a balanced fork/join tree. */
    record Shape(String name, long serial, long[] leaves) {
    }

    static final class Plain extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        private final long serial;
        private final long[] leaves;
        private final int from;
        private final int to;

        Plain(long serial, long[] leaves, int from, int to) {
            this.serial = serial;
            this.leaves = leaves;
            this.from = from;
            this.to = to;
        }

        @Override
        protected void compute() {
            if (serial > 0) {
                Spin.spin(serial);
            }
            if (to - from == 1) {
                Spin.spin(leaves[from]);
                return;
            }
            int mid = (from + to) >>> 1;
            invokeAll(new Plain(0, leaves, from, mid), new Plain(0, leaves, mid, to));
        }
    }

    static final class Factored extends FactoredTask<Void> {
        private static final long serialVersionUID = 1L;
        private final long serial;
        private final long[] leaves;
        private final int from;
        private final int to;

        Factored(long serial, long[] leaves, int from, int to) {
            this.serial = serial;
            this.leaves = leaves;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Void compute() {
            if (serial > 0) {
                Spin.spin(serial);
            }
            if (to - from == 1) {
                Spin.spin(leaves[from]);
                return null;
            }
            int mid = (from + to) >>> 1;
            forkJoin(new Factored(0, leaves, from, mid), new Factored(0, leaves, mid, to));
            return null;
        }
    }

    /**
     * Median idle and median wall time of the quiet operations, their count and the count of all operations run, and
     * the median run-queue wait of those.
     *
     * <p>An operation is quiet when the kernel counts (schedstat) that its workers and its caller were ready to run
     * but not running for less than 1 % of its worker-time P·wall (a third of the test's 3 % tolerance). A neighbour
     * on the machine moves both figures, and not alike: a worker descheduled while it holds a task is busy to the
     * exact accounting but idle to the estimate (it burns no CPU time), and one that wakes late lengthens both
     * runs' idle time by different amounts in different operations. Neither a minimum nor a median of disturbed
     * operations then estimates what the construction says; the quiet operations do. Operations are repeated until
     * {@link #OPS} are quiet, at most {@link #MAX_OPS}; where the kernel counts nothing, every one is quiet.
     */
    private static double[] medians(int p, Supplier<PoolStats> stats, Runnable op) {
        List<Double> idle = new ArrayList<>();
        List<Double> wall = new ArrayList<>();
        List<Long> waits = new ArrayList<>();
        int ran = 0;
        for (int i = -WARMUP; i < MAX_OPS && idle.size() < OPS; i++) {
            long waitBefore = RunQueue.operation(SETTLE_MILLIS);
            PoolStats before = stats.get();
            op.run();
            PoolStats delta = stats.get().minus(before);
            long waited = RunQueue.between(waitBefore, RunQueue.operation(SETTLE_MILLIS));
            assertEquals(1, delta.counts().operations());
            if (i >= 0) {
                ran++;
                waits.add(waited);
                if (waited == RunQueue.UNAVAILABLE || waited < 0.01 * p * delta.times().wallNanos()) {
                    idle.add((double) delta.times().idleNanos());
                    wall.add((double) delta.times().wallNanos());
                }
            }
        }
        idle.sort(null);
        wall.sort(null);
        waits.sort(null);
        double medianWait = waits.get(waits.size() / 2);
        if (idle.isEmpty()) {
            return new double[] {Double.NaN, Double.NaN, 0, ran, medianWait};
        }
        return new double[] {idle.get(idle.size() / 2), wall.get(wall.size() / 2), idle.size(), ran, medianWait};
    }

    /**
     * Exact idle, estimated idle, the exact run's wall time (medians), the host's share of the CPUs while the
     * estimated run ran ({@link HostTime}), and each run's {@link #medians} counts.
     */
    private static double[][] compare(Shape shape, int p) {
        double[] exact;
        try (FactoredPool pool = FactoredPool.withWorkers(p)) {
            exact = medians(p, pool::stats, () -> pool.invoke(new Factored(shape.serial(), shape.leaves(), 0,
                    shape.leaves().length)));
        }
        double[] estimated;
        HostTime before = HostTime.now();
        try (MeasuredForkJoinPool pool = MeasuredForkJoinPool.withWorkers(p)) {
            estimated = medians(p, Ledger::totals, () -> pool.invoke(new Plain(shape.serial(), shape.leaves(), 0,
                    shape.leaves().length)));
        }
        double hostShare = HostTime.now().shareSince(before);
        return new double[][] {{exact[0], estimated[0], exact[1], hostShare}, exact, estimated};
    }

    private static long[] repeat(int n, long each) {
        long[] a = new long[n];
        java.util.Arrays.fill(a, each);
        return a;
    }

    @Test
    void theEstimateLandsNearTheExactIdleOnKnownAnswers() {
        List<Shape> shapes = List.of(
                new Shape("serial section 15 ms + 24 x 1.25 ms", 15_000 * US, repeat(24, 1_250 * US)),
                new Shape("two unequal tasks, 2 ms and 8 ms", 0, new long[] {2_000 * US, 8_000 * US}),
                new Shape("parallel loop, 64 x 250 us", 0, repeat(64, 250 * US)));
        StringBuilder figures = new StringBuilder();
        List<String> off = new ArrayList<>();
        List<String> tooBusy = new ArrayList<>();
        for (Shape shape : shapes) {
            double[][] c = compare(shape, 2);
            double[] r = c[0];
            String machine = String.format(Locale.ROOT, "quiet operations: exact %.0f of %.0f, estimated %.0f of %.0f; "
                    + "median run-queue wait %s and %s; the host took %.2f %% of the CPUs' busy time", c[1][2], c[1][3], c[2][2],
                    c[2][3], RunQueue.micros((long) c[1][4]), RunQueue.micros((long) c[2][4]), 100 * r[3]);
            if (c[1][2] < ENOUGH || c[2][2] < ENOUGH || r[3] > HOST_ABOVE) {
                figures.append(String.format(Locale.ROOT, "%s at P = 2: not judged, the machine or its host is too busy (%s)%n",
                        shape.name(), machine));
                tooBusy.add(shape.name());
                continue;
            }
            double ratio = r[1] / r[0];
            double machineTime = 2 * r[2];
            figures.append(String.format(Locale.ROOT, "%s at P = 2: exact %.1f us, estimated %.1f us, ratio %.3f, "
                    + "gap %.2f %% of P*T_P (%s)%n", shape.name(), r[0] / US, r[1] / US, ratio,
                    100 * Math.abs(r[1] - r[0]) / machineTime, machine));
            // Within 10 % of the idle time; where the idle time is itself small (the parallel loop's few hundred
            // us of hand-off), within 3 % of the machine's time P·T_P (1.5 % measured): workers that spin while they look for work
            // burn CPU time, so the estimate counts them busy (measured: 149 us estimated for 328 us exact).
            // Plus what the host took from the CPUs while the estimated run ran (steal, interrupts), which the
            // estimate reads as idle and no run-queue wait shows. CI once read 2.2 ms more idle than exact for the
            // 15.5 ms serial section (3.6 % of P*T_P) with the run-queue filter on; host time fits, as it moves
            // only the estimate, but that run did not read it.
            double allowed = Math.max(0.10 * r[0], 0.03 * machineTime) + r[3] * machineTime;
            if (Math.abs(r[1] - r[0]) > allowed) {
                off.add(shape.name());
            }
        }
        System.out.print("[estimated idle] " + figures);
        assertTrue(off.isEmpty(), "estimate off by more than 10 % for " + off + ":\n" + figures);
        assumeTrue(tooBusy.isEmpty(), "fewer than " + ENOUGH + " quiet operations, or the host above " + HOST_ABOVE
                + " of the busy time, for " + tooBusy + ":\n" + figures);
    }
}
