package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.diagnosis.words.FindingWords;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.AnalysisJson;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.finding.Finding;
import dev.factored.analysis.model.finding.Headline;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.measurement.Interference;
import dev.factored.analysis.model.point.Factors;
import dev.factored.analysis.model.point.Losses;
import dev.factored.analysis.model.point.Point;
import dev.factored.contract.CoresValue;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the machine took (METHOD.md §9) in the model, on hand-made numbers: the descheduled time is its own part of
 * the components, taken out of inflation so the parts still add up to P; a configuration above the threshold is
 * disturbed, its points say so, and the findings a busy machine imitates are held back.
 */
class InterferenceModelTest {

    private static final double EPS = 1e-12;

    /**
     * T_s = T_e = T_1 = 1.0 on quiet CPUs; T_2 = 0.75 with I_2 = 0.1 while other processes took {@code share} of the
     * 2 CPUs and the workers waited D_2 = 0.2 behind them; a bandwidth test whose copies ran {@code copies} s.
     */
    private static Fixtures.Entries family(double share, double copies) {
        return new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile()).machine(0.001, 0, 1.0)
                .add("elision", Fixtures.constant(1.0), null, Fixtures.baselineProfile()).machine(0.002, 0, 1.0)
                .add("1", Fixtures.constant(1.0), Fixtures.constant(0.0), Fixtures.profiled(1, 1)).machine(0, 0, 1.0)
                // runnable 1.4 = the busy time B = 2·0.75 − 0.1: the workers waited only while they held work
                .add("2", Fixtures.constant(0.75), Fixtures.constant(0.1), Fixtures.profiled(2, 2))
                .machine(share, 0.2, 1.4)
                .add("bandwidth-2", Fixtures.constant(copies), null, Fixtures.profiled(2, 2)).machine(share, 0, 2.0);
    }

    @Test
    void descheduledTimeIsItsOwnPartAndThePartsStillAddUpToP() throws Exception {
        FamilyAnalysis f = family(0.25, 2.0).family();
        Point p2 = f.point(2);
        assertEquals(0.2, p2.times().descheduledTime().value(), EPS);
        // F_2 = 2·0.75 − 0.1 − 1.0 − 0.2 = 0.2: without D_2 it would read 0.4
        assertEquals(0.2, p2.times().workInflation().value(), EPS);
        Losses l = p2.losses();
        assertEquals(0.2 / 0.75, l.interference().value(), EPS);
        assertEquals(0.2 / 0.75, l.inflation().value(), EPS);
        double sum = p2.speedups().actual().value() + l.algorithmic().value() + l.scheduling().value()
                + l.idle().value() + l.inflation().value() + l.interference().value();
        assertEquals(2, sum, 1e-9);
        // Roth's factors: the machine's part D_2/(2·T_2) is their fourth term, so they add up to 1 again.
        Factors r = p2.factors();
        assertEquals(0.2 / (2 * 0.75), r.machine().value(), EPS);
        assertEquals(1, r.work().value() + r.distribution().value() + r.delay().value() + r.machine().value(), 1e-9);
    }

    /**
     * Where the fork had no spare CPU, the JVM's own threads (its JIT compiler) took a fifth of the baseline's CPU: that
     * time is not the program's, the baseline is disturbed and the words name the JVM, not another process. The
     * one-worker fork's JVM ran apart (share 0) and stays quiet; analysis.json carries both shares.
     */
    @Test
    void theJvmsOwnThreadsOnTheMeasuredCpusDisturbLikeANeighbour() throws Exception {
        Fixtures.Entries entries = new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile()).machine(0.001, 0, 1.0)
                .jvmShare(0.2)
                .add("1", Fixtures.constant(1.0), Fixtures.constant(0.0), Fixtures.profiled(1, 1)).machine(0, 0, 1.0)
                .jvmShare(0)
                .add("2", Fixtures.constant(0.55), Fixtures.constant(0.1), Fixtures.profiled(2, 2))
                .machine(0, 0, 1.0);
        FamilyAnalysis f = entries.family();
        Interference baseline = f.measurement().interference().stream().filter(i -> i.cores().toString()
                .equals("baseline")).findFirst()
                .orElseThrow();
        assertTrue(baseline.disturbed(), baseline.toString());
        assertEquals(0.2, baseline.jvmShare().value(), EPS);
        assertEquals("the JVM's own threads (JIT compiler, collector) took 20.0% of the CPU of the baseline",
                baseline.because());
        assertEquals(1 / (1 - baseline.share().high() - 0.2), baseline.explainableSlowdown(), 1e-9, "both can slow it");
        Interference one = f.measurement().interference().stream().filter(i -> i.cores().toString().equals("1"))
                .findFirst().orElseThrow();
        assertFalse(one.disturbed(), one.toString());
        assertEquals(0, one.jvmShare().value(), EPS);
        Interference two = f.measurement().interference().stream().filter(i -> i.cores().toString().equals("2"))
                .findFirst().orElseThrow();
        assertNull(two.jvmShare(), "not measured: not written");
        assertTrue(f.point(2).disturbance().disturbedBecause().contains(baseline.because()), f.point(2).toString());
        String json = AnalysisJson.toJson(entries.analyze());
        assertTrue(json.contains("\"jvmShare\""), json);
    }

    /** A quiet configuration's readings average slightly below 0 (ticks): the share and its interval stay in [0, 1]. */
    @Test
    void aShareOfTheCpusIsNeverNegative() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile()).machine(-0.077, 0, 1.0)
                .add("1", Fixtures.constant(1.0), Fixtures.constant(0.0), Fixtures.profiled(1, 1)).machine(1.2, 0, 1.0)
                .family();
        for (Interference i : f.measurement().interference()) {
            assertTrue(i.share().low() >= 0 && i.share().value() >= 0 && i.share().high() <= 1, i.toString());
        }
        Interference baseline = f.measurement().interference().stream().filter(i -> i.cores().toString()
                .equals("baseline")).findFirst()
                .orElseThrow();
        assertEquals(0, baseline.share().value(), EPS);
    }

    /**
     * The machine's part is a wait: two forks, one whose workers waited behind other processes in one iteration of
     * three (0.3, then 0, 0), one that never waited, have an interval between forks reaching below 0; the loss and Roth's machine factor stay
     * at 0 or above, their intervals too, and the factors still add up to 1.
     */
    @Test
    void theMachinesPartIsNeverBelowZero() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile()).machine(0.001, 0, 1.0)
                .add("elision", Fixtures.constant(1.0), null, Fixtures.baselineProfile()).machine(0.001, 0, 1.0)
                .add("1", Fixtures.constant(1.0), Fixtures.constant(0.0), Fixtures.profiled(1, 1)).machine(0, 0, 1.0)
                .add("2", new double[][] {{0.75, 0.7, 0.7}, {0.7, 0.7, 0.7}}, Fixtures.constant(0.1),
                        Fixtures.profiled(2, 2))
                .machine(0.1, new double[][] {{0.3, 0, 0}, {0, 0, 0}}, 1.4)
                .family();
        Point p2 = f.point(2);
        Estimate loss = p2.losses().interference();
        Estimate machine = p2.factors().machine();
        assertTrue(loss.value() > 0 && loss.low() >= 0 && machine.low() >= 0, loss + " " + machine);
        Factors r = p2.factors();
        assertEquals(1, r.work().value() + r.distribution().value() + r.delay().value() + machine.value(), 1e-9);
    }

    @Test
    void onlyTheWaitInBusyTimeIsTakenOutOfInflation() throws Exception {
        // The workers were runnable 2.8 per op, twice their busy time 1.4: they also searched for work while runnable,
        // so half of the wait fell in idle time, which the pool counted as idle already.
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile()).machine(0, 0, 1.0)
                .add("1", Fixtures.constant(1.0), Fixtures.constant(0.0), Fixtures.profiled(1, 1)).machine(0, 0, 1.0)
                .add("2", Fixtures.constant(0.75), Fixtures.constant(0.1), Fixtures.profiled(2, 2))
                .machine(0.25, 0.2, 2.8)
                .family();
        assertEquals(0.1, f.point(2).times().descheduledTime().value(), EPS);
        assertEquals(2 * 0.75 - 0.1 - 1.0 - 0.1, f.point(2).times().workInflation().value(), EPS);
    }

    @Test
    void withEstimatedIdleTheWaitIsTakenOutOfIdleTime() throws Exception {
        // Estimated idle is P·wall − CPU time: a worker waiting behind another process burns none, so its wait is in
        // the idle time, not in the inflation.
        java.util.Map<String, Double> estimated = new java.util.LinkedHashMap<>(Fixtures.profiled(2, 2));
        estimated.put("factored.estimated", 1.0);
        java.util.Map<String, Double> estimatedOne = new java.util.LinkedHashMap<>(Fixtures.profiled(1, 1));
        estimatedOne.put("factored.estimated", 1.0);
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile()).machine(0, 0, 1.0)
                .add("1", Fixtures.constant(1.0), Fixtures.constant(0.0), estimatedOne).machine(0, 0, 1.0)
                .add("2", Fixtures.constant(0.75), Fixtures.constant(0.3), estimated).machine(0.25, 0.2, 2.8)
                .family();
        Point p2 = f.point(2);
        assertEquals(0.2, p2.times().descheduledTime().value(), EPS, "the whole wait: none of it burnt CPU");
        assertEquals(0.3 - 0.2, p2.times().idleTime().value(), EPS);
        assertEquals(2 * 0.75 - 0.3 - 1.0, p2.times().workInflation().value(), EPS, "inflation as it was");
        Losses l = p2.losses();
        double sum = p2.speedups().actual().value() + l.overhead().value() + l.idle().value() + l.inflation().value()
                + l.interference().value();
        assertEquals(2, sum, 1e-9);
        // without an elision S_1 and A are unknown, so are distribution and delay; the machine's part is not
        assertEquals(0.2 / (2 * 0.75), p2.factors().machine().value(), EPS);
    }

    @Test
    void theProcessesThatTookTheCpusAreNamedWhereTheyDisturbed() throws Exception {
        Map<String, Double> profile = new java.util.LinkedHashMap<>(Fixtures.profiled(2, 2));
        profile.put("factored.foreign:4242:python3", 0.23);
        profile.put("factored.foreign:77:mvn <build>", 0.02);
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile()).machine(0.001, 0, 1.0)
                .add("1", Fixtures.constant(1.0), Fixtures.constant(0.0), Fixtures.profiled(1, 1)).machine(0, 0, 1.0)
                .add("2", Fixtures.constant(0.75), Fixtures.constant(0.1), profile).machine(0.25, 0.2, 1.4)
                .family();
        Interference two = f.interference(CoresValue.parse("2"));
        assertTrue(two.disturbed());
        assertEquals(List.of(new Interference.Taker("python3", 4242, 0.23), new Interference.Taker("mvn <build>", 77,
                0.02)), two.takenBy(), "largest first");
        assertEquals("other processes took 25.0% of the 2 CPUs of P = 2, among them python3 (pid 4242, 23.0%) and "
                + "mvn <build> (pid 77, 2.0%)", two.because());
        assertTrue(f.interference(CoresValue.parse("baseline")).takenBy().isEmpty());
    }

    /**
     * A CPU taken throughout (a neighbour spinning on one of 2 CPUs takes 30–45 % of a P = 2 fork's): P = 2 was not
     * measured, and the family says so instead of calling the program slower than its baseline (issue 24).
     */
    @Test
    void aConfigurationWhoseCpusWereTakenThroughoutGivesNoPoint() throws Exception {
        Map<String, Double> profile = new java.util.LinkedHashMap<>(Fixtures.profiled(2, 2));
        profile.put("factored.foreign:4242:python3", 0.4);
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile()).machine(0.001, 0, 1.0)
                .add("1", Fixtures.constant(1.0), Fixtures.constant(0.0), Fixtures.profiled(1, 1)).machine(0, 0, 1.0)
                .add("2", Fixtures.constant(1.6), Fixtures.constant(0.1), profile).machine(0.42, 0.5, 2.0)
                .family();
        Point p2 = f.point(2);
        assertFalse(p2.valid());
        assertTrue(p2.invalidBecause().get(0).startsWith("busy: P = 2 could not be measured on this machine now: "
                + "other processes took 42.0% of the 2 CPUs of P = 2, among them python3 (pid 4242"),
                p2.invalidBecause().toString());
        assertEquals(1, f.largestValidPoint().cores(), "only P = 1 was measured");
        assertTrue(f.explanation().findings().stream().noneMatch(x -> x.kind().equals("slower-than-baseline")),
                f.explanation().findings().toString());
        // the headline: P = 2 was not measured, and why; neither a verdict at P = 2 nor P = 1 as the answer
        Headline h = f.explanation().headline();
        assertEquals("not-measured", h.kind());
        assertEquals(2, h.cores());
        assertNull(h.loss(), "no loss that matters most at a P that was not measured");
        assertTrue(h.text().startsWith("P = 2 could not be measured on this machine now: other processes took 42.0% of "
                + "the 2 CPUs of P = 2, among them python3 (pid 4242"), h.text());
        assertTrue(h.text().endsWith(". So this run says nothing about the speedup at 2 cores (only the one-worker "
                + "configuration is valid)."), h.text());
        assertFalse(h.text().contains("speedup is"), h.text());
        assertEquals("not-measured", f.explanation().findings().get(0).kind(), "the headline finding comes first");
        // the one-line summaries (report, log, summary.md) give no speedup at P = 1 as the answer either
        assertNull(f.summaryPoint());
        assertTrue(f.noValidPointBecause().startsWith("no valid point at P ≥ 2: busy: P = 2 could not be measured"),
                f.noValidPointBecause());
    }

    /** An oversubscribed P = 4 on 2 CPUs beside a valid P = 2: the headline is the speedup at 2, as before. */
    @Test
    void anInvalidLargerPLeavesTheHeadlineAtTheLargestValidOne() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile())
                .add("1", Fixtures.constant(1.0), Fixtures.constant(0.0), Fixtures.profiled(1, 1))
                .add("2", Fixtures.constant(0.55), Fixtures.constant(0.05), Fixtures.profiled(2, 2))
                .add("4", Fixtures.constant(0.5), Fixtures.constant(0.5), Fixtures.profiled(4, 2))
                .family();
        assertFalse(f.point(4).valid(), f.point(4).toString());
        assertEquals(2, f.explanation().headline().cores());
        assertNotEquals("not-measured", f.explanation().headline().kind());
        assertEquals(2, f.summaryPoint().cores());
        assertNull(f.noValidPointBecause());
    }

    @Test
    void aConfigurationAboveTheThresholdIsDisturbedAndItsPointsSaySo() throws Exception {
        Analysis a = family(0.25, 2.0).analyze();
        FamilyAnalysis f = a.families().get(0);
        Interference two = f.interference(CoresValue.parse("2"));
        assertTrue(two.disturbed());
        assertEquals(0.25, two.share().value(), EPS);
        // every iteration read 25 %, but a 100 ms iteration resolves only a tick (10 ms) per CPU: the interval keeps
        // two standard deviations of that rounding over the 6 iterations, and the worst case uses its top
        double tick = 2 * 0.01 * Math.sqrt(2 / 6.0) / (2 * 0.1) / Math.sqrt(6);
        assertEquals(0.25 + tick, two.share().high(), 1e-12);
        assertEquals(1 / (1 - 2 * (0.25 + tick)), two.explainableSlowdown(), 1e-9, "1 / (1 − 2 CPUs × 25 % and a tick)");
        assertFalse(f.interference(CoresValue.parse("baseline")).disturbed());
        assertEquals("other processes took 25.0% of the 2 CPUs of P = 2", two.because());

        Point p2 = f.point(2);
        assertTrue(p2.disturbance().disturbed());
        assertEquals(List.of(two.because()), p2.disturbance().disturbedBecause());
        assertTrue(p2.speedups().actual().disturbed());
        assertTrue(p2.valid(), "a disturbed point still measures P workers on P CPUs");
        assertFalse(f.point(1).disturbance().disturbed());
        assertFalse(f.point(1).speedups().actual().disturbed());

        assertTrue(f.explanation().warnings().stream().anyMatch(w -> w.startsWith("Measured on a busy machine: " + two.because())),
                f.explanation().warnings().toString());
        assertTrue(a.warnings().stream().anyMatch(w -> w.startsWith("The machine was busy: other processes took more "
                + "than 5.0% of the CPUs of 2 of 5 configurations (the most: 25.0%)")), a.warnings().toString());
    }

    @Test
    void findingsOnADisturbedPointAreTentativeAndInflationAndBandwidthAreHeldBack() throws Exception {
        FamilyAnalysis busy = family(0.25, 2.0).family();
        for (Finding finding : busy.explanation().findings()) {
            assertFalse(finding.kind().equals("inflation") || finding.kind().equals("memory-bandwidth")
                    || finding.kind().equals("inflation-not-bandwidth"), finding.text());
            if (finding.evidence().values().stream().anyMatch(Estimate::disturbed)) {
                assertTrue(finding.tentative(), finding.text());
                assertTrue(finding.text().contains(FindingWords.DISTURBED_NOTE + ": other processes took 25.0% of the 2 CPUs of P = 2)"),
                        finding.text());
            }
        }
        assertTrue(busy.explanation().findings().stream().anyMatch(Finding::tentative), busy.explanation().findings().toString());

        // The same numbers on a quiet machine: the inflation and the bandwidth test are findings again.
        FamilyAnalysis quiet = family(0.01, 2.0).family();
        assertNull(quiet.interference(CoresValue.parse("2")).disturbed() ? "disturbed" : null);
        assertFalse(quiet.point(2).disturbance().disturbed());
        List<String> kinds = quiet.explanation().findings().stream().map(Finding::kind).toList();
        assertTrue(kinds.contains("inflation"), kinds.toString());
        assertTrue(kinds.contains("memory-bandwidth"), kinds.toString());
        assertTrue(quiet.explanation().findings().stream().noneMatch(Finding::tentative), quiet.explanation().findings().toString());
    }

    @Test
    void analysisJsonCarriesTheInterferenceAndReadsItBack() throws Exception {
        Analysis a = family(0.25, 2.0).analyze();
        String json = AnalysisJson.toJson(a);
        assertTrue(json.contains("\"disturbedBecause\""), json);
        assertTrue(json.contains("\"explainableSlowdown\""), json);
        assertTrue(json.contains("\"interferenceSamples\""), json);
        Analysis back = AnalysisJson.read(json.getBytes(java.nio.charset.StandardCharsets.UTF_8), "analysis.json");
        assertEquals(a.families(), back.families());
        assertEquals(json, AnalysisJson.toJson(back));
    }

    @Test
    void withoutTheProfilersFiguresNothingIsMadeUp() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile())
                .add("1", Fixtures.constant(1.0), Fixtures.constant(0.0), Fixtures.profiled(1, 1))
                .add("2", Fixtures.constant(0.75), Fixtures.constant(0.1), Fixtures.profiled(2, 2))
                .family();
        assertTrue(f.measurement().interference().isEmpty());
        assertNull(f.point(2).times().descheduledTime());
        assertNull(f.point(2).losses().interference());
        assertFalse(f.point(2).disturbance().disturbed());
        assertEquals(2 * 0.75 - 0.1 - 1.0, f.point(2).times().workInflation().value(), EPS);
        assertNull(f.point(2).factors().machine(), "not measured: the three factors add up to 1 on their own");
    }
}
