package dev.factored.gate.rules;

import static dev.factored.gate.BaselineComparisonTest.tightRun;
import static dev.factored.gate.Fixtures.est;
import static dev.factored.gate.Fixtures.family;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.contract.CoresValue;
import dev.factored.gate.Fixtures;
import dev.factored.gate.rules.BusyMachine.Exposure;
import dev.factored.gate.rules.BusyMachine.Side;
import dev.factored.gate.rules.BusyMachine.Slowed;
import dev.factored.gate.terms.Compared;
import dev.factored.gate.terms.Direction;
import dev.factored.gate.terms.Status;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The busy-machine rule on hand-made numbers: one check at a time, every branch, every metric form. */
class BusyMachineTest {

    private static final double EPS = 1e-12;
    private static final double TOLERANCE = 0.10;

    private static Slowed current(String cores, double factor) {
        return new Slowed(Side.CURRENT, CoresValue.parse(cores), factor, 0.25, 2, 1, 1);
    }

    private static Slowed baseline(String cores, double factor) {
        return new Slowed(Side.BASELINE, CoresValue.parse(cores), factor, 0.25, 2, 1, 1);
    }

    private static Exposure up(Slowed... s) {
        return new Exposure(List.of(s), List.of());
    }

    private static Exposure down(Slowed... s) {
        return new Exposure(List.of(), List.of(s));
    }

    /** A comparison's status and reason as a check writes them: decided by BusyMachine, said by its words. */
    record Decision(Status status, String reason) {
    }

    private static Decision comparison(Direction direction, Status status, String reason, Estimate ratio,
            double tolerance, Exposure exposure) {
        // a failure's bound: the interval's end on the worse side (these hand-made intervals stand for the test's)
        double failBound = direction == Direction.LOWER_IS_BETTER ? ratio.low() : ratio.high();
        Weighed w = BusyMachine.comparison(direction, status, ratio, failBound, tolerance, exposure);
        return new Decision(w.status(), BusyMachineWords.comparison(reason, w, direction == Direction.LOWER_IS_BETTER,
                tolerance));
    }

    // ---- comparisons: time, lower is better, r = current / baseline ------------------------------------------

    @Test
    void aSlowdownTheBusyCurrentRunExplainsIsInconclusive() {
        // +80 % [+75, +85], the current P = 2 can be up to 2x slower from interference: fails only beyond 1.1 × 2
        Decision j = comparison(Direction.LOWER_IS_BETTER, Status.FAIL, "slower: +80.0%",
                est(1.8, 1.75, 1.85), TOLERANCE, up(current("2", 2.0)));
        assertEquals(Status.INCONCLUSIVE, j.status(), j.reason());
        assertEquals("slower: +80.0%, but the current run's P = 2 was measured while other processes took 25.0% of its 2 CPUs, which alone can explain up to a 2.00x "
                + "slowdown: here a change fails only beyond +120% (the 10% tolerance and 2.00x); re-run on a quiet "
                + "machine", j.reason());
    }

    @Test
    void aSlowdownBeyondTheExplainableFactorStillFails() {
        // low end 1.75 > 1.1 × 1.5 = 1.65
        Decision j = comparison(Direction.LOWER_IS_BETTER, Status.FAIL, "slower: +80.0%",
                est(1.8, 1.75, 1.85), TOLERANCE, up(current("2", 1.5)));
        assertEquals(Status.FAIL, j.status(), j.reason());
        assertTrue(j.reason().contains("beyond the 1.50x slowdown the busy machine can explain (the current run's "
                + "P = 2 was measured while other processes took 25.0% of its 2 CPUs; here a change fails only beyond +65.0%)"), j.reason());
        // the factors of several configurations multiply: 1.5 × 1.2 = 1.8, 1.1 × 1.8 = 1.98 > 1.75
        Decision two = comparison(Direction.LOWER_IS_BETTER, Status.FAIL, "slower",
                est(1.8, 1.75, 1.85), TOLERANCE, up(current("2", 1.5), current("4", 1.2)));
        assertEquals(Status.INCONCLUSIVE, two.status(), two.reason());
    }

