package dev.factored.gate.rules;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.point.Point;
import dev.factored.contract.CoresValue;
import dev.factored.gate.terms.Status;
import dev.factored.gate.terms.Subject;
import java.util.ArrayList;
import java.util.List;

/**
 * Judges one {@link Rule} on every family it matches: decides what was judged and how ({@link Judgement#of}, then
 * {@link BusyMachine#rule} where the check rests on a busy configuration), and has the result's reason written once
 * from those facts ({@link RuleWords}).
 */
public final class RuleEvaluator {

    public List<RuleResult> evaluate(Rule rule, List<FamilyAnalysis> families) {
        List<RuleResult> results = new ArrayList<>();
        for (FamilyAnalysis family : families) {
            if (rule.matches(family)) {
                results.add(evaluate(rule, family));
            }
        }
        if (results.isEmpty()) {
            // A typo in a pattern must not pass silently.
            // distinct ids: the avgt and thrpt families of one benchmark share an id
            List<String> ids = families.stream().map(f -> f.id().name()).distinct().toList();
            results.add(new RuleResult(rule, null, null, Status.FAIL, RuleWords.matchesNothing(ids),
                    RuleResult.Why.MATCHES_NOTHING));
        }
        return results;
    }

    private RuleResult evaluate(Rule rule, FamilyAnalysis family) {
        Metric metric = rule.metric();
        Point point = null;
        if (metric.isPerCores()) {
            point = rule.pointIn(family);
            if (point == null) {
                List<Integer> measured = family.points().stream().map(Point::cores).toList();
                return new RuleResult(rule, Subject.of(family,
                        rule.cores() == null ? null : CoresValue.workers(rule.cores())),
                        null, Status.FAIL, RuleWords.pointNotMeasured(rule, measured), RuleResult.Why.P_NOT_MEASURED);
            }
            if (!point.valid()) {
                // Inconclusive, not a pass or a skip: the rule's question stands and this run cannot answer it
                // (failOnInconclusive fails the build on it); nor a failure, since the program was not measured there.
                return new RuleResult(rule, Subject.of(family, CoresValue.workers(point.cores())), null,
                        Status.INCONCLUSIVE, RuleWords.notJudged(rule, point), RuleResult.Why.P_NOT_VALID);
            }
        }
        Subject subject = Subject.of(family, point == null ? null : CoresValue.workers(point.cores()));
        Estimate measured = MetricValues.measure(metric, family, point);
        if (measured == null) {
            return new RuleResult(rule, subject, null, Status.FAIL,
                    RuleWords.metricNotMeasured(metric, MetricValues.missingInputs(metric, family, point)),
                    RuleResult.Why.METRIC_NOT_MEASURED);
        }
        int cores = point == null ? 0 : point.cores();
        Ruling ruling = BusyMachine.rule(rule, measured, Judgement.of(rule, measured),
                BusyMachine.rule(metric, family, cores), cores);
        return new RuleResult(rule, subject, measured, ruling.status(), RuleWords.reason(rule, ruling),
                RuleResult.Why.JUDGED);
    }
}
