package dev.factored.analysis;

import dev.factored.analysis.model.Estimate;
import dev.factored.analysis.model.SpeedupProjection;
import dev.factored.analysis.model.SpeedupProjection.ProjectedSpeedup;
import java.util.ArrayList;
import java.util.List;

/**
 * Projects a family's speedup past the largest valid P measured ({@link SpeedupProjection} says what each end
 * assumes), replicate by replicate: every bootstrap replicate of the measured means gives its own band, and the
 * percentiles of each end are its interval.
 *
 * <p>On the example's 16-core run the idle per added worker fell from P = 2 to 16 in all 14 families (start-up waits
 * shared by more workers), so the upper end lets the idle grow only by a serial section; but it rose again at the
 * larger P in the 65,536-cell sweep (burdened parallelism 1.15) and a plain sum, so the lower end never lets it fall,
 * and takes Cilkview's burdened idle where that is larger. The work measured at P ≤ 4 read high against P = 16 (the
 * JIT compiler shares the few measured CPUs), so the upper end takes the least work measured.
 */
final class Projection {

    /** Cilkview's 2δ: the idle of a worker added where every forked task is stolen is 1.7·T̂_∞. */
    private static final double TWO_DELTA = 1.7;

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

    private Projection() {
    }

    /**
     * @param points     the valid points, ascending P, the first P = 1
     * @param baseline   T_s's replicate means
     * @param dag        the span run's shape, or null without one
     * @param singleFork whether any input was measured in a single fork
     * @param disturbed  whether any input was measured on a busy machine
     * @return the band beyond the largest measured P, or null when there is nothing to project from (no baseline, no
     *         valid P = 1, or P = 1 alone without a span run: one point says nothing of how the speedup grows) or
     *         nothing to project to (measured up to {@code projectTo})
     */
    static SpeedupProjection project(List<Measured> points, double[] baseline, DagShape dag, boolean singleFork,
            boolean disturbed, AnalysisOptions options) {
        if (baseline == null || points.isEmpty() || points.get(0).cores() != 1 || (points.size() < 2 && dag == null)) {
            return null;
        }
        Measured top = points.get(points.size() - 1);
        Measured previous = points.size() < 2 ? null : points.get(points.size() - 2);
        int n = baseline.length;
        int from = top.cores();
        int count = options.projectTo() - from;
        if (count <= 0) {
            return null;
        }
        double[][] lower = new double[count][n];
        double[][] upper = new double[count][n];
        for (int b = 0; b < n; b++) {
            project(points, top, previous, baseline[b], dag, b, lower, upper);
        }
        List<ProjectedSpeedup> speedups = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            Estimate low = Estimate.fromReplicates(lower[k], options.confidence(), singleFork, disturbed);
            Estimate high = Estimate.fromReplicates(upper[k], options.confidence(), singleFork, disturbed);
            if (low != null && high != null && low.value() > 0) {
                speedups.add(new ProjectedSpeedup(from + 1 + k, low, high));
            }
        }
        return new SpeedupProjection(points.stream().map(Measured::cores).toList(), restsOn(points, top, dag),
                speedups);
    }

    /** Replicate b's lower and upper ends at every P = top + 1 + k. */
    private static void project(List<Measured> points, Measured top, Measured previous, double baseline,
            DagShape dag, int b, double[][] lower, double[][] upper) {
        int m = top.cores();
        double idleAtTop = idle(top, b);
        double workAtTop = m * top.time()[b] - idleAtTop;
        double leastWork = workAtTop;
        for (Measured p : points) {
            leastWork = Math.min(leastWork, p.cores() * p.time()[b] - idle(p, b));
        }
        double parallelism = dag == null ? Double.POSITIVE_INFINITY : dag.parallelism()[b];
        // Pessimistic: the inflation per worker of the last step, and the idle per added worker at M, growing by
        // the last step's growth (USL's κ: a cost per worker that grows with P), never below Cilkview's burdened idle.
        double inflationPerWorker = 0;
        double idleGrowth = 0;
        if (previous != null) {
            int k = previous.cores();
            double workBefore = k * previous.time()[b] - idle(previous, b);
            inflationPerWorker = Math.max(0, (workAtTop - workBefore) / (m - k));
            if (k >= 2) {
                idleGrowth = Math.max(0, (idleAtTop / (m - 1) - idle(previous, b) / (k - 1)) / (m - k));
            }
        }
        double idlePerWorker = m > 1 ? idleAtTop / (m - 1) : 0;
        double burdenedIdle = dag == null ? 0 : TWO_DELTA * workAtTop / dag.burdenedParallelism()[b];
        // Optimistic: the idle of M grows only by its serial section, the same for every added worker.
        double serialPerWorker = m >= 3 && top.serialIdle() != null
                ? Math.min(idlePerWorker, Math.max(0, top.serialIdle()[b]) / (m - 1)) : 0;
        double pessimisticIdle = idleAtTop;
        for (int k = 0; k < lower.length; k++) {
            int p = m + 1 + k;
            pessimisticIdle += Math.max(idlePerWorker + idleGrowth * (p - m), burdenedIdle);
            double pessimisticWork = workAtTop + inflationPerWorker * (p - m);
            double optimisticIdle = idleAtTop + serialPerWorker * (p - m);
            lower[k][b] = p * baseline / spanLaw(p, pessimisticWork, pessimisticIdle, parallelism);
            upper[k][b] = p * baseline / spanLaw(p, leastWork, optimisticIdle, parallelism);
        }
    }

    /** P·T_P = W + I, but never less than P·W/parallelism (the span law T_P ≥ T_∞, with T_∞ = W/parallelism). */
    private static double spanLaw(int p, double work, double idle, double parallelism) {
        return Math.max(work + idle, p * work / parallelism);
    }

    /** I_P of replicate b, within [0, P·T_P]: an estimated idle can read below 0 or above the machine's time. */
    private static double idle(Measured point, int b) {
        if (point.idle() == null) {
            return 0;
        }
        return Math.min(point.cores() * point.time()[b], Math.max(0, point.idle()[b]));
    }

    private static List<String> restsOn(List<Measured> points, Measured top, DagShape dag) {
        List<String> sources = new ArrayList<>();
        if (points.size() >= 2) {
            sources.add(SpeedupProjection.TIMES);
            if (points.stream().allMatch(p -> p.idle() != null)) {
                sources.add(SpeedupProjection.IDLE);
            }
            if (top.cores() >= 3 && top.serialIdle() != null) {
                sources.add(SpeedupProjection.SERIAL_IDLE);
            }
        }
        if (dag != null) {
            sources.add(SpeedupProjection.SPAN);
        }
        return sources;
    }
}
