package dev.factored.gate;

import dev.factored.analysis.Estimate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.ToDoubleFunction;

/**
 * A small hierarchical bootstrap over JMH's raw samples ({@code [fork][iteration]}, seconds/op).
 *
 * <p>Why hierarchical: iterations of one fork share that JVM's JIT decisions, memory layout and CPU
 * placement, so they vary less among themselves than forks do. Resampling forks first (with
 * replacement), then iterations within each drawn fork, keeps the between-fork variation in the
 * interval instead of pretending every iteration is independent.
 *
 * <p>Why ratios of means: a speedup or a change is mean(a) / mean(b) (METHOD.md §6), so each resample
 * recomputes the means and then the statistic. Each input (each run, each configuration) is resampled
 * independently, because they were measured in separate forks.
 *
 * <p>The interval is the percentile interval at the given two-sided confidence. With a fixed seed the
 * same samples always give the same interval, so a verdict is reproducible.
 *
 * <p>The resampling scheme and the quantile (linear interpolation, type 7) are those of
 * {@code dev.factored.analysis.Bootstrap}, so the gate's intervals are comparable with the analysis's.
 * This copy stays private to the gate until the analysis's helper is settled as a shared API.
 */
final class Resampler {

    private final long seed;
    private final int resamples;
    private final double confidence;

    Resampler(long seed, int resamples, double confidence) {
        this.seed = seed;
        this.resamples = resamples;
        this.confidence = confidence;
    }

    /** Whether the samples can be resampled: at least one non-empty fork, every value finite. */
    static boolean usable(double[][] samples) {
        if (samples == null) {
            return false;
        }
        boolean any = false;
        for (double[] fork : samples) {
            if (fork == null) {
                return false;
            }
            for (double v : fork) {
                if (!Double.isFinite(v)) {
                    return false;
                }
                any = true;
            }
        }
        return any;
    }

    /** The pooled mean of every sample of every fork. */
    static double mean(double[][] samples) {
        double sum = 0;
        int n = 0;
        for (double[] fork : samples) {
            for (double v : fork) {
                sum += v;
                n++;
            }
        }
        return sum / n;
    }

    /**
     * The statistic of the inputs' means, with its interval. {@code statistic} receives one mean per
     * input, in the order given; all inputs must be {@link #usable}.
     */
    Estimate estimate(ToDoubleFunction<double[]> statistic, double[][]... inputs) {
        double[] pointMeans = new double[inputs.length];
        double[][] resampledMeans = new double[inputs.length][];
        // One generator per estimate, seeded the same way each time: the result does not depend on the
        // order in which the gate computes its estimates.
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < inputs.length; i++) {
            pointMeans[i] = mean(inputs[i]);
            resampledMeans[i] = resampleMeans(nonEmptyForks(inputs[i]), random);
        }
        double[] statistics = new double[resamples];
        double[] means = new double[inputs.length];
        for (int r = 0; r < resamples; r++) {
            for (int i = 0; i < inputs.length; i++) {
                means[i] = resampledMeans[i][r];
            }
            statistics[r] = statistic.applyAsDouble(means);
        }
        return percentileInterval(statistic.applyAsDouble(pointMeans), statistics);
    }

    private double[] resampleMeans(double[][] forks, SplittableRandom random) {
        double[] result = new double[resamples];
        for (int r = 0; r < resamples; r++) {
            double sum = 0;
            int n = 0;
            for (int f = 0; f < forks.length; f++) {
                double[] fork = forks[random.nextInt(forks.length)];
                for (int i = 0; i < fork.length; i++) {
                    sum += fork[random.nextInt(fork.length)];
                }
                n += fork.length;
            }
            result[r] = sum / n;
        }
        return result;
    }

    private Estimate percentileInterval(double value, double[] statistics) {
        double[] sorted = statistics.clone();
        Arrays.sort(sorted);
        double tail = (1 - confidence) / 2;
        return new Estimate(value, quantile(sorted, tail), quantile(sorted, 1 - tail));
    }

    private static double quantile(double[] sorted, double q) {
        double position = q * (sorted.length - 1);
        int below = (int) Math.floor(position);
        int above = Math.min(below + 1, sorted.length - 1);
        double weight = position - below;
        return sorted[below] * (1 - weight) + sorted[above] * weight;
    }

    private static double[][] nonEmptyForks(double[][] samples) {
        List<double[]> forks = new ArrayList<>();
        for (double[] fork : samples) {
            if (fork.length > 0) {
                forks.add(fork);
            }
        }
        return forks.toArray(new double[0][]);
    }

    /**
     * The ratio numerator / denominator of two stored estimates when no raw samples are left to
     * resample: the widest ratio both intervals allow, [num.low / den.high, num.high / den.low], for
     * positive quantities (times, speedups). If each interval holds its true value, so does this one;
     * it is wider than a joint bootstrap would give, so a check that fails only when it clears a limit
     * fails less often than the bootstrap would: conservative, never stricter.
     */
    static Estimate conservativeRatio(Estimate numerator, Estimate denominator) {
        double value = numerator.value() / denominator.value();
        double low = numerator.low() / denominator.high();
        double high = denominator.low() > 0 ? numerator.high() / denominator.low() : Double.POSITIVE_INFINITY;
        return new Estimate(value, Math.min(low, high), Math.max(low, high));
    }
}
