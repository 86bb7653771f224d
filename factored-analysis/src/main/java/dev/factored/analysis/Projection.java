package dev.factored.analysis;

import dev.factored.analysis.model.Bandwidth;
import dev.factored.analysis.model.Bound;
import dev.factored.analysis.model.SpeedupProjection.ProjectedSpeedup;
import dev.factored.analysis.model.SpeedupProjection;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.stats.Bootstrap;
import java.util.ArrayList;
import java.util.List;

/**
 * Projects a family's speedup past the largest valid P measured ({@link SpeedupProjection} says what each edge
 * assumes), replicate by replicate: every bootstrap replicate of the measured means gives its own band, and the
 * percentiles of each edge are its interval.
 *
 * <p>Why these assumptions: on the example's 16-core run the idle per worker I_P/P fell from P = 2 to 16 in 12 of 14
 * families (a pool's wake-up is shared by more workers) and rose only in the 65,536-cell sweeps (12 and 20 %, work
 * that also tripled: memory and cache, not idle); idle that grows with every worker is a serial section, which the
 * split names. So the pessimistic edge holds the idle per worker and lets only a serial section grow; the idle
 * worker-time, which never fell there, is what the optimistic edge keeps.
 */
final class Projection {

    /**
     * One valid point's replicate means (index 0 the point estimate).
     *
     * @param idle       I_P, null when not measured (then the whole of P·T_P is taken as work)
     * @param serialIdle the serial-section part of I_P from the idle split, null without one
     */
    record Measured(int cores, double[] time, double[] idle, double[] serialIdle) {
    }

    /** The span run's parallelism T_1/T_∞ and burdened parallelism T_1/T̂_∞, replicate by replicate. */
    record DagShape(double[] parallelism, double[] burdenedParallelism) {
    }

    /**
     * The bandwidth test with the most copies: {@code copies} copies of the baseline at once, each {@code slowdown}
     * times slower than T_s alone (replicates).
     */
    record SharedMemory(int copies, double[] slowdown, boolean singleFork, boolean disturbed) {

        /** The test as the family publishes it, {@link Bandwidth#NONE} without one. */
        static Bandwidth bandwidth(SharedMemory shared, AnalysisOptions options) {
            return shared == null ? Bandwidth.NONE : new Bandwidth(shared.copies(), Estimate.fromReplicates(
                    shared.slowdown(), options.confidence(), shared.singleFork(), shared.disturbed()));
        }
    }

    /**
     * Which bound decided an edge: asked for at the point estimate only, so that the replicates' edges are computed
     * without allocating (62 values per edge for each of 2,000 replicates is most of the analysis' time).
     */
    private static final class Decided {
        String from;

        static double by(double value, String from, Decided decided) {
            if (decided != null) {
                decided.from = from;
            }
            return value;
        }
    }

    private Projection() {
    }

