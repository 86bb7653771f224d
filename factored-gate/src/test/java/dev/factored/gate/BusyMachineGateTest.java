package dev.factored.gate;

import static dev.factored.gate.BaselineComparisonTest.find;
import static dev.factored.gate.BaselineComparisonTest.measured;
import static dev.factored.gate.BaselineComparisonTest.scaled;
import static dev.factored.gate.BaselineComparisonTest.tightRun;
import static dev.factored.gate.Fixtures.analysis;
import static dev.factored.gate.Fixtures.est;
import static dev.factored.gate.Fixtures.family;
import static dev.factored.gate.Fixtures.point;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.contract.CoresValue;
import dev.factored.gate.comparison.ComparisonResult;
import dev.factored.gate.rules.Rule;
import dev.factored.gate.rules.RuleResult;
import dev.factored.gate.terms.Compared;
import dev.factored.gate.terms.Status;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Known answers of the gate on a busy machine (METHOD.md §9, gate.md "A busy machine"): whole verdicts over hand-made
 * analyses in which one side's configuration was measured while other processes took its CPUs.
 */
class BusyMachineGateTest {

    static final GateConfig CONFIG = GateConfig.of(List.of());
    static final String BUSY_P2 = "the current run's P = 2 was measured while other processes took 25.0% of its 2 CPUs";

    /** The same numbers as {@code base}, P = 2 {@code factor} times slower, measured while 25 % of its 2 CPUs were taken. */
    static Analysis busyCurrent(Map<String, double[][]> base, double factor) {
        return measured("b.Sort.sort", scaled(base, "2", factor), b -> b.busy("2", 0.25, 2));
    }

    @Test
    void anUnchangedProgramOnABusyMachineIsInconclusiveNotFailed() {
        Map<String, double[][]> base = tightRun(1);
        // A/A: same code; a neighbour made the current run's P = 2 1.8x slower; explainable slowdown 1/(1 − 2·0.25) = 2
        Analysis current = busyCurrent(base, 1.8);
        assertEquals(2.0, current.families().get(0).interference(CoresValue.parse("2")).explainableSlowdown(), 1e-12);
        Verdict v = Gate.check(current, measured("b.Sort.sort", base), CONFIG);
        assertTrue(v.passed(), v.failures().toString());
        ComparisonResult time = find(v, Compared.TIME, "2");
        assertEquals(Status.INCONCLUSIVE, time.status(), time.reason());
        assertTrue(time.reason().startsWith("slower: +80.0% ["), time.reason());
        assertTrue(time.reason().contains("beyond the 10% tolerance"), "the test alone would fail it: " + time.reason());
        assertTrue(time.reason().contains(", but " + BUSY_P2 + ", which alone can explain up to a 2.00x slowdown: here "
                + "a change fails only beyond +120% (the 10% tolerance and 2.00x); re-run on a quiet machine; noise "),
                time.reason());
        ComparisonResult speedup = find(v, Compared.ACTUAL_SPEEDUP, "2");
        assertEquals(Status.INCONCLUSIVE, speedup.status(), speedup.reason());
        assertTrue(speedup.reason().contains(BUSY_P2 + ", which alone can explain up to a 2.00x lower speedup"),
                speedup.reason());
        // the quiet configurations are judged as ever
        assertEquals(Status.PASS, find(v, Compared.TIME, "4").status());
        assertEquals(Status.PASS, find(v, Compared.ACTUAL_SPEEDUP, "4").status());
        assertTrue(v.notes().stream().anyMatch(n -> n.startsWith("The machine was busy: 1 configuration of the current "
                + "run was measured while other processes took")), v.notes().toString());
        // failOnInconclusive fails it, naming the reason
        Verdict strict = Gate.check(current, measured("b.Sort.sort", base), CONFIG.withFailOnInconclusive(true));
        assertFalse(strict.passed());
        assertTrue(strict.failures().stream().anyMatch(f -> f.contains(BUSY_P2)), strict.failures().toString());
    }

