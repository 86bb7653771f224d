package dev.factored.gate.comparison;

import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.gate.terms.Status;

/**
 * What a comparison's test alone decided, as data ({@link dev.factored.gate.BaselineComparison}): the status, why (an
 * {@link Outcome}), and the numbers its reason says. Its words are {@link ComparisonWords#tested}'s; nothing here is
 * formatted.
 *
 * @param status        fail, inconclusive or pass
 * @param outcome       why
 * @param lowerIsBetter a time (else a speedup)
 * @param ratio         current / baseline with its interval
 * @param tolerance     the accepted change t
 * @param p             the test's p-value; {@code adjusted} after Holm over {@code m} checks
 * @param mdc           the smallest change the comparison detects
 * @param forksToSee    for {@link Outcome#CANNOT_TELL}: the forks per configuration that would see the tolerance, or
 *                      null when the noise is assumed (then a baseline of several runs is what would help);
 *                      {@code forksNow} the forks it has, {@code everyRun} whether every run of the baseline needs them
 */
public record Tested(Status status, Outcome outcome, boolean lowerIsBetter, Estimate ratio, double tolerance, double p,
        double adjusted, int m, double mdc, Integer forksToSee, int forksNow, boolean everyRun) {

    /** Why a comparison's test decided as it did. */
    public enum Outcome {
        /** Worse beyond the tolerance, significantly after Holm's correction: a failure. */
        WORSE,
        /** The comparison cannot tell a change of the tolerance from noise: inconclusive. */
        CANNOT_TELL,
        /** Within the tolerance (its detectable change is below it): a pass. */
        WITHIN,
        /** Better beyond the tolerance: a pass. */
        IMPROVED
    }
}