    /**
     * @param points     the valid points, ascending P, the first P = 1
     * @param baseline   T_s's replicate means
     * @param dag        the span run's shape, or null without one
     * @param shared     the bandwidth test, or null without one
     * @param singleFork whether any input was measured in a single fork
     * @param disturbed  whether any input was measured on a busy machine
     * @return the band beyond the largest measured P, or null when there is nothing to project from (no baseline, no
     *         valid P = 1, or P = 1 alone without a span run: one point says nothing of how the speedup grows) or
     *         nothing to project to (measured up to {@code projectTo})
     */
    static SpeedupProjection project(List<Measured> points, double[] baseline, DagShape dag, SharedMemory shared,
            boolean singleFork, boolean disturbed, AnalysisOptions options) {
        if (baseline == null || points.isEmpty() || points.get(0).cores() != 1 || (points.size() < 2 && dag == null)) {
            return null;
        }
        Measured top = points.get(points.size() - 1);
        int from = top.cores();
        int count = options.projectTo() - from;
        if (count <= 0) {
            return null;
        }
        Growth growth = Growth.of(points, shared, options.confidence());
        int n = baseline.length;
        double[][] lower = new double[count][n];
        double[][] upper = new double[count][n];
        String[] lowerFrom = new String[count];
        String[] upperFrom = new String[count];
        Ends[] ends = new Ends[n];
        for (int b = 0; b < n; b++) {
            ends[b] = Ends.of(points, growth, baseline[b], dag, b);
        }
        // P outer, replicates inner: each edge's row of replicates is written in order.
        for (int k = 0; k < count; k++) {
            int p = from + 1 + k;
            Decided lowFrom = new Decided();
            Decided upFrom = new Decided();
            edges(ends[0], p, lower[k], upper[k], 0, lowFrom, upFrom);
            replicateEdges(ends, p, lower[k], upper[k]);
            lowerFrom[k] = lowFrom.from;
            upperFrom[k] = upFrom.from;
        }
        List<ProjectedSpeedup> speedups = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            Estimate low = Estimate.fromReplicates(lower[k], options.confidence(), singleFork, disturbed);
            Estimate high = Estimate.fromReplicates(upper[k], options.confidence(), singleFork, disturbed);
            if (low != null && high != null && low.value() > 0) {
                speedups.add(new ProjectedSpeedup(from + 1 + k, low, high, lowerFrom[k], upperFrom[k]));
            }
        }
        return new SpeedupProjection(points.stream().map(Measured::cores).toList(), restsOn(points, top, dag),
                speedups, growth.widenedBy());
    }

    /**
     * Both edges at P of replicates 1.. (the point estimate, index 0, is {@link #edges} with what decided them). A
     * method of its own, so that the JIT compiles this loop, the analysis' hottest, alone: compiled inside {@link
     * #project} with all it calls inlined, it took C2 0.4 to 1.3 s of CPU in a cold {@code analyze} (issue 43).
     */
    private static void replicateEdges(Ends[] ends, int p, double[] lowerAtP, double[] upperAtP) {
        for (int b = 1; b < ends.length; b++) {
            edges(ends[b], p, lowerAtP, upperAtP, b, null, null);
        }
    }

    /** Replicate b's edges at P, with what decided them when {@code lowFrom} and {@code upFrom} are given. */
    private static void edges(Ends ends, int p, double[] lowerAtP, double[] upperAtP, int b, Decided lowFrom,
            Decided upFrom) {
        double up = ends.upper(p, upFrom);
        double low = ends.lower(p, lowFrom);
        if (low > up) {
            // Only a bound above the other edge's: both edges then rest on the tighter upper one.
            low = Decided.by(up, upFrom == null ? null : upFrom.from, lowFrom);
        }
        lowerAtP[b] = low;
        upperAtP[b] = up;
    }

    /**
     * What the points say of growth, decided once for all replicates: whether the work grew between the last two
     * points beyond its interval (then the pessimistic edge carries the growth on), whether the idle at the largest P
     * can be told from a serial section, and the bandwidth test where its copies slowed each other down.
     */
    private record Growth(boolean workGrew, boolean idleUnsplit, SharedMemory shared) {

        static Growth of(List<Measured> points, SharedMemory shared, double confidence) {
            // Copies of the sequential code that slowed each other down beyond their interval: memory or cache shared.
            double[] slowed = shared == null ? null : Bootstrap.interval(shared.slowdown(), confidence);
            SharedMemory memory = slowed != null && slowed[0] > 1 && shared.copies() >= 2 ? shared : null;
            if (points.size() < 2) {
                return new Growth(false, false, memory);
            }
            Measured top = points.get(points.size() - 1);
            Measured previous = points.get(points.size() - 2);
            double[] step = new double[top.time().length];
            for (int b = 0; b < step.length; b++) {
                step[b] = work(top, b) - work(previous, b);
            }
            double[] interval = Bootstrap.interval(step, confidence);
            boolean grew = step[0] > 0 && (interval == null || interval[0] > 0);
            boolean unsplit = top.idle() != null && top.serialIdle() == null && points.size() < 3;
            return new Growth(grew, unsplit, memory);
        }

        List<String> widenedBy() {
            List<String> reasons = new ArrayList<>();
            if (workGrew) {
                reasons.add(SpeedupProjection.WORK_GROWTH);
            }
            if (idleUnsplit) {
                reasons.add(SpeedupProjection.UNSPLIT_IDLE);
            }
            if (shared != null) {
                reasons.add(SpeedupProjection.SHARED_MEMORY);
            }
            return reasons;
        }
    }

    /** One replicate's two edges: the model's (work and idle carried on from M) inside the bounds. */
    private record Ends(int m, double baseline, double oneWorker, double workAtTop, double workGrowth,
            double idlePerWorker, double serial, double leastWork, double idleKept, double optimisticSerial,
            double parallelism, double burdenedParallelism, boolean model) {

        static Ends of(List<Measured> points, Growth growth, double baseline, DagShape dag, int b) {
            Measured top = points.get(points.size() - 1);
            int m = top.cores();
            double workAtTop = work(top, b);
            double leastWork = workAtTop;
            for (Measured p : points) {
                leastWork = Math.min(leastWork, work(p, b));
            }
            double idleAtTop = idle(top, b);
            double workGrowth = 0;
            double serial = 0;
            double optimisticSerial = 0;
            if (points.size() >= 2) {
                Measured previous = points.get(points.size() - 2);
                int k = previous.cores();
                if (growth.workGrew()) {
                    workGrowth = Math.max(0, (workAtTop - work(previous, b)) / (m - k));
                }
                SharedMemory memory = growth.shared();
                if (memory != null) {
                    // Each copy slowed by (s − 1) at c copies: the work grows by that share of W_1 per added worker,
                    // as it does once the memory is saturated (the worst case: beyond it the time stops falling).
                    double perWorker = work(points.get(0), b) * (memory.slowdown()[b] - 1) / (memory.copies() - 1);
                    workGrowth = Math.max(workGrowth, perWorker);
                }
                serial = growth.idleUnsplit() ? idleAtTop / (m - 1) : serialOf(top, b);
                if (k >= 2) {
                    // Idle per worker that grew between two parallel points grows as a serial section would.
                    double grew = idle(top, b) / m - idle(previous, b) / k;
                    serial = Math.max(serial, grew / ((m - 1.0) / m - (k - 1.0) / k));
                }
                // At P = 2 the split cannot tell a serial section from a worker waking up: the optimist does not.
                optimisticSerial = m >= 3 ? serialOf(top, b) : 0;
            }
            double t1 = points.get(0).time()[b];
            return new Ends(m, baseline, t1, workAtTop, workGrowth, idleAtTop / m, Math.max(0, serial), leastWork,
                    idleAtTop, optimisticSerial, dag == null ? Double.POSITIVE_INFINITY : dag.parallelism()[b],
                    dag == null ? Double.NaN : dag.burdenedParallelism()[b], points.size() >= 2);
        }

        /**
         * Pessimistic: the work of M, growing by the last step where it grew beyond its interval, and the idle per
         * worker of M, growing only by a serial section's (P − 1)/P; at least Cilkview's burdened bound.
         */
        double lower(int p, Decided decided) {
            double greedy = Double.isNaN(burdenedParallelism) ? 0
                    : baseline / oneWorker * Bound.lowerOverWork(p, burdenedParallelism);
            if (!model) {
                return Decided.by(greedy, SpeedupProjection.GREEDY_BOUND, decided);
            }
            double work = workAtTop + workGrowth * (p - m);
            double modelled = speedup(p, work, p * (idlePerWorker + serial * ((p - 1.0) / p - (m - 1.0) / m)),
                    decided);
            return modelled >= greedy ? modelled : Decided.by(greedy, SpeedupProjection.GREEDY_BOUND, decided);
        }

        /** Optimistic: the least work measured and the idle worker-time of M, growing only by a serial section. */
        double upper(int p, Decided decided) {
            double edge = speedup(p, leastWork, idleKept + optimisticSerial * (p - m), decided);
            // Not Cilkview's (T_s/T_1)·min(P, parallelism): a T_1 read high (a one-CPU fork beside its JIT compiler)
            // would put that below speedups measured at P; the span law holds whatever T_1 read.
            double span = baseline / oneWorker * parallelism;
            if (span < edge) {
                edge = Decided.by(span, SpeedupProjection.SPAN_LAW, decided);
            }
            return p < edge ? Decided.by(p, SpeedupProjection.WORK_LAW, decided) : edge;
        }

        /**
         * P·T_s/(W + I), with P·T_P = W + I never less than P·W/parallelism (the span law T_P ≥ T_∞, with T_∞ =
         * W/parallelism): then the span law decided.
         */
        private double speedup(int p, double work, double idle, Decided decided) {
            double spanLimited = p * work / parallelism;
            return work + idle >= spanLimited
                    ? Decided.by(p * baseline / (work + idle), SpeedupProjection.MODEL, decided)
                    : Decided.by(p * baseline / spanLimited, SpeedupProjection.SPAN_LAW, decided);
        }
    }

    /** W_P = P·T_P − I_P of replicate b. */
    private static double work(Measured point, int b) {
        return point.cores() * point.time()[b] - idle(point, b);
    }

    /** I_P of replicate b, within [0, P·T_P]: an estimated idle can read below 0 or above the machine's time. */
    private static double idle(Measured point, int b) {
        if (point.idle() == null) {
            return 0;
        }
        return Math.min(point.cores() * point.time()[b], Math.max(0, point.idle()[b]));
    }

    /** The serial section σ the split names at a point: its serial idle is (P − 1)·σ, never more than I_P. */
    private static double serialOf(Measured point, int b) {
        if (point.serialIdle() == null || point.cores() < 2) {
            return 0;
        }
        return Math.min(idle(point, b), Math.max(0, point.serialIdle()[b])) / (point.cores() - 1);
    }

    private static List<String> restsOn(List<Measured> points, Measured top, DagShape dag) {
        List<String> sources = new ArrayList<>();
        if (points.size() >= 2) {
            sources.add(SpeedupProjection.TIMES);
            if (points.stream().allMatch(p -> p.idle() != null)) {
                sources.add(SpeedupProjection.IDLE);
            }
            if (top.serialIdle() != null) {
                sources.add(SpeedupProjection.SERIAL_IDLE);
            }
        }
        if (dag != null) {
            sources.add(SpeedupProjection.SPAN);
        }
        return sources;
    }
}
