package dev.factored.gate;

import dev.factored.analysis.model.Estimate;

/**
 * The judgement of one rule on one family.
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
 */
public record RuleResult(Rule rule, Subject subject, Estimate measured, Status status, String reason) {
}
