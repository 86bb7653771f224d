package dev.factored.analysis.stats;

import java.util.List;
import org.apache.commons.math3.special.Gamma;

/**
 * Borrowing strength across many small samples (Smyth 2004, the empirical-Bayes "moderated" variance
 * of limma): every series (one configuration of one family in one run) has a sample variance s² on d
 * degrees of freedom, often d = 1 (two forks) or d = 0 (one fork). Their spread tells how alike the true
 * variances are: the fit gives a prior variance s₀² worth d₀ degrees of freedom, and each series'
 * variance becomes (d₀·s₀² + d·s²) / (d₀ + d) on d₀ + d degrees of freedom. Homogeneous series give a
 * large d₀ (pool them), at most the degrees of freedom of all the series together; heterogeneous ones a
 * small d₀ (trust each its own).
 */
public final class VarianceModel {

    /** One series' own sample variance and its degrees of freedom (0 when it has a single value). */
    public record Series(double variance, double df) {
    }

    /**
     * The fitted prior: variance s₀² on d₀ degrees of freedom ({@code df} may be infinite: the series
     * look alike and share s₀²), from {@code series} series with {@code totalDf} degrees of freedom.
     */
    public record Prior(double variance, double df, int series, double totalDf) {
    }

    /** A moderated variance and the degrees of freedom it rests on (may be infinite). */
    public record Moderated(double variance, double df) {
    }

    private VarianceModel() {
    }

    /** The prior from the series that have a variance; null when none has (nothing to borrow). */
    public static Prior fit(List<Series> all) {
        List<Series> usable = all.stream().filter(s -> s.df() > 0 && s.variance() > 0 && Double.isFinite(s.variance()))
                .toList();
        int n = usable.size();
        double totalDf = usable.stream().mapToDouble(Series::df).sum();
        if (n == 0) {
            return null;
        }
        if (n == 1) {
            return new Prior(usable.get(0).variance(), usable.get(0).df(), 1, totalDf);
        }
        double[] e = new double[n];
        double mean = 0;
        double trigammaMean = 0;
        for (int i = 0; i < n; i++) {
            Series s = usable.get(i);
            e[i] = Math.log(s.variance()) - Gamma.digamma(s.df() / 2) + Math.log(s.df() / 2);
            mean += e[i] / n;
            trigammaMean += Gamma.trigamma(s.df() / 2) / n;
        }
        double spread = 0;
        for (double x : e) {
            spread += (x - mean) * (x - mean) / (n - 1);
        }
        double excess = spread - trigammaMean;
        // The prior is worth at most the degrees of freedom it was estimated from: limma lets alike series
        // pool with infinite weight, which overstates what two or three small series can know.
        double d0 = excess > 0 ? Math.min(totalDf, 2 * Distributions.trigammaInverse(excess)) : totalDf;
        return new Prior(Math.exp(mean + Gamma.digamma(d0 / 2) - Math.log(d0 / 2)), d0, n, totalDf);
    }

    /** The series' moderated variance; null when neither it nor the prior knows anything. */
    public static Moderated moderate(Series own, Prior prior) {
        boolean ownKnown = own.df() > 0 && Double.isFinite(own.variance());
        if (prior == null) {
            return ownKnown ? new Moderated(own.variance(), own.df()) : null;
        }
        if (Double.isInfinite(prior.df())) {
            return new Moderated(prior.variance(), Double.POSITIVE_INFINITY);
        }
        double d = ownKnown ? own.df() : 0;
        double v = ownKnown ? own.variance() : 0;
        return new Moderated((prior.df() * prior.variance() + d * v) / (prior.df() + d), prior.df() + d);
    }

    /** Welch–Satterthwaite: the degrees of freedom of a sum of independent variance terms a_i on df_i. */
    public static double welchDf(double[] terms, double[] dfs) {
        double sum = 0;
        double denominator = 0;
        for (int i = 0; i < terms.length; i++) {
            sum += terms[i];
            if (Double.isFinite(dfs[i]) && terms[i] > 0) {
                denominator += terms[i] * terms[i] / dfs[i];
            }
        }
        return denominator == 0 ? Double.POSITIVE_INFINITY : sum * sum / denominator;
    }
}
