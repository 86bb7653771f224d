package dev.factored.forkjoin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ForkJoinPool;
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
    private static final int OPS = 15;

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

    /** Median idle and median wall time of the operations. */
    private static double[] medians(Supplier<PoolStats> stats, Runnable op) {
        List<Double> idle = new ArrayList<>();
        List<Double> wall = new ArrayList<>();
        for (int i = -WARMUP; i < OPS; i++) {
            PoolStats before = stats.get();
            op.run();
            PoolStats delta = stats.get().minus(before);
            assertEquals(1, delta.operations());
            if (i >= 0) {
                idle.add((double) delta.idleNanos());
                wall.add((double) delta.wallNanos());
            }
        }
        idle.sort(null);
        wall.sort(null);
        return new double[] {idle.get(OPS / 2), wall.get(OPS / 2)};
    }

    /** Exact idle, estimated idle, and the exact run's wall time (medians). */
    private static double[] compare(Shape shape, int p) {
        double[] exact;
        try (FactoredPool pool = FactoredPool.withWorkers(p)) {
            exact = medians(pool::stats, () -> pool.invoke(new Factored(shape.serial(), shape.leaves(), 0,
                    shape.leaves().length)));
        }
        double[] estimated;
        try (MeasuredForkJoinPool pool = MeasuredForkJoinPool.withWorkers(p)) {
            estimated = medians(FactoredPool::totals, () -> pool.invoke(new Plain(shape.serial(), shape.leaves(), 0,
                    shape.leaves().length)));
        }
        return new double[] {exact[0], estimated[0], exact[1]};
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
        for (Shape shape : shapes) {
            double[] r = compare(shape, 2);
            double ratio = r[1] / r[0];
            double machine = 2 * r[2];
            figures.append(String.format(Locale.ROOT, "%s at P = 2: exact %.1f us, estimated %.1f us, ratio %.3f, "
                    + "gap %.2f %% of P*T_P%n", shape.name(), r[0] / US, r[1] / US, ratio,
                    100 * Math.abs(r[1] - r[0]) / machine));
            // Within 10 % of the idle time; where the idle time is itself small (the parallel loop's few hundred
            // us of hand-off), within 3 % of the machine's time P·T_P (1.5 % measured): workers that spin while they look for work
            // burn CPU time, so the estimate counts them busy (measured: 149 us estimated for 328 us exact).
            if (Math.abs(r[1] - r[0]) > Math.max(0.10 * r[0], 0.03 * machine)) {
                off.add(shape.name());
            }
        }
        System.out.print("[estimated idle] " + figures);
        assertTrue(off.isEmpty(), "estimate off by more than 10 % for " + off + ":\n" + figures);
    }
}
