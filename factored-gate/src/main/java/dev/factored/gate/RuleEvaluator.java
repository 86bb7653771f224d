package dev.factored.gate;

import dev.factored.analysis.model.Estimate;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.Point;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** Judges one {@link Rule} on every family it matches. */
final class RuleEvaluator {

    List<RuleResult> evaluate(Rule rule, List<FamilyAnalysis> families) {
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
            String names = String.join(", ", ids.subList(0, Math.min(5, ids.size())));
            String reason = "the rule matches no benchmark"
                    + (families.isEmpty() ? " (the analysis has no families)" : "; measured: " + names
                    + (ids.size() > 5 ? ", ..." : ""));
            results.add(new RuleResult(rule, null, null, Status.FAIL, reason));
        }
        return results;
    }

    private RuleResult evaluate(Rule rule, FamilyAnalysis family) {
        Metric metric = rule.metric();
        Point point = null;
        if (metric.isPerCores()) {
            point = rule.pointIn(family);
            if (point == null) {
                String measured = family.points().stream().map(p -> Integer.toString(p.cores()))
                        .collect(Collectors.joining(", "));
                String reason = family.points().isEmpty()
                        ? "no parallel configuration (cores = a number) was measured"
                        : "cores=" + rule.cores() + " was not measured (measured: " + measured + ")";
                return new RuleResult(rule, Subject.of(family, rule.cores() == null ? null : rule.cores().toString()),
                        null, Status.FAIL, reason);
            }
            if (!point.valid()) {
                return new RuleResult(rule, Subject.of(family, Integer.toString(point.cores())), null,
                        Status.INCONCLUSIVE, notJudged(rule, point));
            }
        }
        Subject subject = Subject.of(family, point == null ? null : Integer.toString(point.cores()));
        Estimate measured = MetricValues.measure(metric, family, point);
        if (measured == null) {
            List<String> missing = MetricValues.missingInputs(metric, family, point);
            String reason = missing.isEmpty()
                    ? "not measured: the analysis gives no " + metric.configName() + " (" + metric.formula() + ")"
                    : "not measured: " + metric.configName() + " (" + metric.formula() + ") needs "
                    + String.join(", ", missing);
            return new RuleResult(rule, subject, null, Status.FAIL, reason);
        }
        int cores = point == null ? 0 : point.cores();
        Judgement judgement = BusyMachine.rule(rule, measured, judge(rule, measured),
                BusyMachine.rule(metric, family, cores), cores);
        return new RuleResult(rule, subject, measured, judgement.status(), judgement.reason());
    }

    /**
     * Why a rule is not judged at its P, in the point's own reasons (e.g. "busy: P = 2 could not be measured on this
     * machine now: …"). Inconclusive, not a pass or a skip: the rule's question stands and this run cannot answer it
     * (failOnInconclusive fails the build on it); nor a failure, since the program was not measured there.
     */
    private static String notJudged(Rule rule, Point point) {
        String reasons = String.join("; ", point.invalidBecause());
        return rule.cores() != null
                ? "not judged: cores=" + point.cores() + " is not a valid point (" + reasons + ")"
                : "not judged: cores=max (P = " + point.cores() + ", the largest measured) is not a valid point ("
                        + reasons + "); a smaller valid P is not judged in its place";
    }

    record Judgement(Status status, String reason) {
    }

    /**
     * Interval mode: a minimum fails only when even the interval's high bound is below it (the data
     * cannot be reconciled with meeting the minimum); a maximum fails only when even the low bound is
     * above it. A point estimate on the wrong side whose interval still reaches the limit passes, and
     * the reason says so. Value mode compares the point estimate alone.
     */
    static Judgement judge(Rule rule, Estimate e) {
        Metric m = rule.metric();
        Double min = rule.minimum();
        Double max = rule.maximum();
        String value = Formats.metric(m, e.value());
        if (rule.use() == Use.VALUE) {
            if (!Double.isFinite(e.value())) {
                return new Judgement(Status.FAIL, "the value " + value + " is not a finite number");
            }
            if (min != null && e.value() < min) {
                return new Judgement(Status.FAIL, value + " is below the minimum " + Formats.limitValue(m, min));
            }
            if (max != null && e.value() > max) {
                return new Judgement(Status.FAIL, value + " is above the maximum " + Formats.limitValue(m, max));
            }
            return new Judgement(Status.PASS, value + " meets " + Formats.limit(rule));
        }
        String interval = Formats.interval(m, e);
        if (Double.isNaN(e.low()) || Double.isNaN(e.high())) {
            return new Judgement(Status.FAIL, "the interval " + interval + " is not a number");
        }
        if (min != null && e.high() < min) {
            return new Judgement(Status.FAIL, "the whole interval " + interval + " is below the minimum "
                    + Formats.limitValue(m, min));
        }
        if (max != null && e.low() > max) {
            return new Judgement(Status.FAIL, "the whole interval " + interval + " is above the maximum "
                    + Formats.limitValue(m, max));
        }
        if (min != null && !(e.value() >= min)) {
            return new Judgement(Status.PASS, value + " is below the minimum " + Formats.limitValue(m, min)
                    + ", but the interval " + interval + " reaches it: not a significant shortfall");
        }
        if (max != null && !(e.value() <= max)) {
            return new Judgement(Status.PASS, value + " is above the maximum " + Formats.limitValue(m, max)
                    + ", but the interval " + interval + " reaches it: not a significant excess");
        }
        return new Judgement(Status.PASS, value + " " + interval + " meets " + Formats.limit(rule));
    }
}
