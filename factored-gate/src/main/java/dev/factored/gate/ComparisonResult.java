package dev.factored.gate;

import dev.factored.analysis.Estimate;

/**
 * One comparison of the current run with the baseline.
 *
 * @param subject   the family and, for times, speedups and configurations, the {@code cores} value
 * @param compared  what was compared
 * @param baseline  the baseline's estimate (null for non-numeric checks or when not measured)
 * @param current   the current run's estimate (same)
 * @param ratio     current / baseline with its interval (null when not computed)
 * @param method    how the ratio's interval was obtained; null when no ratio was computed
 * @param tolerance the accepted relative change, e.g. 0.10
 * @param status    pass, fail or skipped
 * @param reason    why, in one sentence
 */
public record ComparisonResult(
        Subject subject,
        Compared compared,
        Estimate baseline,
        Estimate current,
        Estimate ratio,
        Method method,
        double tolerance,
        Status status,
        String reason) {

    /** How the interval of a ratio current / baseline was obtained. */
    public enum Method {
        /** Resampled from both runs' raw samples (hierarchical bootstrap). */
        BOOTSTRAP("bootstrap"),
        /** Raw samples missing: the widest ratio the two stored intervals allow (conservative). */
        INTERVALS("intervals");

        private final String configName;

        Method(String configName) {
            this.configName = configName;
        }

        public String configName() {
            return configName;
        }
    }
}
