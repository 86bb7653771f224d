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
 * @param alpha         the level of both tests (the "worse at all" one after Holm)
 * @param statistics    the tests' p-values and the smallest change the comparison detects
 * @param forksToSee    for {@link Outcome#CANNOT_TELL}: about the forks per configuration at which an unchanged
 *                      configuration's interval would lie within the tolerance 4 times in 5, or
 *                      null when the noise is assumed (then a baseline of several runs is what would help);
 *                      {@code forksNow} the forks it has, {@code everyRun} whether every run of the baseline needs them
 */
public record Tested(Status status, Outcome outcome, boolean lowerIsBetter, Estimate ratio, double tolerance,
        double alpha, ComparisonResult.Statistics statistics, Integer forksToSee, int forksNow, boolean everyRun) {

    /** Why a comparison's test decided as it did. */
    public enum Outcome {
        /** Significantly worse (after Holm's correction) and significantly beyond the tolerance: a failure. */
        WORSE,
        /** Its interval reaches beyond the tolerance on the worse side, and it did not fail: inconclusive. */
        CANNOT_TELL,
        /** Its interval within the tolerance on the worse side: a pass. */
        WITHIN,
        /** Better beyond the tolerance: a pass. */
        IMPROVED
    }
}