    @Test
    void aBusyBaselineCannotExplainASlowdownButCanHideOne() {
        // the baseline's time was slowed: the current run can only look better, so a failure stands
        Decision fail = comparison(Direction.LOWER_IS_BETTER, Status.FAIL, "slower: +30.0%",
                est(1.3, 1.25, 1.35), TOLERANCE, down(baseline("2", 2.0)));
        assertEquals(Status.FAIL, fail.status());
        assertTrue(fail.reason().endsWith("; the busy machine (the baseline's P = 2 was measured while other processes took 25.0% of its 2 CPUs) can only have made it look better"),
                fail.reason());
        // a pass whose interval, charged with the hidden slowdown, leaves the tolerance: 1.02 × 1.2 = 1.224 > 1.1
        Decision hidden = comparison(Direction.LOWER_IS_BETTER, Status.PASS, "change +0.0%",
                est(1.0, 0.98, 1.02), TOLERANCE, down(baseline("2", 1.2)));
        assertEquals(Status.INCONCLUSIVE, hidden.status());
        assertEquals("change +0.0%, but the baseline's P = 2 was measured while other processes took 25.0% of its 2 CPUs, which can hide up to a 1.20x slowdown: allowing "
                + "for it the change could be as bad as +22.4%; record the baseline again on a quiet machine "
                + "(updateBaseline)", hidden.reason());
        // 1.02 × 1.05 = 1.071 <= 1.1: the pass stands
        Decision robust = comparison(Direction.LOWER_IS_BETTER, Status.PASS, "change +0.0%",
                est(1.0, 0.98, 1.02), TOLERANCE, down(baseline("2", 1.05)));
        assertEquals(Status.PASS, robust.status(), robust.reason());
    }

    @Test
    void aPassWithOnlyTheCurrentRunBusyStands() {
        Decision j = comparison(Direction.LOWER_IS_BETTER, Status.PASS, "change +2.0%",
                est(1.02, 0.99, 1.05), TOLERANCE, up(current("2", 3.0)));
        assertEquals(Status.PASS, j.status());
        assertTrue(j.reason().endsWith("can only have made it look worse"), j.reason());
    }

    @Test
    void anInconclusiveComparisonStaysInconclusiveAndSaysTheMachineWasBusy() {
        Decision j = comparison(Direction.LOWER_IS_BETTER, Status.INCONCLUSIVE, "change +5.0%",
                est(1.05, 0.8, 1.3), TOLERANCE, up(current("2", 2.0)));
        assertEquals(Status.INCONCLUSIVE, j.status());
        assertEquals("change +5.0%; besides, the current run's P = 2 was measured while other processes took 25.0% of its 2 CPUs", j.reason());
    }

    @Test
    void quietChecksAreLeftAlone() {
        Decision j = comparison(Direction.LOWER_IS_BETTER, Status.FAIL, "slower", est(2, 1.9, 2.1),
                TOLERANCE, Exposure.NONE);
        assertEquals(new Decision(Status.FAIL, "slower"), j);
    }

    // ---- comparisons: speedup, higher is better ---------------------------------------------------------------