    @Test
    void theSameSlowdownOnAQuietMachineFails() {
        Map<String, double[][]> base = tightRun(1);
        Verdict v = Gate.check(measured("b.Sort.sort", scaled(base, "2", 1.8)), measured("b.Sort.sort", base), CONFIG);
        assertFalse(v.passed());
        assertEquals(Status.FAIL, find(v, Compared.TIME, "2").status());
        assertFalse(v.notes().stream().anyMatch(n -> n.startsWith("The machine was busy")), v.notes().toString());
    }

    @Test
    void aQuietTwofoldRegressionFails() {
        Map<String, double[][]> base = tightRun(1);
        Verdict v = Gate.check(measured("b.Sort.sort", scaled(base, "2", 2.0)), measured("b.Sort.sort", base), CONFIG);
        assertFalse(v.passed());
        ComparisonResult time = find(v, Compared.TIME, "2");
        assertEquals(Status.FAIL, time.status(), time.reason());
        assertFalse(time.reason().contains("busy"), time.reason());
        assertEquals(Status.FAIL, find(v, Compared.ACTUAL_SPEEDUP, "2").status());
    }

    @Test
    void aTenfoldRegressionOnABusyMachineStillFails() {
        Map<String, double[][]> base = tightRun(1);
        Verdict v = Gate.check(busyCurrent(base, 10), measured("b.Sort.sort", base), CONFIG);
        assertFalse(v.passed());
        ComparisonResult time = find(v, Compared.TIME, "2");
        assertEquals(Status.FAIL, time.status(), time.reason());
        assertTrue(time.reason().contains("and beyond the 2.00x slowdown the busy machine can explain (" + BUSY_P2
                + "; here a change fails only beyond +120%)"), time.reason());
        ComparisonResult speedup = find(v, Compared.ACTUAL_SPEEDUP, "2");
        assertEquals(Status.FAIL, speedup.status(), speedup.reason());
        assertTrue(v.failures().stream().anyMatch(f -> f.contains("beyond the 2.00x")), v.failures().toString());
    }

    @Test
    void aBusyBaselineMakesTheCurrentRunLookFasterButDecidesNothing() {
        // A/A the other way round: the baseline's P = 2 was slowed 1.8x by a neighbour, the current run is quiet
        Map<String, double[][]> quiet = tightRun(1);
        Analysis baseline = measured("b.Sort.sort", scaled(quiet, "2", 1.8), b -> b.busy("2", 0.25, 2));
        Verdict v = Gate.check(measured("b.Sort.sort", quiet), baseline, CONFIG);
        assertTrue(v.passed(), v.failures().toString());
        ComparisonResult time = find(v, Compared.TIME, "2");
        assertEquals(Status.INCONCLUSIVE, time.status(), time.reason());
        assertTrue(time.reason().startsWith("faster: -44.4% ["), time.reason());
        assertTrue(time.reason().contains("but the baseline's P = 2 was measured while other processes took 25.0% of "
                + "its 2 CPUs, which can hide up to a 2.00x slowdown"), time.reason());
        assertTrue(time.reason().contains("record the baseline again on a quiet machine (updateBaseline)"),
                time.reason());
        assertTrue(v.notes().stream().anyMatch(n -> n.startsWith("The machine was busy: 1 configuration of the "
                + "baseline was measured")), v.notes().toString());
    }

    @Test
    void aBusyBaselineSequentialTimeCannotFailEverySpeedup() {
        // The baseline's T_s was 1.8x slow on a busy machine: its speedups were 1.8x too high, so every current
        // speedup looks 44 % lower. Only the baseline side's T_s explains it; a current-side-only rule would fail all.
        Map<String, double[][]> quiet = tightRun(1);
        Analysis baseline = measured("b.Sort.sort", scaled(quiet, "baseline", 1.8), b -> b.busy("baseline", 0.5, 1));
        Verdict v = Gate.check(measured("b.Sort.sort", quiet), baseline, CONFIG);
        assertTrue(v.passed(), v.failures().toString());
        for (String p : List.of("1", "2", "4")) {
            ComparisonResult s = find(v, Compared.ACTUAL_SPEEDUP, p);
            assertEquals(Status.INCONCLUSIVE, s.status(), s.reason());
            assertTrue(s.reason().contains("the baseline's T_s (cores=baseline) was measured while other processes "
                    + "took 50.0% of its CPU, which alone can explain up to a 2.00x lower speedup"), s.reason());
        }
        ComparisonResult ts = find(v, Compared.TIME, "baseline");
        assertEquals(Status.SKIPPED, ts.status(), "still reported, not judged");
        assertTrue(ts.reason().contains("the baseline's T_s (cores=baseline) was measured while"), ts.reason());
        // the same baseline, measured quietly, fails every speedup
        Verdict quietly = Gate.check(measured("b.Sort.sort", quiet), measured("b.Sort.sort", scaled(quiet, "baseline",
                1.8)), CONFIG);
        assertEquals(3, quietly.count(Status.FAIL), quietly.failures().toString());
    }

