package dev.factored.gate.comparison;

import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.gate.terms.Compared;
import dev.factored.gate.terms.Status;
import dev.factored.gate.terms.Subject;

/**
 * One comparison of the current run with the baseline.
 *
 * @param subject   the family and, for times, speedups and configurations, the {@code cores} value; null for a result
 *                  about the whole run (an environment refusal that several families share)
 * @param compared  what was compared
 * @param baseline  the baseline's estimate (null for non-numeric checks or when not measured)
 * @param current   the current run's estimate (same)
 * @param ratio     current / baseline with its interval (null when not computed)
 * @param method    how the ratio's interval was obtained; null when no ratio was computed
 * @param tolerance the accepted relative change, e.g. 0.10
 * @param status    pass, fail, inconclusive or skipped
 * @param reason    why, in one sentence
 * @param statistics the test behind a judged comparison; null for the others
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
        String reason,
        Statistics statistics) {

    /**
     * The one-sided tests of a judged comparison.
     *
     * @param pValue                  P(a change at least this far on the worse side | no change): the test that it got
     *                                worse
     * @param adjustedP               that p-value after Holm's adjustment over all judged checks of the run
     * @param beyondToleranceP        P(a change at least this far | a change as bad as the tolerance): the test that it got
     *                                worse by more than the tolerance (not adjusted)
     * @param minimumDetectableChange the smallest relative change this comparison fails with 80 % power: both tests
     *                                significant (a fraction, e.g. 0.12)
     * @param degreesOfFreedom        what the noise estimate rests on (infinite: assumed or fully pooled)
     * @param noise                   how the noise was obtained, in words
     * @param checks                  the judged checks the adjustment counted
     */
    public record Statistics(double pValue, double adjustedP, double beyondToleranceP, double minimumDetectableChange,
            double degreesOfFreedom, String noise, int checks) {
    }

    /** Where the noise of a comparison came from. */
    public enum Method {
        /** The variance between the forks of each run, moderated across configurations. */
        FORKS("forks"),
        /** The variance between the runs of a baseline recorded from several runs. */
        RUN_HISTORY("run-history"),
        /** The configured assumedNoise: nothing measured the noise (one fork everywhere, a one-run baseline). */
        ASSUMED("assumed");

        private final String configName;

        Method(String configName) {
            this.configName = configName;
        }

        public String configName() {
            return configName;
        }
    }
}
