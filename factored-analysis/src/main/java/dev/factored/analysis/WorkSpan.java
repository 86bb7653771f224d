package dev.factored.analysis;

import dev.factored.analysis.model.Bound;
import dev.factored.analysis.model.WorkSpanProfile;
import dev.factored.analysis.model.family.Family;
import dev.factored.analysis.model.measurement.ConfigurationRun;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.measurement.SpanSamples;
import dev.factored.analysis.stats.Bootstrap;
import dev.factored.contract.CoresValue;
import java.util.ArrayList;
import java.util.List;

/**
 * Work, span and the Cilkview bounds of one family (METHOD.md §5), with bootstrap intervals: the one place
 * they are computed. The span configuration's work, span and burdened span come from the same iterations,
 * so they are resampled with the same indices (three streams with the same seed draw the same indices:
 * the draws depend only on the shape of the samples).
 *
 * <p>The bounds are Cilkview's, on the speedup over T_1, converted to the speedup over T_s by the factor
 * T_s/T_1 with T_1 the one-worker pool time: the dag's shape (parallelism, burdened parallelism) comes
 * from the span run, its time scale from the measured pool. The upper bound is then the maximal speedup
 * P·T_s/T_1 capped at parallelism·T_s/T_1.
 */
public final class WorkSpan {



    private WorkSpan() {
    }

    /**
     * The span run's quantities, replicate by replicate (index 0 the point estimate), or null without a usable span
     * run: the one bootstrap of them, which the profile and the projection both read.
     */
    record Replicates(SpanSamples samples, double[] work, double[] span, double[] burdenedSpan, double[] parallelism,
            double[] burdenedParallelism, boolean singleFork) {

        /** The dag's shape, as the projection reads it. */
        Projection.DagShape shape() {
            return new Projection.DagShape(parallelism, burdenedParallelism);
        }
    }

    static Replicates replicates(Family family, AnalysisOptions options) {
        ConfigurationRun run = family.configuration(CoresValue.SPAN_VALUE);
        if (run == null || run.spanSamples() == null) {
            return null;
        }
        SpanSamples s = run.spanSamples();
        if (s.belowClockResolution()) {
            return null;
        }
        int n = options.resamples() + 1;
        double[] span = new double[n];
        double[] burdened = new double[n];
        double[] work = Bootstrap.means(s.work(), s.span(), span, options.resamples(), stream(family, options));
        double[] workAgain = Bootstrap.means(s.work(), s.burdenedSpan(), burdened, options.resamples(),
                stream(family, options));
        assert java.util.Arrays.equals(work, workAgain) : "the same seed must draw the same indices";
        return new Replicates(s, work, span, burdened, ratio(work, span), ratio(work, burdened), run.forks() < 2);
    }

    /**
     * @param dag    the span run's replicates, or null without one (then {@link WorkSpanProfile#NONE})
     * @param ts, t1 the replicates of T_s and T_1 (index 0: the point estimate), or null when not measured
     */
    static WorkSpanProfile compute(Replicates dag, AnalysisOptions options, double[] ts, boolean tsSingle, double[] t1,
            boolean t1Single) {
        if (dag == null) {
            return WorkSpanProfile.NONE;
        }
        SpanSamples s = dag.samples();
        int n = options.resamples() + 1;
        double[] work = dag.work();
        boolean single = dag.singleFork();
        double[] parallelism = dag.parallelism();
        double[] burdenedParallelism = dag.burdenedParallelism();
        double[] averageStrand = new double[n];
        for (int b = 0; b < n; b++) {
            averageStrand[b] = s.strandsPerOp() > 0 ? work[b] / s.strandsPerOp() : Double.NaN;
        }
        double c = options.confidence();
        List<Bound> bounds = new ArrayList<>();
        if (ts != null && t1 != null) {
            boolean boundSingle = single || tsSingle || t1Single;
            for (int p = 1; p <= options.projectTo(); p++) {
                double[] lower = new double[n];
                double[] upper = new double[n];
                boundsAt(p, ts, t1, parallelism, burdenedParallelism, lower, upper);
                Estimate lo = Estimate.fromReplicates(lower, c, boundSingle);
                Estimate up = Estimate.fromReplicates(upper, c, boundSingle);
                if (lo != null && up != null) {
                    bounds.add(new Bound(p, lo, up));
                }
            }
        }
        return new WorkSpanProfile(Estimate.fromReplicates(work, c, single),
                Estimate.fromReplicates(dag.span(), c, single), Estimate.fromReplicates(dag.burdenedSpan(), c, single),
                Estimate.fromReplicates(parallelism, c, single), Estimate.fromReplicates(burdenedParallelism, c, single),
                Estimate.exact(s.spawnsPerOp()), Estimate.fromReplicates(averageStrand, c, single),
                Estimate.exact(s.burden()), List.copyOf(bounds));
    }

    /**
     * Cilkview's bounds at P over T_s, replicate by replicate. A method of its own, so that the JIT compiles this loop
     * alone: compiled inside {@link #compute} with the intervals inlined, it took C2 0.4 s of CPU in a cold {@code
     * analyze} (issue 43).
     */
    private static void boundsAt(int p, double[] ts, double[] t1, double[] parallelism, double[] burdenedParallelism,
            double[] lower, double[] upper) {
        for (int b = 0; b < lower.length; b++) {
            double scale = ts[b] / t1[b];
            upper[b] = scale * Bound.upperOverWork(p, parallelism[b]);
            lower[b] = scale * Bound.lowerOverWork(p, burdenedParallelism[b]);
        }
    }

    private static java.util.SplittableRandom stream(Family family, AnalysisOptions options) {
        return Bootstrap.stream(options.seed(), family.id().streamKey(), CoresValue.SPAN);
    }

    private static double[] ratio(double[] a, double[] b) {
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = b[i] > 0 ? a[i] / b[i] : Double.NaN;
        }
        return out;
    }
}
