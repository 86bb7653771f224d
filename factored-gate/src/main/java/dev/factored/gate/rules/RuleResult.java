package dev.factored.gate.rules;

import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.gate.terms.Status;
import dev.factored.gate.terms.Subject;

/**
 * The judgement of one rule on one family: the facts, and the reason written from them once ({@link RuleWords}).
 *
 * @param rule     the rule judged
 * @param subject  the family and the P judged ({@code cores} null for metrics that do not depend on P);
 *                 null when the rule matched no family, which is a failure
 * @param measured the metric's value and interval; null when not measured (a failure, see reason) or not judged
 *                 (the rule's P is not a valid point)
 * @param status   pass, fail, or inconclusive: the rule's P is not a valid point on this run (judged nowhere
 *                 else instead), or the point rests on a configuration measured on a busy machine whose interference
 *                 can explain the result
 * @param reason   why, in one sentence
 * @param why      whether the rule was judged, or why not, as a code (how a judged rule was decided is
 *                 {@link RuleEvaluator}'s {@code Ruling}, which the reason is written from)
 */
public record RuleResult(Rule rule, Subject subject, Estimate measured, Status status, String reason, Why why) {

    /** Whether and how a rule was judged on a family. */
    public enum Why {
        /** The rule matches no family of the analysis: a failure. */
        MATCHES_NOTHING,
        /** The rule's P was not measured in the family: a failure. */
        P_NOT_MEASURED,
        /** The rule's P is not a valid point on this run: inconclusive. */
        P_NOT_VALID,
        /** The metric's inputs were not measured: a failure. */
        METRIC_NOT_MEASURED,
        /** Judged: see the ruling. */
        JUDGED
    }
}
