package dev.factored.analysis;

/**
 * How the confidence intervals are computed.
 *
 * @param seed       bootstrap seed; the same input and seed give the same intervals
 * @param resamples  bootstrap resamples per configuration; 0 gives exact (zero-width) intervals
 * @param confidence the confidence level of the percentile intervals, strictly between 0 and 1
 */
public record AnalysisOptions(long seed, int resamples, double confidence) {

    public static final AnalysisOptions DEFAULT = new AnalysisOptions(42, 2000, 0.95);

    public AnalysisOptions {
        if (resamples < 0) {
            throw new IllegalArgumentException("resamples must be >= 0, got " + resamples);
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be strictly between 0 and 1, got " + confidence);
        }
    }
}
