package dev.factored.analysis.stats;

import java.util.Arrays;
import java.util.Comparator;

/**
 * Holm's step-down adjustment of p-values (Holm 1979): with m tests, the smallest p-value is multiplied
 * by m, the next by m − 1, and so on, each adjusted value kept at least as large as the one before.
 * Rejecting where the adjusted value is at most α keeps the probability of failing any check wrongly at
 * α or below, whatever the dependence between the checks (the gate's time and speedup checks share
 * samples, so an adjustment that needs independence or positive dependence would not do).
 */
public final class Holm {

    private Holm() {
    }

    /** The adjusted p-values, in the order given. NaN entries are left NaN and not counted as tests. */
    public static double[] adjust(double[] pValues) {
        Integer[] order = new Integer[pValues.length];
        int m = 0;
        for (int i = 0; i < pValues.length; i++) {
            order[i] = i;
            if (!Double.isNaN(pValues[i])) {
                m++;
            }
        }
        Arrays.sort(order, Comparator.comparingDouble(i -> Double.isNaN(pValues[i]) ? Double.POSITIVE_INFINITY
                : pValues[i]));
        double[] adjusted = new double[pValues.length];
        Arrays.fill(adjusted, Double.NaN);
        double running = 0;
        for (int rank = 0; rank < m; rank++) {
            int i = order[rank];
            running = Math.max(running, Math.min(1, (m - rank) * pValues[i]));
            adjusted[i] = running;
        }
        return adjusted;
    }
}