    @Test
    void aBaselineOfSeveralRunsWithOneBusyRunExplainsLess() {
        // Three baseline runs; in the latest, P = 2 was measured while 25 % of its 2 CPUs were taken (E = 2). The
        // change is taken against the mean of the runs' log times, which that run can move by at most 2^(1/3) = 1.26:
        // a current run 2x slower at P = 2 is beyond 1.1 × 1.26 = 1.39 and fails (with the latest run's E = 2 alone it
        // would be inconclusive: 2 < 2.2).
        Analysis busy = measured("b.Sort.sort", scaled(tightRun(3), "2", 1.05), b -> b.busy("2", 0.25, 2));
        List<Analysis> history = List.of(measured("b.Sort.sort", tightRun(1)), measured("b.Sort.sort", tightRun(2)),
                busy);
        Verdict v = Gate.checkRuns(measured("b.Sort.sort", scaled(tightRun(4), "2", 2.0)), history, CONFIG);
        ComparisonResult time = find(v, Compared.TIME, "2");
        assertEquals(ComparisonResult.Method.RUN_HISTORY, time.method());
        // the busy run can only have made the current run look better: the failure stands
        assertEquals(Status.FAIL, time.status(), time.reason());
        assertTrue(time.reason().contains("the baseline's P = 2 was measured while other processes took up to 25.0% "
                + "of its 2 CPUs (in 1 of its 3 runs)) can only have made it look better"), time.reason());
        ComparisonResult speedup4 = find(v, Compared.ACTUAL_SPEEDUP, "4");
        assertFalse(speedup4.reason().contains("busy"), speedup4.reason());

        // the same history with the current run busy at P = 2 (E = 2): 2x is within 1.1 × 2 = 2.2, inconclusive
        Analysis busyNow = measured("b.Sort.sort", scaled(tightRun(4), "2", 2.0), b -> b.busy("2", 0.25, 2));
        ComparisonResult explained = find(Gate.checkRuns(busyNow, history, CONFIG), Compared.TIME, "2");
        assertEquals(Status.INCONCLUSIVE, explained.status(), explained.reason());
        assertTrue(explained.reason().contains(BUSY_P2), explained.reason());
    }

    // ---- rules ------------------------------------------------------------------------------------------------

    /** T_s = 1, P = 2: speedup {@code speedup} [−3 %, +3 %]; P = 2 measured while {@code share} of its 2 CPUs were taken. */
    static FamilyAnalysis busyPoint(double speedup, double share) {
        return family("b.Busy.run").baseline(est(1e-3, 0.99e-3, 1.01e-3))
                .point(point(2, est(1e-3 / speedup, 0.97e-3 / speedup, 1.03e-3 / speedup), null,
                        est(speedup, 0.97 * speedup, 1.03 * speedup), null))
                .busy("2", share, 2).build();
    }

    static RuleResult minSpeedup(FamilyAnalysis f, String min) {
        Verdict v = Gate.check(analysis(f), null,
                GateConfig.of(List.of(Rule.of("Busy", null, "max", "actual-speedup", min, null, null))));
        return v.rules().get(0);
    }

