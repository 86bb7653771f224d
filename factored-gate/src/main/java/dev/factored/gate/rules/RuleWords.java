package dev.factored.gate.rules;

import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.point.Point;
import java.util.List;

/**
 * The words of a rule's result: the one sentence check.json's {@code reason}, the console table and summary.md give
 * for it, written from the facts the judging decided ({@link Judgement}, {@link Ruling}, and why a rule was not
 * judged). The decisions stay in {@link RuleEvaluator}, {@link Judgement#of} and {@link BusyMachine#rule}; numbers are
 * formatted here only, by {@link Formats}.
 */
final class RuleWords {

    private RuleWords() {
    }

    /** The reason of a judged rule: the plain judgement, then what the busy machine does to it. */
    static String reason(Rule rule, Ruling r) {
        String plain = judged(rule, r.plain());
        return switch (r.busy()) {
            case NONE -> plain;
            case ONLY_LOOK_BETTER -> BusyMachineWords.onlyLookBetter(plain, r.slowed());
            case STILL_FAILS -> BusyMachineWords.stillFails(plain, r.factor(), r.slowed(), judged(rule, r.again()));
            case MAY_BE_MACHINE -> BusyMachineWords.ruleMayBeMachine(plain, r.slowed(), r.factor(),
                    judged(rule, r.again()));
            case PASSES -> BusyMachineWords.rulePasses(plain, r.slowed());
            case MAY_HIDE -> BusyMachineWords.ruleMayHide(plain, r.slowed(), r.factor(), judged(rule, r.again()));
        };
    }

    /** Why an estimate passed or failed a rule's limits. */
    static String judged(Rule rule, Judgement j) {
        Metric m = rule.metric();
        Estimate e = j.judged();
        String value = Formats.metric(m, e.value());
        Double min = rule.minimum();
        Double max = rule.maximum();
        return switch (j.outcome()) {
            case NOT_FINITE -> "the value " + value + " is not a finite number";
            case BELOW_MINIMUM -> value + " is below the minimum " + Formats.limitValue(m, min);
            case ABOVE_MAXIMUM -> value + " is above the maximum " + Formats.limitValue(m, max);
            case MEETS -> value + " meets " + Formats.limit(rule);
            case INTERVAL_NOT_A_NUMBER -> "the interval " + Formats.interval(m, e) + " is not a number";
            case WHOLLY_BELOW_MINIMUM -> whole(m, e) + " is below the minimum " + Formats.limitValue(m, min);
            case WHOLLY_ABOVE_MAXIMUM -> whole(m, e) + " is above the maximum " + Formats.limitValue(m, max);
            case SHORTFALL_NOT_SIGNIFICANT -> value + " is below the minimum " + Formats.limitValue(m, min)
                    + ", but the interval " + Formats.interval(m, e) + " reaches it: not a significant shortfall";
            case EXCESS_NOT_SIGNIFICANT -> value + " is above the maximum " + Formats.limitValue(m, max)
                    + ", but the interval " + Formats.interval(m, e) + " reaches it: not a significant excess";
            case MEETS_INTERVAL -> value + " " + Formats.interval(m, e) + " meets " + Formats.limit(rule);
        };
    }

    /** The interval that decided, or, for a zero that has none (none measured, or by construction), the zero and why. */
    private static String whole(Metric m, Estimate e) {
        return e.zero() != null ? Formats.metric(m, e.value()) + " " + Formats.interval(m, e)
                : "the whole interval " + Formats.interval(m, e);
    }

    /**
     * A rule that matches no family: a typo in a pattern must not pass silently.
     *
     * @param ids the measured families' names, each once
     */
    static String matchesNothing(List<String> ids) {
        String names = String.join(", ", ids.subList(0, Math.min(5, ids.size())));
        return "the rule matches no benchmark"
                + (ids.isEmpty() ? " (the analysis has no families)" : "; measured: " + names
                + (ids.size() > 5 ? ", ..." : ""));
    }

    /** The rule's P was not measured in the family ({@code measured}: the Ps that were, ascending as measured). */
    static String pointNotMeasured(Rule rule, List<Integer> measured) {
        return measured.isEmpty() ? "no parallel configuration (cores = a number) was measured"
                : "cores=" + rule.cores() + " was not measured (measured: "
                + String.join(", ", measured.stream().map(String::valueOf).toList()) + ")";
    }

    /**
     * Why a rule is not judged at its P, in the point's own reasons (e.g. "busy: P = 2 could not be measured on this
     * machine now: …").
     */
    static String notJudged(Rule rule, Point point) {
        String reasons = String.join("; ", point.invalidBecause());
        return rule.cores() != null
                ? "not judged: cores=" + point.cores() + " is not a valid point (" + reasons + ")"
                : "not judged: cores=max (P = " + point.cores() + ", the largest measured) is not a valid point ("
                        + reasons + "); a smaller valid P is not judged in its place";
    }

    /** The metric could not be computed: the inputs it needs ({@code missing}) or, when none is named, the analysis. */
    static String metricNotMeasured(Metric metric, List<String> missing) {
        return missing.isEmpty()
                ? "not measured: the analysis gives no " + metric.configName() + " (" + metric.formula() + ")"
                : "not measured: " + metric.configName() + " (" + metric.formula() + ") needs "
                + String.join(", ", missing);
    }
}