    @Test
    void aLowerSpeedupIsExplainedByTheCurrentPOrTheBaselinesSequentialTime() {
        // r = 1/1.8 = 0.556 [0.54, 0.57]: fails only when r_hi < 0.9 / W
        Estimate r = est(1 / 1.8, 0.54, 0.57);
        Decision byCurrent = comparison(Direction.HIGHER_IS_BETTER, Status.FAIL, "lower speedup", r,
                TOLERANCE, down(current("2", 2.0)));
        assertEquals(Status.INCONCLUSIVE, byCurrent.status(), byCurrent.reason());
        assertTrue(byCurrent.reason().contains("up to a 2.00x lower speedup: here a change fails only beyond -55.0%"),
                byCurrent.reason());
        // the baseline's T_s slowed inflates the baseline's speedup: the same effect, the other side
        Decision byBaseline = comparison(Direction.HIGHER_IS_BETTER, Status.FAIL, "lower speedup", r,
                TOLERANCE, down(baseline("baseline", 2.0)));
        assertEquals(Status.INCONCLUSIVE, byBaseline.status(), byBaseline.reason());
        assertTrue(byBaseline.reason().contains("the baseline's T_s (cores=baseline) was measured while other processes took 25.0% of its 2 CPUs"), byBaseline.reason());
        // 0.57 < 0.9 / 1.5 = 0.6: beyond
        assertEquals(Status.FAIL, comparison(Direction.HIGHER_IS_BETTER, Status.FAIL, "lower speedup", r,
                TOLERANCE, down(current("2", 1.5))).status());
        // a higher speedup that the current run's busy T_s can have made up: 1.25 / 1.5 = 0.83 < 0.9
        Decision hidden = comparison(Direction.HIGHER_IS_BETTER, Status.PASS, "higher speedup",
                est(1.3, 1.25, 1.35), TOLERANCE, up(current("baseline", 1.5)));
        assertEquals(Status.INCONCLUSIVE, hidden.status(), hidden.reason());
        assertTrue(hidden.reason().contains("could be as bad as -16.7%; re-run on a quiet machine"), hidden.reason());
    }

    // ---- which configurations a comparison rests on ------------------------------------------------------------

    @Test
    void aComparisonRestsOnItsConfigurationsOnBothSides() {
        FamilyAnalysis now = family("b.S.s").busy("2", 0.25, 2).busy("baseline", 0.10, 1).build();
        FamilyAnalysis then = withSamples(family("b.S.s").busy("2", 0.05, 2).busy("baseline", 0.01, 1)).build();
        Exposure time = BusyMachine.comparison(Compared.TIME, CoresValue.parse("2"), now, List.of(withSamples(family("b.S.s"))
                .busy("2", 0.05, 2).build()));
        assertEquals(List.of("2"), cores(time.up()));
        assertEquals(2.0, time.up().get(0).factor(), EPS);
        assertEquals("the current run's P = 2 was measured while other processes took 25.0% of its 2 CPUs",
                BusyMachineWords.clause(time.up().get(0)));
        assertEquals(1 / 0.9, time.down().get(0).factor(), EPS);

        Exposure speedup = BusyMachine.comparison(Compared.ACTUAL_SPEEDUP, CoresValue.parse("2"), now, List.of(then));
        // up: the current T_s (0.10 of 1 CPU: 1/0.9) and the baseline's P = 2; the baseline's T_s (1 %) is quiet
        assertEquals(List.of("current baseline", "baseline 2"), speedup.up().stream()
                .map(s -> s.side().name().toLowerCase() + " " + s.cores()).toList());
        assertEquals(List.of("current 2"), speedup.down().stream()
                .map(s -> s.side().name().toLowerCase() + " " + s.cores()).toList());
        assertEquals("the current run's T_s (cores=baseline) was measured while other processes took 10.0% of its CPU",
                BusyMachineWords.clause(speedup.up().get(0)));
    }

    @Test
    void aBaselineOfSeveralRunsCountsTheGeometricMeanOfItsRuns() {
        // the change is taken against the mean of the runs' log times: one run slowed 2x moves it by 2^(1/3)
        List<FamilyAnalysis> runs = List.of(withSamples(family("b.S.s")).busy("2", 0.25, 2).build(),
                withSamples(family("b.S.s")).build(), withSamples(family("b.S.s")).busy("2", 0.01, 2).build());
        Slowed s = BusyMachine.baseline(runs, CoresValue.parse("2"));
        assertEquals(Math.cbrt(2.0), s.factor(), EPS);
        assertEquals("the baseline's P = 2 was measured while other processes took up to 25.0% of its 2 CPUs (in 1 of "
                + "its 3 runs)", BusyMachineWords.clause(s));
        assertEquals(null, BusyMachine.baseline(runs, CoresValue.parse("baseline")));
    }

    private static Fixtures.FamilyBuilder withSamples(Fixtures.FamilyBuilder b) {
        return b.samples("baseline", Fixtures.samples(2, 2, 1e-3, 0.01, 1))
                .samples("2", Fixtures.samples(2, 2, 0.6e-3, 0.01, 2));
    }

