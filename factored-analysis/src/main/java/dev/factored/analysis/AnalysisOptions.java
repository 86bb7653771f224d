package dev.factored.analysis;

/**
 * How the confidence intervals are computed, and how far the bounds, the fits and the projected speedup reach.
 *
 * @param seed       bootstrap seed; the same input and seed give the same intervals
 * @param resamples  bootstrap resamples per configuration; 0 gives exact (zero-width) intervals
 * @param confidence the confidence level of the percentile intervals, strictly between 0 and 1
 * @param projectTo  the bounds from the span run, the fitted models and the projected speedup are given up to
 *                   P = projectTo (default {@value #DEFAULT_PROJECT_TO}), beyond the cores that were measured
 * @param disturbedAbove a configuration is disturbed when other processes took more than this share of its CPUs'
 *                   time (default {@value #DEFAULT_DISTURBED_ABOVE}), or when the JVM's own threads on its spare CPUs
 *                   waited behind other processes for more than this share of its time ({@code SpareWait}): its
 *                   numbers describe the machine as much as the program, and conclusions do not rest on it
 */
public record AnalysisOptions(long seed, int resamples, double confidence, int projectTo, double disturbedAbove) {

    /**
     * 5 % of the CPUs' time. /proc/stat counts in 10 ms ticks, so one 200 ms iteration on one CPU resolves 5 % and
     * the mean of five of them about 1 %; quiet configurations of the example suite (quick preset) measured −1 % to
     * 2.7 %. A neighbour that matters takes far more: a CPU-bound process on one of two CPUs takes 25 % of them.
     */
    public static final double DEFAULT_DISTURBED_ABOVE = 0.05;

    public static final int DEFAULT_PROJECT_TO = 64;
    /** No machine a JVM runs on has more hardware threads than this (the {@code cores} rule's maximum). */
    static final int MAX_PROJECT_TO = 65_536;

    public static final AnalysisOptions DEFAULT = new AnalysisOptions(42, 2000, 0.95, DEFAULT_PROJECT_TO,
            DEFAULT_DISTURBED_ABOVE);

    public AnalysisOptions {
        if (resamples < 0) {
            throw new IllegalArgumentException("resamples must be >= 0, got " + resamples);
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be strictly between 0 and 1, got " + confidence);
        }
        if (projectTo < 1 || projectTo > MAX_PROJECT_TO) {
            throw new IllegalArgumentException("projectTo must be 1 to " + MAX_PROJECT_TO + ", got " + projectTo);
        }
        if (!(disturbedAbove > 0 && disturbedAbove < 1)) {
            throw new IllegalArgumentException("disturbedAbove must be a share strictly between 0 and 1 (e.g. 0.05 for "
                    + "5 %), got " + disturbedAbove);
        }
    }

    public AnalysisOptions(long seed, int resamples, double confidence, int projectTo) {
        this(seed, resamples, confidence, projectTo, DEFAULT_DISTURBED_ABOVE);
    }

    /** Bounds projected to P = {@value #DEFAULT_PROJECT_TO}. */
    public AnalysisOptions(long seed, int resamples, double confidence) {
        this(seed, resamples, confidence, DEFAULT_PROJECT_TO);
    }

    /** These options with the bounds projected to P = {@code projectTo}. */
    public AnalysisOptions withProjectTo(int projectTo) {
        return new AnalysisOptions(seed, resamples, confidence, projectTo, disturbedAbove);
    }

    /** These options with another disturbance threshold. */
    public AnalysisOptions withDisturbedAbove(double disturbedAbove) {
        return new AnalysisOptions(seed, resamples, confidence, projectTo, disturbedAbove);
    }
}
