package dev.factored.analysis.stats;

import java.util.ArrayList;
import java.util.List;

/**
 * Where the level of a short series changes: binary segmentation with a two-sample t test at every step, as the
 * steady-state analysis of Barrett et al. (OOPSLA 2017, krun's warmup_stats) segments an iteration series, scaled down
 * to the 3–20 iterations a JMH fork measures. Pure.
 *
 * <p>A segment [a, b) is split where the two parts' summed squared deviations are least; the split stands when the
 * parts' means differ by a Student's t whose p-value, times the b − a − 1 places a split could have gone (Bonferroni),
 * is below {@code alpha}, and by at least {@code minShift} (a real change too small to matter is no change). Both
 * parts are then split again. A segment of one value can result: an iteration alone at its level.
 *
 * <p>The t test's variance is the parts' pooled one, or, from five values on, the noise the successive differences
 * show (their median absolute value, which a few changes of level do not move) where that is smaller: with three
 * levels the best single split leaves a level change inside one part, whose variance would hide both changes.
 */
public final class ChangePoints {

    private ChangePoints() {
    }

    /**
     * The indices where a new level starts, ascending; empty when the series is one level.
     *
     * @param values   the series (e.g. log times), finite
     * @param minShift the least difference of means that counts, in the values' unit (0.03 of log time: 3 %)
     * @param alpha    the familywise false-split rate of one test, e.g. 0.01
     */
    public static List<Integer> of(double[] values, double minShift, double alpha) {
        List<Integer> starts = new ArrayList<>();
        split(values, 0, values.length, minShift, alpha, starts);
        starts.sort(null);
        return List.copyOf(starts);
    }

    private static void split(double[] y, int from, int to, double minShift, double alpha, List<Integer> starts) {
        int n = to - from;
        if (n < 3) {
            return; // a t test of two parts needs a degree of freedom
        }
        int best = -1;
        double bestResidual = Double.POSITIVE_INFINITY;
        for (int k = from + 1; k < to; k++) {
            double residual = Descriptive.squaredDeviations(y, from, k) + Descriptive.squaredDeviations(y, k, to);
            if (residual < bestResidual) {
                bestResidual = residual;
                best = k;
            }
        }
        double shift = Math.abs(Descriptive.mean(y, from, best) - Descriptive.mean(y, best, to));
        double variance = bestResidual / (n - 2);
        if (n >= 5) {
            variance = Math.min(variance, differenceNoise(y, from, to));
        }
        if (shift < minShift || !significant(shift, variance, best - from, to - best, n - 1, alpha)) {
            return;
        }
        starts.add(best);
        split(y, from, best, minShift, alpha, starts);
        split(y, best, to, minShift, alpha, starts);
    }

    private static boolean significant(double shift, double variance, int left, int right, int places, double alpha) {
        double df = left + right - 2;
        if (!(variance > 0)) {
            return shift > 0; // two flat levels: any difference is a change
        }
        double t = shift / Math.sqrt(variance * (1.0 / left + 1.0 / right));
        return 2 * Distributions.tUpperTail(t, df) * places < alpha;
    }

    /** The variance of one value's noise from the successive differences of values[from, to): (1.4826 · MAD)² / 2. */
    private static double differenceNoise(double[] y, int from, int to) {
        double[] d = new double[to - from - 1];
        for (int i = from; i + 1 < to; i++) {
            d[i - from] = Math.abs(y[i + 1] - y[i]);
        }
        double sigma = 1.4826 * Descriptive.median(d) / Math.sqrt(2);
        return sigma * sigma;
    }
}
