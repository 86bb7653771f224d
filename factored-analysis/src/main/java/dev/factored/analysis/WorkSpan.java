package dev.factored.analysis;

import dev.factored.analysis.model.Bound;
import dev.factored.analysis.model.ConfigurationRun;
import dev.factored.analysis.model.Estimate;
import dev.factored.analysis.model.SpanSamples;
import dev.factored.analysis.model.WorkSpanProfile;
import dev.factored.contract.CoresValue;
import dev.factored.text.Numbers;
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

    /**
     * Clock reads an average strand must last for the span run's numbers to be used. Measured on trees of 4,096
     * leaves (SpanClockTest, 3 runs): strands of 10 reads on average summed to 0.95x the elision's time, of 3 reads
     * 0.95-0.96x, of 1 read 1.01-1.02x, of 0.4 reads 1.02-1.14x, and of 0.1 reads anything from 0.16x to 0.85x (the
     * clock's cost moves with the code around it by more than such a strand lasts).
     */
    static final double RESOLUTION_READS = 1;

    /** Cilkview's 2δ with δ = 0.85: the constant of the burdened lower bound. */
    static final double TWO_DELTA = 1.7;

    private WorkSpan() {
    }

    /**
     * @param ts, t1 the replicates of T_s and T_1 (index 0: the point estimate), or null when not measured
     */
    static WorkSpanProfile compute(Family family, AnalysisOptions options, double[] ts, boolean tsSingle, double[] t1,
            boolean t1Single) {
        ConfigurationRun run = family.configuration(CoresValue.SPAN);
        if (run == null || run.spanSamples() == null) {
            return WorkSpanProfile.NONE;
        }
        SpanSamples s = run.spanSamples();
        if (unresolvedBecause(s) != null) {
            return WorkSpanProfile.NONE;
        }
        int n = options.resamples() + 1;
        double[] span = new double[n];
        double[] burdened = new double[n];
        double[] work = Bootstrap.means(s.work(), s.span(), span, options.resamples(), stream(family, options));
        double[] workAgain = Bootstrap.means(s.work(), s.burdenedSpan(), burdened, options.resamples(),
                stream(family, options));
        assert java.util.Arrays.equals(work, workAgain) : "the same seed must draw the same indices";
        boolean single = run.forks() < 2;
        double[] parallelism = ratio(work, span);
        double[] burdenedParallelism = ratio(work, burdened);
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
                for (int b = 0; b < n; b++) {
                    double scale = ts[b] / t1[b];
                    upper[b] = scale * upperOverWork(p, parallelism[b]);
                    lower[b] = scale * lowerOverWork(p, burdenedParallelism[b]);
                }
                Estimate lo = Bootstrap.estimate(lower, c, boundSingle);
                Estimate up = Bootstrap.estimate(upper, c, boundSingle);
                if (lo != null && up != null) {
                    bounds.add(new Bound(p, lo, up));
                }
            }
        }
        return new WorkSpanProfile(Bootstrap.estimate(work, c, single), Bootstrap.estimate(span, c, single),
                Bootstrap.estimate(burdened, c, single), Bootstrap.estimate(parallelism, c, single),
                Bootstrap.estimate(burdenedParallelism, c, single), Estimate.exact(s.spawnsPerOp()),
                Bootstrap.estimate(averageStrand, c, single), Estimate.exact(s.burden()), List.copyOf(bounds));
    }

    /**
     * Why the span run's work and span cannot be used, or null when they can: its strands average fewer than
     * {@link #RESOLUTION_READS} clock read, so the work is mostly the clock's error. The one rule for both the
     * profile (missing) and the warning that says why.
     */
    public static String unresolvedBecause(SpanSamples s) {
        if (s.clockCost() == null || s.clockCost() <= 0 || s.strandsPerOp() <= 0 || s.work().length == 0) {
            return null;
        }
        double work = java.util.Arrays.stream(s.work()).flatMapToDouble(java.util.Arrays::stream).average().orElse(0);
        double strand = work / s.strandsPerOp();
        if (strand >= RESOLUTION_READS * s.clockCost()) {
            return null;
        }
        return "its strands average " + Numbers.time(Math.max(0, strand)) + " (" + Numbers.plain(s.strandsPerOp())
                + " per operation), shorter than one read of its clock ("
                + Numbers.time(s.clockCost()) + "), so the work, span and parallelism would be mostly the clock's "
                + "error (strands under a read summed to 0.16-0.85x the elision's time where they were measured)";
    }

    /**
     * Cilkview's burdened lower bound on the speedup over the work at P cores,
     * T_1 / (T_1/P + (1 − 1/P)·1.7·T̂_∞), written with the burdened parallelism T_1/T̂_∞.
     */
    public static double lowerOverWork(int p, double burdenedParallelism) {
        return 1 / (1.0 / p + (1 - 1.0 / p) * TWO_DELTA / burdenedParallelism);
    }

    /** Cilkview's upper bound on the speedup over the work at P cores: min(P, T_1/T_∞). */
    static double upperOverWork(int p, double parallelism) {
        return Math.min(p, parallelism);
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
