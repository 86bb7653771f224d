package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.AnalysisJson;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.measurement.Interference;
import dev.factored.contract.CoresValue;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The spare CPUs the JVM's own threads ran on (METHOD.md §9), on hand-made numbers: a configuration is disturbed by
 * the time those threads waited behind other processes, as a share of its time, not by how busy the spare CPUs were.
 */
class SpareCpusTest {

    private static final double EPS = 1e-12;

    /**
     * T_s = T_1 = 1.0 s, T_2 = 0.55 s, quiet measured CPUs; at one worker other processes took 48 % of the spare CPUs
     * and the JVM's threads there waited {@code waited} s per operation behind them.
     */
    private static Fixtures.Entries family(double waited) {
        return new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile()).machine(0, 0, 1.0)
                .add("1", Fixtures.constant(1.0), Fixtures.constant(0.0), Fixtures.profiled(1, 1)).machine(0, 0, 1.0)
                .spare(0.48, waited)
                .add("2", Fixtures.constant(0.55), Fixtures.constant(0.1), Fixtures.profiled(2, 2)).machine(0, 0, 1.0)
                .spare(0.001, 0);
    }

    private static Interference one(FamilyAnalysis f) {
        return f.interference(CoresValue.workers(1));
    }

    @Test
    void aBusySpareCpuOnWhichTheJvmsThreadsNeverWaitedDisturbsNothing() throws Exception {
        FamilyAnalysis f = family(0).family();
        Interference one = one(f);
        assertNotNull(one.spare());
        assertEquals(0.48, one.spare().share().value(), EPS);
        assertEquals(0, one.spare().waited().value(), EPS);
        assertFalse(one.spare().disturbed());
        assertFalse(one.disturbed());
        assertEquals("other processes took 0.0% of the CPU of P = 1", one.because(), "as without the spare CPUs");
        assertFalse(f.point(1).disturbance().disturbed());
        assertEquals(1 / (1 - one.share().high()), one.explainableSlowdown(), EPS, "the ticks' resolution alone");
    }

    @Test
    void waitsBelowTheThresholdDisturbNothing() throws Exception {
        // 40 ms of a 1 s operation: 4 %, below the 5 % threshold
        Interference one = one(family(0.04).family());
        assertEquals(0.04, one.spare().waitShare().value(), EPS);
        assertFalse(one.disturbed());
    }

    @Test
    void waitsAboveTheThresholdDisturbAndTheReasonNamesTheSpareCpus() throws Exception {
        Analysis a = family(0.1).analyze();
        FamilyAnalysis f = a.families().get(0);
        Interference one = one(f);
        assertTrue(one.spare().disturbed());
        assertTrue(one.disturbed());
        assertEquals(0.1, one.spare().waited().value(), EPS);
        assertEquals(0.1, one.spare().waitShare().value(), EPS);
        assertEquals("other processes took 48.0% of the spare CPUs the JVM's compiler and collector ran on beside "
                + "P = 1; those threads waited 100 ms per operation behind them, 10.0% of its time", one.because());
        // the measured CPU's share at the top of its ticks' resolution, and the waits all on the program's time
        assertEquals(1 / (1 - one.share().high() - 0.1), one.explainableSlowdown(), 1e-9);
        assertTrue(f.point(1).disturbance().disturbedBecause().contains(one.because()), f.point(1).toString());
        assertTrue(f.point(2).disturbance().disturbedBecause().contains(one.because()), "P = 2 rests on T_1");
        assertFalse(f.interference(CoresValue.workers(2)).disturbed());
        assertTrue(a.warnings().stream().anyMatch(w -> w.startsWith("The machine was busy: other processes took more "
                + "than 5.0% of the CPUs, or held up the JVM's own threads on the spare CPUs for more than 5.0% of the "
                + "time, of 1 of 3 configurations")), a.warnings().toString());
    }

    @Test
    void analysisJsonCarriesTheSpareCpusAndReadsThemBack() throws Exception {
        Analysis a = family(0.1).analyze();
        String json = AnalysisJson.toJson(a);
        assertTrue(json.contains("\"spareInterferenceSamples\""), json);
        assertTrue(json.contains("\"spareWaitSamples\""), json);
        assertTrue(json.contains("\"waitShare\""), json);
        Analysis back = AnalysisJson.read(json.getBytes(StandardCharsets.UTF_8), "analysis.json");
        assertEquals(a.families(), back.families());
        assertEquals(json, AnalysisJson.toJson(back));
    }

    /**
     * Without the metrics, with one of the two only (a fork that stopped publishing them), or with the zeros a turn's
     * member whose JVM threads shared its CPUs publishes beside {@code factored.jvmApart} = 0, nothing is said.
     */
    @Test
    void withoutBothMetricsTheSpareCpusAreNotMeasured() throws Exception {
        Fixtures.Entries without = new Fixtures.Entries()
                .add("1", Fixtures.constant(1.0), Fixtures.constant(0.0), Fixtures.profiled(1, 1)).machine(0, 0, 1.0);
        Fixtures.Entries shareOnly = new Fixtures.Entries()
                .add("1", Fixtures.constant(1.0), Fixtures.constant(0.0), Fixtures.profiled(1, 1)).machine(0, 0, 1.0)
                .share("factored.spareInterference", 0.48);
        assertNull(one(without.family()).spare());
        assertNull(one(shareOnly.family()).spare());
        Fixtures.Entries together = new Fixtures.Entries()
                .add("1", Fixtures.constant(1.0), Fixtures.constant(0.0), Fixtures.profiled(1, 1)).machine(0, 0, 1.0)
                .spare(0, 0, 0);
        assertNull(one(together.family()).spare());
        String json = AnalysisJson.toJson(without.analyze());
        assertFalse(json.contains("spare"), json);
    }
}