    // ---- rules ------------------------------------------------------------------------------------------------

    private static Decision rule(String metric, String min, String max, String use, Estimate measured,
            Exposure exposure, int cores) {
        Rule rule = Rule.of("S", Map.of(), "max", metric, min, max, use);
        Ruling ruling = BusyMachine.rule(rule, measured, Judgement.of(rule, measured), exposure, cores);
        return new Decision(ruling.status(), RuleWords.reason(rule, ruling));
    }

    @Test
    void aMinimumSpeedupMissedOnABusyPointIsInconclusiveUnlessBeyondTheFactor() {
        // min 1.3, measured 0.93 on a point whose P can be 2x slower: 0.93 × 2 = 1.86 >= 1.3
        Decision explained = rule("actual-speedup", "1.3", null, null, est(0.93, 0.9, 0.96), down(current("2", 2.0)),
                2);
        assertEquals(Status.INCONCLUSIVE, explained.status(), explained.reason());
        assertEquals("the whole interval [0.900, 0.960] is below the minimum 1.3, but the current run's P = 2 was measured while other processes took 25.0% of its 2 CPUs, "
                + "which alone can explain up to a 2.00x slowdown: allowing for it, 1.86x [1.80, 1.92] meets >= 1.3; "
                + "re-run on a quiet machine", explained.reason());
        // measured 0.5 with factor 1.2: 0.6 [0.576, 0.624] < 1.3
        Decision beyond = rule("actual-speedup", "1.3", null, null, est(0.5, 0.48, 0.52), down(current("2", 1.2)), 2);
        assertEquals(Status.FAIL, beyond.status(), beyond.reason());
        assertTrue(beyond.reason().endsWith("and still after allowing for up to a 1.20x slowdown from the busy machine "
                + "(the current run's P = 2 was measured while other processes took 25.0% of its 2 CPUs): the whole interval [0.576, 0.624] is below the minimum 1.3"),
                beyond.reason());
        // value mode judges the corrected value: 0.93 × 1.3 = 1.209 < 1.3
        assertEquals(Status.FAIL, rule("actual-speedup", "1.3", null, "value", est(0.93, 0.9, 0.96),
                down(current("2", 1.3)), 2).status());
    }

    @Test
    void aSpeedupRuleDependsOnWhichConfigurationWasBusy() {
        // only the sequential T_s was busy: that can only have raised the speedup, so a shortfall stands
        Decision shortfall = rule("actual-speedup", "1.3", null, null, est(0.93, 0.9, 0.96),
                up(current("baseline", 2.0)), 2);
        assertEquals(Status.FAIL, shortfall.status());
        // and a pass may have been made up by it: 1.5 [1.45, 1.55] / 1.25 = [1.16, 1.24] < 1.3
        Decision pass = rule("actual-speedup", "1.3", null, null, est(1.5, 1.45, 1.55), up(current("baseline", 1.25)),
                2);
        assertEquals(Status.INCONCLUSIVE, pass.status(), pass.reason());
        assertTrue(pass.reason().contains("which can hide up to a 1.25x slowdown: allowing for it, the whole interval "
                + "[1.16, 1.24] is below the minimum 1.3"), pass.reason());
        // a busy P cannot have raised it: the pass stands
        assertEquals(Status.PASS, rule("actual-speedup", "1.3", null, null, est(1.5, 1.45, 1.55),
                down(current("2", 3.0)), 2).status());
    }

    @Test
    void overheadsAreCorrectedAsOnePlusTheOverhead() {
        // max scheduling overhead 10 %, measured 50 % [45, 55], T_1 busy: (1.45 / 1.25) − 1 = 16 % > 10 %: fails
        Decision beyond = rule("scheduling-overhead", null, "10%", null, est(0.5, 0.45, 0.55), up(current("1", 1.25)),
                0);
        assertEquals(Status.FAIL, beyond.status(), beyond.reason());
        // (1.45 / 1.5) − 1 < 10 %: inconclusive
        assertEquals(Status.INCONCLUSIVE, rule("scheduling-overhead", null, "10%", null, est(0.5, 0.45, 0.55),
                up(current("1", 1.5)), 0).status());
        Estimate e = BusyMachine.corrected(Metric.ALGORITHMIC_OVERHEAD, est(0.5, 0.45, 0.55), 1.5, false, 0);
        assertEquals(0.0, e.value(), EPS);
        assertEquals(1.45 / 1.5 - 1, e.low(), EPS);
    }

