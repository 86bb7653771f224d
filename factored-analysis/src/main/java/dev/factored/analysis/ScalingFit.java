package dev.factored.analysis;

import dev.factored.analysis.model.ScalingModels;
import dev.factored.analysis.model.measurement.Estimate;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Fits {@link ScalingModels} to one family's valid points, replicate by replicate: every bootstrap replicate of the
 * configurations' means gives its own σ, κ, f and e(P), and their percentiles are the intervals, so the fits carry
 * the same fork-level noise as every other estimate.
 *
 * <p>USL is fitted by least squares on its linear form y = σ·x + κ·P·x through the origin (Gunther's method), with
 * the scale fixed by the measured T_1, not left free: three valid P then fix σ and κ exactly, more over-determine
 * them. Nothing is clamped: a negative σ or κ (a superlinear step) is what the points say, and the findings read it.
 *
 * <p>The two-parameter fit solves its 2×2 normal equations in closed form, not with commons-math3's
 * {@code OLSMultipleLinearRegression}: that library's QR decomposition agrees to about 3·10⁻¹⁴ (relative) but not to
 * the last bit, which analysis.json prints, and it would be set up 2,000 times a family. Amdahl's f is the
 * one-parameter fit through the origin, Σxy/Σxx (what {@code SimpleRegression} without intercept returns), from the
 * sums the USL fit has already taken.
 */
final class ScalingFit {

    /** One valid point's replicate means of T_P (index 0 the point estimate). */
    record Measured(int cores, double[] time) {
    }

    private ScalingFit() {
    }

    /**
     * @param points        the valid points, ascending P; P = 1 must be among them
     * @param oneCore       T_1's replicate means (those of the P = 1 point)
     * @param baseline      T_s's replicate means, or null without a baseline (then no projection)
     * @param singleFork    whether any input was measured in a single fork
     * @param disturbed     whether any input was measured on a busy machine
     */
    static ScalingModels fit(List<Measured> points, double[] oneCore, double[] baseline, boolean singleFork,
            boolean disturbed, AnalysisOptions options) {
        List<Integer> cores = points.stream().map(Measured::cores).toList();
        if (points.size() < ScalingModels.MIN_POINTS) {
            return ScalingModels.notFitted(cores, "fitted only to " + ScalingModels.MIN_POINTS + " or more valid P, "
                    + "and this family has " + points.size() + (points.isEmpty() ? "" : " (P = " + list(cores) + ")"));
        }
        if (oneCore == null || cores.get(0) != 1) {
            return ScalingModels.notFitted(cores, "the models scale from the one-worker time T_1, and P = 1 has no "
                    + "valid point");
        }
        int n = oneCore.length;
        double[] contention = new double[n];
        double[] coherency = new double[n];
        double[] amdahl = new double[n];
        double[][] karpFlatt = new double[points.size() - 1][n];
        for (int b = 0; b < n; b++) {
            double sxx = 0;
            double sxz = 0;
            double szz = 0;
            double sxy = 0;
            double szy = 0;
            for (int k = 1; k < points.size(); k++) {
                int p = points.get(k).cores();
                double x = p - 1;
                double z = p * x;
                double y = p * points.get(k).time()[b] / oneCore[b] - 1;
                sxx += x * x;
                sxz += x * z;
                szz += z * z;
                sxy += x * y;
                szy += z * y;
                karpFlatt[k - 1][b] = y / x;
            }
            double det = sxx * szz - sxz * sxz;
            contention[b] = (sxy * szz - szy * sxz) / det;
            coherency[b] = (szy * sxx - sxy * sxz) / det;
            amdahl[b] = sxy / sxx;
        }
        Estimate sigma = estimate(contention, options, singleFork, disturbed);
        Estimate kappa = estimate(coherency, options, singleFork, disturbed);
        Estimate f = estimate(amdahl, options, singleFork, disturbed);
        if (sigma == null || kappa == null || f == null) {
            return ScalingModels.notFitted(cores, "the fit is undefined on some bootstrap replicates (a time of 0 or "
                    + "not finite)");
        }
        List<ScalingModels.KarpFlatt> metric = new ArrayList<>();
        for (int k = 1; k < points.size(); k++) {
            Estimate e = estimate(karpFlatt[k - 1], options, singleFork, disturbed);
            if (e != null) {
                metric.add(new ScalingModels.KarpFlatt(points.get(k).cores(), e));
            }
        }
        return new ScalingModels(cores, null, f, sigma, kappa, peak(contention, coherency, options, singleFork,
                disturbed), metric, projection(contention, coherency, amdahl, oneCore, baseline, singleFork, disturbed,
                options));
    }

    /** √((1 − σ)/κ) on every replicate, or null when a replicate predicts no peak (κ ≤ 0 or σ ≥ 1). */
    private static Estimate peak(double[] sigma, double[] kappa, AnalysisOptions options, boolean singleFork,
            boolean disturbed) {
        double[] peak = new double[sigma.length];
        for (int b = 0; b < peak.length; b++) {
            if (!(kappa[b] > 0 && sigma[b] < 1)) {
                return null;
            }
            peak[b] = Math.sqrt((1 - sigma[b]) / kappa[b]);
        }
        return estimate(peak, options, singleFork, disturbed);
    }

    private static List<ScalingModels.Projection> projection(double[] sigma, double[] kappa, double[] f,
            double[] oneCore, double[] baseline, boolean singleFork, boolean disturbed, AnalysisOptions options) {
        if (baseline == null) {
            return List.of();
        }
        List<ScalingModels.Projection> out = new ArrayList<>();
        int n = sigma.length;
        double[] usl = new double[n];
        double[] amdahl = new double[n];
        for (int p = 1; p <= options.projectTo(); p++) {
            double x = p - 1;
            for (int b = 0; b < n; b++) {
                double scale = baseline[b] / oneCore[b] * p;
                usl[b] = scale / (1 + sigma[b] * x + kappa[b] * p * x);
                amdahl[b] = scale / (1 + f[b] * x);
            }
            // A replicate whose fit drives the denominator through 0 has no speedup there: the model says nothing.
            Estimate byAmdahl = positive(amdahl, options, singleFork, disturbed);
            Estimate byUsl = positive(usl, options, singleFork, disturbed);
            if (byAmdahl != null || byUsl != null) {
                out.add(new ScalingModels.Projection(p, byAmdahl, byUsl));
            }
        }
        return out;
    }

    private static Estimate positive(double[] values, AnalysisOptions options, boolean singleFork, boolean disturbed) {
        for (double v : values) {
            if (!(v > 0)) {
                return null;
            }
        }
        return estimate(values, options, singleFork, disturbed);
    }

    private static Estimate estimate(double[] values, AnalysisOptions options, boolean singleFork,
            boolean disturbed) {
        return Estimate.fromReplicates(values, options.confidence(), singleFork, disturbed);
    }

    private static String list(List<Integer> cores) {
        return cores.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }
}