    @Test
    void aRuleMissedOnABusyPointIsInconclusive() {
        // min 1.3, measured 0.93 on P = 2 whose explainable slowdown is 2: 0.93 × 2 = 1.86 >= 1.3
        FamilyAnalysis f = busyPoint(0.93, 0.25);
        assertTrue(f.point(2).disturbance().disturbed(), "the fixture marks the point as the analysis would");
        RuleResult r = minSpeedup(f, "1.3");
        assertEquals(Status.INCONCLUSIVE, r.status(), r.reason());
        assertTrue(r.reason().startsWith("the whole interval [0.902, 0.958] is below the minimum 1.3, but " + BUSY_P2
                + ", which alone can explain up to a 2.00x slowdown: allowing for it, 1.86x [1.80, 1.92] meets >= 1.3; "
                + "re-run on a quiet machine"), r.reason());
        Verdict v = Gate.check(analysis(f), null,
                GateConfig.of(List.of(Rule.of("Busy", null, "max", "actual-speedup", "1.3", null, null))));
        assertTrue(v.passed());
        assertEquals(1, v.count(Status.INCONCLUSIVE));
        assertFalse(Gate.check(analysis(f), null, GateConfig.of(List.of(Rule.of("Busy", null, "max", "actual-speedup",
                "1.3", null, null))).withFailOnInconclusive(true)).passed());
    }

    @Test
    void aRuleMissedBeyondTheFactorFails() {
        // measured 0.5 with explainable slowdown 1.2 (1/12 of 2 CPUs): 0.5 × 1.2 = 0.6 < 1.3
        FamilyAnalysis f = busyPoint(0.5, 1.0 / 12);
        assertEquals(1.2, f.interference(CoresValue.parse("2")).explainableSlowdown(), 1e-12);
        RuleResult r = minSpeedup(f, "1.3");
        assertEquals(Status.FAIL, r.status(), r.reason());
        assertTrue(r.reason().contains("and still after allowing for up to a 1.20x slowdown from the busy machine"),
                r.reason());
        // quiet, the same shortfall fails plainly
        RuleResult quiet = minSpeedup(family("b.Busy.run").baseline(est(1e-3, 0.99e-3, 1.01e-3))
                .point(point(2, est(2e-3, 1.94e-3, 2.06e-3), null, est(0.5, 0.485, 0.515), null)).build(), "1.3");
        assertEquals(Status.FAIL, quiet.status());
        assertEquals("the whole interval [0.485, 0.515] is below the minimum 1.3", quiet.reason());
    }

    // ---- outputs ----------------------------------------------------------------------------------------------

    @Test
    void theOutputsShowWhyACheckIsInconclusive(@TempDir Path dir) throws Exception {
        Map<String, double[][]> base = tightRun(1);
        Analysis current = busyCurrent(base, 1.8);
        Verdict v = Gate.check(current, measured("b.Sort.sort", base), GateConfig.of(List.of(
                Rule.of("Sort", null, "2", "actual-speedup", "1.5", null, null))));

        String table = VerdictOutput.table(v);
        assertTrue(table.contains("INCONCLUSIVE"), table);
        assertTrue(table.contains(BUSY_P2 + ", which alone can explain up to a 2.00x slowdown"), table);

        String md = VerdictOutput.markdown(v);
        assertTrue(md.contains("❔ inconclusive"), md);
        assertTrue(md.contains("The machine was busy"), md);
        assertTrue(md.contains("re-run on a quiet machine"), md);

        Path file = dir.resolve("check.json");
        VerdictOutput.json(v, file);
        JsonNode root = new ObjectMapper().readTree(Files.readString(file));
        assertTrue(root.get("passed").asBoolean());
        assertTrue(root.get("counts").get("inconclusive").asInt() >= 3, root.get("counts").toString());
        boolean found = false;
        for (JsonNode c : root.get("comparisons")) {
            if ("2".equals(c.get("cores").asText()) && "time".equals(c.get("compared").asText())) {
                assertEquals("inconclusive", c.get("status").asText());
                assertTrue(c.get("reason").asText().contains(BUSY_P2), c.get("reason").asText());
                found = true;
            }
        }
        assertTrue(found);
        JsonNode rule = root.get("rules").get(0);
        assertEquals("inconclusive", rule.get("status").asText(), rule.toString());
        assertTrue(rule.get("reason").asText().contains(BUSY_P2), rule.toString());
    }
}
