package dev.factored.gate.rules;

import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.gate.terms.Status;

/**
 * What judging one estimate against a rule's limits decided, as data: the status, why (an {@link Outcome}) and the
 * estimate judged. Its words are {@link RuleWords}'; nothing here is formatted.
 *
 * @param status  pass or fail
 * @param outcome why
 * @param judged  the estimate judged (the measured one, or the one corrected for a busy machine)
 */
record Judgement(Status status, Outcome outcome, Estimate judged) {

    /** Why a rule passed or failed on an estimate. */
    enum Outcome {
        /** Value mode: the point estimate is not a finite number. */
        NOT_FINITE,
        /** Value mode: below the minimum. */
        BELOW_MINIMUM,
        /** Value mode: above the maximum. */
        ABOVE_MAXIMUM,
        /** Value mode: within the limits. */
        MEETS,
        /** Interval mode: an end of the interval is not a number. */
        INTERVAL_NOT_A_NUMBER,
        /** Interval mode: even the interval's high end is below the minimum. */
        WHOLLY_BELOW_MINIMUM,
        /** Interval mode: even the interval's low end is above the maximum. */
        WHOLLY_ABOVE_MAXIMUM,
        /** Interval mode: the point estimate is below the minimum, but the interval reaches it. */
        SHORTFALL_NOT_SIGNIFICANT,
        /** Interval mode: the point estimate is above the maximum, but the interval reaches it. */
        EXCESS_NOT_SIGNIFICANT,
        /** Interval mode: the point estimate is within the limits. */
        MEETS_INTERVAL
    }

    /**
     * Interval mode: a minimum fails only when even the interval's high bound is below it (the data
     * cannot be reconciled with meeting the minimum); a maximum fails only when even the low bound is
     * above it. A point estimate on the wrong side whose interval still reaches the limit passes, and
     * the reason says so. Value mode compares the point estimate alone.
     */
    static Judgement of(Rule rule, Estimate e) {
        Double min = rule.minimum();
        Double max = rule.maximum();
        if (rule.use() == Use.VALUE) {
            if (!Double.isFinite(e.value())) {
                return new Judgement(Status.FAIL, Outcome.NOT_FINITE, e);
            }
            if (min != null && e.value() < min) {
                return new Judgement(Status.FAIL, Outcome.BELOW_MINIMUM, e);
            }
            if (max != null && e.value() > max) {
                return new Judgement(Status.FAIL, Outcome.ABOVE_MAXIMUM, e);
            }
            return new Judgement(Status.PASS, Outcome.MEETS, e);
        }
        if (Double.isNaN(e.low()) || Double.isNaN(e.high())) {
            return new Judgement(Status.FAIL, Outcome.INTERVAL_NOT_A_NUMBER, e);
        }
        if (min != null && e.high() < min) {
            return new Judgement(Status.FAIL, Outcome.WHOLLY_BELOW_MINIMUM, e);
        }
        if (max != null && e.low() > max) {
            return new Judgement(Status.FAIL, Outcome.WHOLLY_ABOVE_MAXIMUM, e);
        }
        if (min != null && !(e.value() >= min)) {
            return new Judgement(Status.PASS, Outcome.SHORTFALL_NOT_SIGNIFICANT, e);
        }
        if (max != null && !(e.value() <= max)) {
            return new Judgement(Status.PASS, Outcome.EXCESS_NOT_SIGNIFICANT, e);
        }
        return new Judgement(Status.PASS, Outcome.MEETS_INTERVAL, e);
    }
}
