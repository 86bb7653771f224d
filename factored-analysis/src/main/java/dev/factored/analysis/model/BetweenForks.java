package dev.factored.analysis.model;

import java.util.List;

/**
 * The noise between JVM forks of one run, pooled over its configurations measured in two or more forks: what a
 * configuration measured in a single fork cannot show about itself (a fork's JIT decisions and memory layout move
 * all its iterations together). On the log scale, so that configurations of different speeds pool.
 *
 * <p>One-way random effects per configuration: with k forks of n iterations each, the variance of the fork means of
 * the log times is σ_b² + σ_w²/n, σ_w² the pooled within-fork variance; σ_b² is estimated as the difference (at
 * least 0), pooled over configurations weighted by their k − 1 degrees of freedom.
 *
 * @param logSd          σ_b: the standard deviation of a fork's mean log time around the configuration's; NaN when
 *                       no configuration of the run had two or more forks (then a single fork's interval cannot be
 *                       widened, and says so)
 * @param configurations how many configurations it was pooled over
 */
public record BetweenForks(double logSd, int configurations) {

    public static final BetweenForks UNKNOWN = new BetweenForks(Double.NaN, 0);

    public boolean known() {
        return configurations > 0 && Double.isFinite(logSd);
    }

    /** Pools σ_b over every configuration of {@code families} with two or more forks of two or more iterations. */
    public static BetweenForks of(List<Family> families) {
        double weighted = 0;
        int df = 0;
        int used = 0;
        for (Family family : families) {
            for (ConfigurationRun run : family.configurations()) {
                double[][] t = run.timeSamples();
                int k = t.length;
                if (k < 2) {
                    continue;
                }
                double[] forkMeans = new double[k];
                double within = 0;
                int withinDf = 0;
                double iterations = 0;
                boolean usable = true;
                for (int f = 0; f < k; f++) {
                    int n = t[f].length;
                    if (n < 2) {
                        usable = false;
                        break;
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
                if (!usable) {
                    continue;
                }
                double grand = 0;
                for (double m : forkMeans) {
                    grand += m / k;
                }
                double between = 0;
                for (double m : forkMeans) {
                    between += (m - grand) * (m - grand) / (k - 1);
                }
                double perIteration = within / withinDf;
                double sigmaB2 = Math.max(0, between - perIteration / (iterations / k));
                weighted += sigmaB2 * (k - 1);
                df += k - 1;
                used++;
            }
        }
        return used == 0 ? UNKNOWN : new BetweenForks(Math.sqrt(weighted / df), used);
    }
}
