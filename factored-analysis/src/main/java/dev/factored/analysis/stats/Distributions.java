package dev.factored.analysis.stats;

import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.special.Gamma;

/**
 * Student's t from commons-math3 (the library, and the {@code TDistribution}, that JMH's own score error uses), with
 * infinite degrees of freedom as the normal; and the one function the library lacks, the inverse of trigamma.
 */
public final class Distributions {

    private static final double NORMAL_DF = 1e7; // above it, t is the normal to far below our needs
    private static final NormalDistribution NORMAL = new NormalDistribution(null, 0, 1);

    private Distributions() {
    }

    /** P(T ≤ t) for Student's t with {@code df} degrees of freedom ({@code df} may be infinite: the normal). */
    public static double tCdf(double t, double df) {
        if (!(df > 0)) {
            throw new IllegalArgumentException("degrees of freedom must be positive, got " + df);
        }
        return Double.isNaN(t) ? Double.NaN : df >= NORMAL_DF ? NORMAL.cumulativeProbability(t)
                : new TDistribution(null, df).cumulativeProbability(t);
    }

    /** P(T > t): the one-sided p-value of an observed t. */
    public static double tUpperTail(double t, double df) {
        return tCdf(-t, df);
    }

    /** The q-quantile of Student's t, 0 < q < 1. */
    public static double tQuantile(double q, double df) {
        if (!(q > 0 && q < 1) || !(df > 0)) {
            throw new IllegalArgumentException("a quantile needs 0 < q < 1 and df > 0, got q " + q + ", df " + df);
        }
        return df >= NORMAL_DF ? NORMAL.inverseCumulativeProbability(q)
                : new TDistribution(null, df).inverseCumulativeProbability(q);
    }

    /** The x > 0 with ψ'(x) = y, y > 0 (ψ' falls monotonically from ∞ to 0): bisection on a log scale. */
    public static double trigammaInverse(double y) {
        if (!(y > 0)) {
            throw new IllegalArgumentException("trigamma takes only positive values, got " + y);
        }
        double low = 1e-8;
        double high = 1e8;
        for (int i = 0; i < 200; i++) {
            double mid = Math.sqrt(low * high);
            low = Gamma.trigamma(mid) > y ? mid : low;
            high = low == mid ? high : mid;
        }
        return Math.sqrt(low * high);
    }
}
