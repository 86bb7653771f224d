package dev.factored.gate;

import static dev.factored.gate.Fixtures.analysis;
import static dev.factored.gate.Fixtures.est;
import static dev.factored.gate.Fixtures.family;
import static dev.factored.gate.Fixtures.invalid;
import static dev.factored.gate.Fixtures.point;
import static dev.factored.gate.Fixtures.samples;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.point.Losses;
import dev.factored.analysis.model.point.Point;
import dev.factored.gate.rules.Metric;
import dev.factored.gate.rules.Rule;
import dev.factored.gate.rules.RuleResult;
import dev.factored.gate.terms.Direction;
import dev.factored.gate.terms.Status;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RuleEvaluationTest {

    /** P=4: actual 3 = 4 − (0.3 + 0.3 + 0.24 + 0.16); P=2 for the cores selection. */
    static FamilyAnalysis sort(String size) {
        return family("bench.Sorts.mergeSort").param("size", size)
                .baseline(est(1.0e-3, 0.99e-3, 1.01e-3))
                .elision(est(1.1e-3, 1.09e-3, 1.11e-3))
                .oneCore(est(1.21e-3, 1.2e-3, 1.22e-3))
                .samples("baseline", samples(2, 5, 1.0e-3, 0.002, 1))
                .samples("elision", samples(2, 5, 1.1e-3, 0.002, 2))
                .samples("1", samples(2, 5, 1.21e-3, 0.002, 3))
                .point(point(2, est(0.625e-3, 0.6e-3, 0.65e-3), est(0.1e-3, 0.09e-3, 0.11e-3), est(1.6, 1.5, 1.7),
                        new Losses(est(0.16, 0.1, 0.2), est(0.1, 0.05, 0.15), est(0.08, 0.05, 0.1), est(0.06, 0, 0.1))))
                .point(point(4, est(0.333e-3, 0.32e-3, 0.35e-3), est(0.08e-3, 0.07e-3, 0.09e-3), est(3.0, 2.8, 3.2),
                        new Losses(est(0.3, 0.25, 0.35), est(0.3, 0.2, 0.4), est(0.24, 0.2, 0.28), est(0.16, 0.1, 0.22))))
                .build();
    }

    static final Analysis CURRENT = analysis(sort("1000"), sort("10000"),
            family("bench.Sweeps.sweep").param("size", "1000").baseline(est(2e-3, 2e-3, 2e-3))
                    .point(point(4, est(1e-3, 1e-3, 1e-3), null, est(2, 2, 2), new Losses(null, null, null, null)))
                    .build());

    static List<RuleResult> judge(Rule rule) {
        return Gate.check(CURRENT, null, GateConfig.of(List.of(rule))).rules();
    }

    static RuleResult judgeOne(Rule rule) {
        List<RuleResult> results = judge(rule);
        assertEquals(1, results.size(), results.toString());
        return results.get(0);
    }

    static Rule rule(String metric, String min, String max, String use) {
        return Rule.of("Sorts", Map.of("size", "1000"), "max", metric, min, max, use);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "actual-speedup,       3.0,   HIGHER_IS_BETTER",
        "efficiency,           0.75,  HIGHER_IS_BETTER",
        "algorithmic-loss,     0.3,   LOWER_IS_BETTER",
        "scheduling-loss,      0.3,   LOWER_IS_BETTER",
        "idle-loss,            0.24,  LOWER_IS_BETTER",
        "inflation-loss,       0.16,  LOWER_IS_BETTER",
        "idle-share,           0.06,  LOWER_IS_BETTER",
        "inflation-share,      0.04,  LOWER_IS_BETTER",
        "scheduling-overhead,  0.1,   LOWER_IS_BETTER",
        "algorithmic-overhead, 0.1,   LOWER_IS_BETTER",
    })
    void everyMetricReadsItsQuantityAndIsJudgedInItsDirection(String name, double expected, Direction direction) {
        Metric metric = Metric.parse(name);
        assertEquals(direction, metric.direction());

        // A limit far on the permissive side shows the measured value.
        RuleResult loose = judgeOne(rule(name, "-1000", null, null));
        Estimate e = loose.measured();
        assertNotNull(e, loose.reason());
        assertEquals(expected, e.value(), 0.002, name);
        assertTrue(e.low() <= e.value() && e.value() <= e.high(), e.toString());
        assertEquals(Status.PASS, loose.status());
        assertEquals(metric.isPerCores() ? "4" : null, Fixtures.cores(loose.subject()));

        // The limit a user would write for this direction: wholly beaten fails, wholly met passes.
        boolean higher = direction == Direction.HIGHER_IS_BETTER;
        String failing = Double.toString(higher ? e.high() * 1.01 : e.low() * 0.99);
        String passing = Double.toString(higher ? e.low() * 0.99 : e.high() * 1.01);
        RuleResult bad = judgeOne(higher ? rule(name, failing, null, null) : rule(name, null, failing, null));
        RuleResult good = judgeOne(higher ? rule(name, passing, null, null) : rule(name, null, passing, null));
        assertEquals(Status.FAIL, bad.status(), bad.reason());
        assertTrue(bad.reason().contains("the whole interval"), bad.reason());
        assertEquals(Status.PASS, good.status(), good.reason());
    }

    /** A profiler that did not publish the workers' whole wait: the own-waiting rule says what is missing. */
    @Test
    void theOwnWaitingLossNamesWhatItNeedsWhenNotMeasured() {
        Metric metric = Metric.parse("own-waiting-loss");
        assertEquals(Direction.LOWER_IS_BETTER, metric.direction());
        RuleResult r = judgeOne(rule("own-waiting-loss", null, "0.5", null));
        assertNull(r.measured());
        assertTrue(r.reason().contains("factored.workerWait"), r.reason());
    }

    @Test
    void overheadsAreReadFromTheAnalysisNotRecomputed() {
        FamilyAnalysis f = family("bench.Plain.run")
                .elision(est(1.1, 1.09, 1.11)).oneCore(est(1.21, 1.2, 1.22)).build();
        Verdict v = Gate.check(analysis(f), null,
                GateConfig.of(List.of(Rule.of("Plain", null, null, "scheduling-overhead", null, "5%", null))));
        RuleResult r = v.rules().get(0);
        assertEquals(f.times().schedulingOverhead(), r.measured());
        assertEquals(Status.FAIL, r.status(), r.reason());
        assertNull(r.subject().cores(), "overheads do not depend on P");
    }

    @Test
    void anInvalidPointIsNotJudgedAndNoOtherPStandsIn() {
        Point two = point(2, est(0.6, 0.59, 0.61), null, est(1.6, 1.55, 1.65), null);
        Point four = invalid(point(4, est(0.9, 0.89, 0.91), null, est(1.1, 1.05, 1.15), null),
                "oversubscribed: 4 workers shared 2 CPUs");
        FamilyAnalysis f = family("bench.Over.run").baseline(est(1, 0.99, 1.01)).point(two).point(four).build();
        // cores=max is P = 4, the largest measured: the valid P = 2 does not answer for it (RulePointTest)
        Verdict max = Gate.check(analysis(f), null,
                GateConfig.of(List.of(Rule.of("Over", null, "max", "actual-speedup", "1.5", null, null))));
        assertEquals("4", Fixtures.cores(max.rules().get(0).subject()));
        assertEquals(Status.INCONCLUSIVE, max.rules().get(0).status(), max.rules().get(0).reason());
        Verdict explicit = Gate.check(analysis(f), null,
                GateConfig.of(List.of(Rule.of("Over", null, "4", "actual-speedup", "1.5", null, null))));
        assertEquals(Status.INCONCLUSIVE, explicit.rules().get(0).status());
        assertTrue(explicit.rules().get(0).reason().contains("not a valid point (oversubscribed"),
                explicit.rules().get(0).reason());
    }

    @Test
    void intervalModeToleratesNoiseThatValueModeDoesNot() {
        // efficiency 0.75 [0.7, 0.8]
        RuleResult nearMin = judgeOne(rule("efficiency", "78%", null, null));
        assertEquals(Status.PASS, nearMin.status());
        assertTrue(nearMin.reason().contains("not a significant shortfall"), nearMin.reason());
        assertEquals(Status.FAIL, judgeOne(rule("efficiency", "78%", null, "value")).status());
        assertEquals(Status.FAIL, judgeOne(rule("efficiency", "85%", null, null)).status());
        assertEquals(Status.FAIL, judgeOne(rule("efficiency", "85%", null, "value")).status());
        assertEquals(Status.PASS, judgeOne(rule("efficiency", "70%", null, "value")).status());

        RuleResult nearMax = judgeOne(rule("efficiency", null, "72%", null));
        assertEquals(Status.PASS, nearMax.status());
        assertTrue(nearMax.reason().contains("not a significant excess"), nearMax.reason());
        RuleResult valueMax = judgeOne(rule("efficiency", null, "72%", "value"));
        assertEquals(Status.FAIL, valueMax.status());
        assertEquals("75.0% is above the maximum 72%", valueMax.reason());
        assertEquals(Status.FAIL, judgeOne(rule("efficiency", null, "65%", null)).status());
    }

    @Test
    void minimumAndMaximumTogether() {
        assertEquals(Status.PASS, judgeOne(rule("actual-speedup", "2.5", "3.5", null)).status());
        assertEquals(Status.FAIL, judgeOne(rule("actual-speedup", "3.3", "5", null)).status());
        assertEquals(Status.FAIL, judgeOne(rule("actual-speedup", "1", "2.7", null)).status());
        assertEquals(Status.PASS, judgeOne(rule("actual-speedup", "1", "2.9", null)).status());
    }

    @Test
    void coresSelectsThePoint() {
        RuleResult max = judgeOne(Rule.of("Sorts", Map.of("size", "1000"), "max", "actual-speedup", "1", null, null));
        assertEquals("4", Fixtures.cores(max.subject()));
        assertEquals(3.0, max.measured().value(), 0);
        RuleResult two = judgeOne(Rule.of("Sorts", Map.of("size", "1000"), "2", "actual-speedup", "1", null, null));
        assertEquals("2", Fixtures.cores(two.subject()));
        assertEquals(1.6, two.measured().value(), 0);
        RuleResult eight = judgeOne(Rule.of("Sorts", Map.of("size", "1000"), "8", "actual-speedup", "1", null, null));
        assertEquals(Status.FAIL, eight.status());
        assertEquals("cores=8 was not measured (measured: 2, 4)", eight.reason());
    }

    @Test
    void benchmarkRegexAndParamsFilterSelectFamilies() {
        assertEquals(2, judge(Rule.of("Sorts", null, "max", "actual-speedup", "1", null, null)).size());
        assertEquals(3, judge(Rule.of(null, null, "max", "actual-speedup", "1", null, null)).size());
        List<RuleResult> exact = judge(Rule.of("Sorts", Map.of("size", "1000"), "max", "actual-speedup", "1", null, null));
        assertEquals(List.of("bench.Sorts.mergeSort(size=1000)"), exact.stream().map(r -> r.subject().family()).toList());
        assertEquals(2, judge(Rule.of(null, Map.of("size", "1000"), "max", "actual-speedup", "1", null, null)).size());
        assertEquals(2, judge(Rule.of("Sorts", Map.of("size", "1000|10000"), "max", "actual-speedup", "1", null, null)).size());
        assertEquals(1, judge(Rule.of("^bench\\.Sweeps\\.sweep$", null, "max", "actual-speedup", "1", null, null)).size());
    }

    @Test
    void aRuleMatchingNothingListsEachMeasuredFamilyOnceWithoutAFalseEllipsis() {
        // three benchmarks, each measured in avgt and thrpt: six families but only three ids
        List<FamilyAnalysis> families = new java.util.ArrayList<>();
        for (String name : List.of("b.A.a", "b.B.b", "b.C.c")) {
            families.add(family(name).build());
            families.add(family(name).mode("thrpt").build());
        }
        Rule typo = Rule.of("Srots", null, "max", "efficiency", "50%", null, null);
        Verdict v = Gate.check(analysis(families.toArray(new FamilyAnalysis[0])), null, GateConfig.of(List.of(typo)));
        assertEquals("the rule matches no benchmark; measured: b.A.a, b.B.b, b.C.c", v.rules().get(0).reason());
        // more than five distinct ids: five are named, then an ellipsis
        List<FamilyAnalysis> many = new java.util.ArrayList<>();
        for (int i = 1; i <= 6; i++) {
            many.add(family("b.N.n" + i).build());
        }
        Verdict w = Gate.check(analysis(many.toArray(new FamilyAnalysis[0])), null, GateConfig.of(List.of(typo)));
        assertEquals("the rule matches no benchmark; measured: b.N.n1, b.N.n2, b.N.n3, b.N.n4, b.N.n5, ...",
                w.rules().get(0).reason());
    }

    @Test
    void aRuleMatchingNothingFailsTheVerdict() {
        Rule typo = Rule.of("Srots", null, "max", "efficiency", "50%", null, null);
        Verdict v = Gate.check(CURRENT, null, GateConfig.of(List.of(typo)));
        assertFalse(v.passed());
        RuleResult r = v.rules().get(0);
        assertEquals(Status.FAIL, r.status());
        assertNull(r.subject());
        assertTrue(r.reason().startsWith("the rule matches no benchmark; measured: bench.Sorts.mergeSort(size=1000)"),
                r.reason());
        // a param filter that no family has is also no match
        assertEquals(Status.FAIL, judgeOne(Rule.of("Sorts", Map.of("cutoff", ".*"), "max", "efficiency", "1%", null, null))
                .status());
        // the value part of the filter must match the whole value
        assertEquals(Status.FAIL, judgeOne(Rule.of("Sorts", Map.of("size", "100"), "max", "efficiency", "1%", null, null))
                .status());
    }

    @Test
    void aMetricThatWasNotMeasuredFailsWithTheReason() {
        RuleResult idle = judgeOne(Rule.of("Sweeps", null, "max", "idle-loss", null, "0.5", null));
        assertEquals(Status.FAIL, idle.status());
        assertNull(idle.measured());
        assertTrue(idle.reason().contains("needs I_P (factored.idle at cores=4"), idle.reason());

        FamilyAnalysis noBaseline = family("bench.NoBase.run").oneCore(est(1, 1, 1))
                .point(point(2, est(0.6, 0.6, 0.6), null, null, null)).build();
        Verdict v = Gate.check(analysis(noBaseline), null, GateConfig.of(List.of(
                Rule.of("NoBase", null, "max", "efficiency", "50%", null, null),
                Rule.of("NoBase", null, "max", "algorithmic-overhead", null, "10%", null))));
        assertFalse(v.passed());
        assertEquals("not measured: efficiency (T_s / (P·T_P)) needs T_s (cores=baseline)", v.rules().get(0).reason());
        assertEquals("not measured: algorithmic-overhead (T_e / T_s − 1) needs T_e (cores=elision), T_s (cores=baseline)",
                v.rules().get(1).reason());

        FamilyAnalysis sequentialOnly = family("bench.Seq.run").baseline(est(1, 1, 1)).build();
        RuleResult none = Gate.check(analysis(sequentialOnly), null,
                GateConfig.of(List.of(Rule.of("Seq", null, "max", "efficiency", "50%", null, null)))).rules().get(0);
        assertEquals(Status.FAIL, none.status());
        assertEquals("no parallel configuration (cores = a number) was measured", none.reason());
    }

    @Test
    void aHealthyRunPasses() {
        Verdict v = Gate.check(CURRENT, null, GateConfig.of(List.of(
                Rule.of("Sorts", null, "max", "efficiency", "70%", null, null),
                Rule.of("Sorts", null, "4", "idle-share", null, "10%", null))));
        assertTrue(v.passed(), v.failures().toString());
        assertEquals(4, v.count(Status.PASS));
        assertTrue(v.notes().contains("No baseline given: the regression comparison was skipped."));
    }
}
