package dev.factored.gate;

import dev.factored.analysis.Bootstrap;
import dev.factored.analysis.ConfigurationRun;
import dev.factored.analysis.Estimate;
import dev.factored.analysis.FamilyAnalysis;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The gate's statistics of several configurations' mean times (a change current / baseline, a speedup
 * ratio, an overhead), bootstrapped with the analysis's {@link Bootstrap}: the same hierarchical
 * fork-then-iteration resampling and the same percentile interval, so the gate's intervals are
 * comparable with the analysis's.
 *
 * <p>Each input is resampled independently (they were measured in separate forks) from its own random
 * stream, keyed by run, family and configuration: the result does not depend on the order in which the
 * gate computes its estimates, and a baseline equal to the current run is still resampled independently.
 */
final class RatioBootstrap {

    static final String CURRENT = "current";
    static final String BASELINE = "baseline";

    /**
     * The raw time samples of one configuration of one family in one run.
     *
     * @param run     {@link #CURRENT} or {@link #BASELINE}
     * @param samples {@code [fork][iteration]}, {@link #usable}
     */
    record Input(String run, FamilyAnalysis family, String cores, double[][] samples) {
    }

    private final long seed;
    private final int resamples;
    private final double confidence;

    RatioBootstrap(long seed, int resamples, double confidence) {
        this.seed = seed;
        this.resamples = resamples;
        this.confidence = confidence;
    }

    /**
     * The configuration's input, or null when its samples are not stored or not {@link #usable}.
     */
    static Input input(String run, FamilyAnalysis family, String cores) {
        ConfigurationRun configuration = family.configuration(cores);
        double[][] samples = configuration == null ? null : configuration.timeSamples();
        return usable(samples) ? new Input(run, family, cores, samples) : null;
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

    /** The statistic of the inputs' means, with its interval; {@code statistic} gets one mean per input, in order. */
    Estimate estimate(ToDoubleFunction<double[]> statistic, Input... inputs) {
        double[][] means = new double[inputs.length][];
        for (int i = 0; i < inputs.length; i++) {
            Input in = inputs[i];
            // an empty fork (JMH wrote no iteration) must not be drawn: it would weigh nothing
            means[i] = Bootstrap.means(nonEmptyForks(in.samples()), null, null, resamples,
                    Bootstrap.stream(seed, in.family().id().name(), in.cores(), in.run()));
        }
        double[] values = new double[resamples + 1];
        double[] replicate = new double[inputs.length];
        for (int r = 0; r <= resamples; r++) {
            for (int i = 0; i < inputs.length; i++) {
                replicate[i] = means[i][r];
            }
            values[r] = statistic.applyAsDouble(replicate);
        }
        return Bootstrap.estimate(values, confidence);
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
