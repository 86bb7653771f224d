package dev.factored.analysis;

/**
 * How the confidence intervals are computed, and how far the Cilkview bounds are projected.
 *
 * @param seed       bootstrap seed; the same input and seed give the same intervals
 * @param resamples  bootstrap resamples per configuration; 0 gives exact (zero-width) intervals
 * @param confidence the confidence level of the percentile intervals, strictly between 0 and 1
 * @param projectTo  the bounds from the span run are given for P = 1 … projectTo (default
 *                   {@value #DEFAULT_PROJECT_TO}), beyond the cores that were measured
 */
public record AnalysisOptions(long seed, int resamples, double confidence, int projectTo) {

    public static final int DEFAULT_PROJECT_TO = 64;
    /** No machine a JVM runs on has more hardware threads than this (the {@code cores} rule's maximum). */
    static final int MAX_PROJECT_TO = 65_536;

    public static final AnalysisOptions DEFAULT = new AnalysisOptions(42, 2000, 0.95, DEFAULT_PROJECT_TO);

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
    }

    /** Bounds projected to P = {@value #DEFAULT_PROJECT_TO}. */
    public AnalysisOptions(long seed, int resamples, double confidence) {
        this(seed, resamples, confidence, DEFAULT_PROJECT_TO);
    }

    /** These options with the bounds projected to P = {@code projectTo}. */
    public AnalysisOptions withProjectTo(int projectTo) {
        return new AnalysisOptions(seed, resamples, confidence, projectTo);
    }
}
