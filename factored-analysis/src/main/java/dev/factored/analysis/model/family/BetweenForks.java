package dev.factored.analysis.model.family;

import dev.factored.analysis.model.measurement.ConfigurationRun;
import dev.factored.analysis.stats.Bootstrap;
import dev.factored.analysis.stats.VarianceModel;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The noise between JVM forks: what a fork's JIT decisions and memory layout do to all its iterations together, the
 * level of noise that a configuration measured in few forks cannot show about itself. On the log scale, so that
 * configurations of different speeds pool.
 *
 * <p>One-way random effects per configuration: with k forks of n iterations each, the variance of the fork means of
 * the log times is σ_b² + σ_w²/n, σ_w² the pooled within-fork variance; σ_b² is estimated as the difference (at
 * least 0), pooled over configurations weighted by their k − 1 degrees of freedom. A narrow estimate (few degrees of
 * freedom) is shrunk toward a wider one ({@link #toward}, {@link ForkNoise}), and intervals draw the fork level from
 * Student's t with the combined degrees of freedom, so that an estimate from few forks widens the interval instead of
 * pretending to be exact.
 *
 * @param logSd            σ_b: the standard deviation of a fork's mean log time around the configuration's; NaN when
 *                         no configuration had two or more forks (then a single fork's interval cannot be widened,
 *                         and says so)
 * @param configurations   how many configurations it was pooled over
 * @param degreesOfFreedom the degrees of freedom of the estimate: Σ (k − 1) over those configurations, plus the prior
 *                         weight of the run's estimate for a family's shrunk one
 */
public record BetweenForks(double logSd, int configurations, int degreesOfFreedom) {

    public static final BetweenForks UNKNOWN = new BetweenForks(Double.NaN, 0, 0);

    /**
     * The weight, in degrees of freedom, of the run's estimate in a narrower pool's (the configurations of one
     * {@code cores} value, {@link ForkNoise}). Chosen on simulated runs whose families and {@code cores} values differ
     * in their fork noise ({@code SpeedupCoverageTest}): it keeps the 95 % intervals of S_2 at 93–97 % coverage with 1,
     * 2 and 3 forks.
     */
    public static final int RUN_WEIGHT = 4;

    public boolean known() {
        return configurations > 0 && Double.isFinite(logSd);
    }

    /** Pools σ_b over every configuration of {@code families} with two or more forks of two or more iterations. */
    public static BetweenForks of(List<Family> families) {
        return ofRuns(families.stream().flatMap(f -> f.configurations().stream()).toList());
    }

    /** Pools σ_b over the given configurations with two or more forks of two or more iterations. */
    public static BetweenForks ofRuns(List<ConfigurationRun> runs) {
        return pooled(runs.stream().map(Own::of).toList());
    }

    /**
     * One configuration's own σ_b² (NaN under two forks or a fork of under two iterations) on k − 1 degrees of
     * freedom: what every pool of {@link ForkNoise} is summed from.
     */
    record Own(double sigmaB2, int degreesOfFreedom) {

        static Own of(ConfigurationRun run) {
            return new Own(excessVariance(run.timeSamples()), run.timeSamples().length - 1);
        }

        boolean known() {
            return !Double.isNaN(sigmaB2);
        }

        BetweenForks estimate() {
            return known() ? new BetweenForks(Math.sqrt(sigmaB2), 1, degreesOfFreedom) : UNKNOWN;
        }
    }

    /** σ_b pooled over configurations, weighted by their degrees of freedom; unknown when none is known. */
    static BetweenForks pooled(List<Own> configurations) {
        double weighted = 0;
        int df = 0;
        int used = 0;
        for (Own own : configurations) {
            if (!own.known()) {
                continue;
            }
            weighted += own.sigmaB2() * own.degreesOfFreedom();
            df += own.degreesOfFreedom();
            used++;
        }
        return used == 0 ? UNKNOWN : new BetweenForks(Math.sqrt(weighted / df), used, df);
    }

    /**
     * This (a pool's) estimate shrunk toward the run's: σ² = (df·σ_pool² + w·σ_run²) / (df + w), w =
     * {@link #RUN_WEIGHT}; the run's alone, worth w degrees of freedom, when the pool has none of its own.
     */
    public BetweenForks toward(BetweenForks run) {
        return toward(run, RUN_WEIGHT);
    }

    /**
     * This estimate shrunk toward a wider one ({@code prior}: a configuration's toward what its family and {@code cores}
     * value expect, a pool's toward the run's) that counts as {@code weight} degrees of freedom (at most its own): σ² =
     * (df·σ² + w·σ_prior²) / (df + w). It is the gate's empirical-Bayes moderation ({@link VarianceModel#moderate}, one
     * formula for both) with the prior's weight fixed (chosen on simulated runs) instead of fitted.
     */
    public BetweenForks toward(BetweenForks prior, int weight) {
        if (!prior.known()) {
            return this;
        }
        // the others stand in for an unknown one: worth no more than the weight, however many they are
        int w = Math.min(prior.degreesOfFreedom, weight);
        if (w == 0) {
            return known() ? this : new BetweenForks(prior.logSd, prior.configurations, 0);
        }
        VarianceModel.Moderated m = VarianceModel.moderate(
                new VarianceModel.Series(known() ? logSd * logSd : Double.NaN, known() ? degreesOfFreedom : 0),
                new VarianceModel.Prior(prior.logSd * prior.logSd, w, prior.configurations, prior.degreesOfFreedom));
        return new BetweenForks(Math.sqrt(m.variance()), known() ? configurations : prior.configurations,
                (int) Math.round(m.df()));
    }

    /** This estimate resting on no more than {@code degreesOfFreedom}: what the data it was pooled from hold. */
    public BetweenForks atMost(int degreesOfFreedom) {
        return known() && this.degreesOfFreedom > degreesOfFreedom
                ? new BetweenForks(logSd, configurations, degreesOfFreedom) : this;
    }

    /** One configuration's own estimate: k − 1 degrees of freedom, unknown under two forks. */
    public static BetweenForks of(ConfigurationRun run) {
        return Own.of(run).estimate();
    }

    /**
     * One draw of the log of a fork-level factor for the mean of {@code forks} forks: σ_b/√k times Student's t with
     * this estimate's degrees of freedom.
     */
    public double draw(int forks, SplittableRandom random) {
        double z = Bootstrap.gaussian(random);
        double chiSquare = 0;
        for (int i = 0; i < degreesOfFreedom; i++) {
            double g = Bootstrap.gaussian(random);
            chiSquare += g * g;
        }
        double t = degreesOfFreedom == 0 ? z : z / Math.sqrt(chiSquare / degreesOfFreedom);
        // With 1 degree of freedom t is Cauchy: a draw can overflow exp() and leave no interval at all. A fork that
        // moves a mean by more than e^5 (150x) is no fork effect: the tail beyond it is cut, far outside any 95 %.
        return Math.max(-MAX_LOG_FACTOR, Math.min(MAX_LOG_FACTOR, logSd / Math.sqrt(forks) * t));
    }

    /** The largest fork-level factor a replicate draws, on the log scale (see {@link #draw}). */
    static final double MAX_LOG_FACTOR = 5;

    /**
     * The pooled variance of a configuration's log times within its forks, and its degrees of freedom: {NaN, 0} when
     * no fork has two iterations.
     */
    static double[] withinForks(ConfigurationRun run) {
        double sum = 0;
        int df = 0;
        for (double[] fork : run.timeSamples()) {
            if (fork.length < 2) {
                continue;
            }
            double mean = 0;
            for (double v : fork) {
                mean += Math.log(v) / fork.length;
            }
            for (double v : fork) {
                sum += (Math.log(v) - mean) * (Math.log(v) - mean);
            }
            df += fork.length - 1;
        }
        return df == 0 ? new double[] {Double.NaN, 0} : new double[] {sum / df, df};
    }

    /**
     * σ_b² of one configuration's {@code [fork][iteration]} times: the variance of its fork means of the log times
     * beyond what its iterations explain (at least 0); NaN under two forks or a fork of under two iterations.
     */
    private static double excessVariance(double[][] t) {
        int k = t.length;
        if (k < 2) {
            return Double.NaN;
        }
        double[] forkMeans = new double[k];
        double within = 0;
        int withinDf = 0;
        double iterations = 0;
        for (int f = 0; f < k; f++) {
            int n = t[f].length;
            if (n < 2) {
                return Double.NaN;
            }
            double mean = 0;
            for (double v : t[f]) {
                mean += Math.log(v) / n;
            }
            for (double v : t[f]) {
                within += (Math.log(v) - mean) * (Math.log(v) - mean);
            }
            withinDf += n - 1;
            forkMeans[f] = mean;
            iterations += n;
        }
        double grand = 0;
        for (double m : forkMeans) {
            grand += m / k;
        }
        double between = 0;
        for (double m : forkMeans) {
            between += (m - grand) * (m - grand) / (k - 1);
        }
        return Math.max(0, between - within / withinDf / (iterations / k));
    }
}