    @Test
    void sharesAndLossesMoveByThePartOfTheMachineTheInterferenceCanExplain() {
        // max idle share 20 %, measured 60 % [55, 65] with P = 2 up to 2x slower: 1 − 1/2 = 50 % of the machine's
        // time can be the other processes' doing: 10 % [5, 15] meets the maximum
        Decision explained = rule("idle-share", null, "20%", null, est(0.6, 0.55, 0.65), new Exposure(
                List.of(current("2", 2.0)), List.of(current("2", 2.0))), 2);
        assertEquals(Status.INCONCLUSIVE, explained.status(), explained.reason());
        // with 1.25: 1 − 1/1.25 = 20 %: 40 % [35, 45] still above
        Decision beyond = rule("idle-share", null, "20%", null, est(0.6, 0.55, 0.65), new Exposure(
                List.of(current("2", 1.25)), List.of(current("2", 1.25))), 2);
        assertEquals(Status.FAIL, beyond.status(), beyond.reason());
        // a loss is a part of P: P·(1 − 1/E)
        Estimate loss = BusyMachine.corrected(Metric.IDLE_LOSS, est(1.2, 1.1, 1.3), 1.25, false, 4);
        assertEquals(1.2 - 4 * 0.2, loss.value(), EPS);
        Estimate up = BusyMachine.corrected(Metric.INFLATION_SHARE, est(0.1, 0.05, 0.15), 2.0, true, 2);
        assertEquals(0.6, up.value(), EPS);
    }

    @Test
    void aRuleRestsOnTheConfigurationsOfItsMetric() {
        FamilyAnalysis f = family("b.S.s").busy("baseline", 0.05, 1).busy("elision", 0.01, 1).busy("1", 0.2, 1)
                .busy("2", 0.25, 2).build();
        assertEquals(List.of("baseline"), cores(BusyMachine.rule(Metric.EFFICIENCY, f, 2).up()));
        assertEquals(List.of("2"), cores(BusyMachine.rule(Metric.EFFICIENCY, f, 2).down()));
        assertEquals(List.of("1"), cores(BusyMachine.rule(Metric.SCHEDULING_OVERHEAD, f, 0).up()));
        assertEquals(List.of(), cores(BusyMachine.rule(Metric.SCHEDULING_OVERHEAD, f, 0).down()), "elision is quiet");
        assertEquals(List.of("baseline", "2"), cores(BusyMachine.rule(Metric.ALGORITHMIC_LOSS, f, 2).up()));
        assertEquals(List.of("1", "2"), cores(BusyMachine.rule(Metric.INFLATION_SHARE, f, 2).down()));
        assertEquals(List.of("2"), cores(BusyMachine.rule(Metric.IDLE_SHARE, f, 2).up()));
        assertEquals(List.of(), cores(BusyMachine.rule(Metric.IDLE_SHARE, f, 4).up()), "P = 4 was not measured busy");
    }

    private static List<String> cores(List<Slowed> slowed) {
        return slowed.stream().map(s -> s.cores().toString()).toList();
    }

    @Test
    void theBaselinesFactorOverSeveralRunsIsTheirGeometricMean() {
        FamilyAnalysis quiet = family("b.Sort.sort").measured(tightRun(1)).build();
        FamilyAnalysis busy = family("b.Sort.sort").measured(tightRun(2)).busy("2", 0.25, 2).build();
        Slowed s = BusyMachine.baseline(List.of(quiet, quiet, busy), CoresValue.parse("2"));
        assertEquals(Math.cbrt(2), s.factor(), 1e-12);
        assertEquals(2.0, BusyMachine.baseline(List.of(busy), CoresValue.parse("2")).factor(), 1e-12);
    }
}
