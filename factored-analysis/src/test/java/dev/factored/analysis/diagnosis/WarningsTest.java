package dev.factored.analysis.diagnosis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.Fixtures;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.finding.Finding;
import dev.factored.analysis.model.measurement.ConfigurationRun;
import dev.factored.analysis.model.point.Point;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WarningsTest {

    private static final double[][] T = Fixtures.constant(1.0);

    /** A fully profiled family: no warning at all. */
    private static Fixtures.Entries clean() {
        return new Fixtures.Entries()
                .add("baseline", T, null, Fixtures.baselineProfile())
                .add("elision", Fixtures.constant(1.1), null, Fixtures.profiled(0, 1))
                .add("1", Fixtures.constant(1.2), Fixtures.constant(0.0), Fixtures.profiled(1, 1))
                .add("2", Fixtures.constant(0.7), Fixtures.constant(0.1), Fixtures.profiled(2, 2));
    }

    private static boolean has(List<String> w, String text) {
        return w.stream().anyMatch(s -> s.contains(text));
    }

    @Test
    void aCleanRunHasNoWarnings() throws Exception {
        assertEquals(List.of(), clean().family().explanation().warnings());
        assertEquals(List.of(), clean().analyze().warnings());
        Point p = clean().family().largestPoint();
        assertFalse(p.conditions().oversubscribed());
        assertEquals(Boolean.TRUE, p.conditions().pinned());
    }

    @Test
    void oversubscribedPoint() throws Exception {
        FamilyAnalysis f = clean().add("4", Fixtures.constant(0.5), Fixtures.constant(0.3), Fixtures.profiled(4, 2))
                .family();
        assertTrue(f.largestPoint().conditions().oversubscribed());
        assertFalse(f.largestPoint().valid());
        assertEquals(List.of("oversubscribed: 4 workers shared 2 CPUs"), f.largestPoint().invalidBecause());
        assertFalse(f.points().get(1).conditions().oversubscribed());
        assertTrue(f.points().get(1).valid());
        assertTrue(has(f.explanation().warnings(), "Not valid, so left out of the diagnosis, the headline and the gate's "
                + "cores=max: cores=4 (oversubscribed: 4 workers shared 2 CPUs)"), f.explanation().warnings().toString());
    }

    @Test
    void unpinnedForks() throws Exception {
        Map<String, Double> unpinned = new LinkedHashMap<>(Fixtures.profiled(4, 4));
        unpinned.put("factored.pinned", 0.0);
        FamilyAnalysis f = clean().add("4", Fixtures.constant(0.5), Fixtures.constant(0.3), unpinned).family();
        assertEquals(Boolean.FALSE, f.largestPoint().conditions().pinned());
        assertTrue(has(f.explanation().warnings(), "The forks of cores=4 were not pinned to their CPUs (factored.pinned = 0"),
                f.explanation().warnings().toString());
    }

    @Test
    void noProfilerDataSaysHowToGetIt() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries().add("baseline", 1.0, null).add("elision", 1.0, null)
                .add("1", 1.0, null).add("2", 0.6, null).family();
        assertTrue(has(f.explanation().warnings(), "No factored profiler data (run with -prof dev.factored.jmh.FactoredProfiler)"),
                f.explanation().warnings().toString());
        assertEquals(null, f.largestPoint().conditions().pinned());
    }

    @Test
    void idleMissingWhileProfiled() throws Exception {
        FamilyAnalysis f = clean().add("4", Fixtures.constant(0.5), null, Fixtures.profiled(4, 4)).family();
        assertTrue(has(f.explanation().warnings(), "cores=4 reported no factored.idle: its idle time, work inflation"),
                f.explanation().warnings().toString());
    }

    @Test
    void missingConfigurationsSayWhatIsNull() throws Exception {
        List<String> w = new Fixtures.Entries().add("2", 0.6, 0.1).family().explanation().warnings();
        assertTrue(has(w, "No baseline (cores=baseline) was measured: T_s is unknown, so every speedup but the "
                + "linear one and the algorithmic loss are null."), w.toString());
        assertTrue(has(w, "No elision (cores=elision) was measured: T_e is unknown, so the elision curve and the "
                + "algorithmic and scheduling losses are null."), w.toString());
        assertTrue(has(w, "No one-worker run (cores=1) was measured"), w.toString());
        assertFalse(has(w, "No configuration with 2 or more workers"), w.toString());
        List<String> only = new Fixtures.Entries().add("baseline", 1.0, null).add("1", 1.0, 0.0).family().explanation().warnings();
        assertTrue(has(only, "No configuration with 2 or more workers was measured"), only.toString());
    }

    @Test
    void largeScoreErrorsNameTheConfigurationAndSize() throws Exception {
        FamilyAnalysis f = clean().relativeError(0.25)
                .add("4", Fixtures.constant(0.5), Fixtures.constant(0.3), Fixtures.profiled(4, 4)).family();
        assertTrue(has(f.explanation().warnings(), "Large score errors (JMH's 99.9% interval): cores=4 ±25.0%."),
                f.explanation().warnings().toString());
    }

    @Test
    void tooFewSamples() throws Exception {
        FamilyAnalysis f = clean().add("4", new double[][] {{0.5, 0.5}}, new double[][] {{0.3, 0.3}},
                Fixtures.profiled(4, 4)).family();
        assertTrue(has(f.explanation().warnings(), "Too few samples for an error estimate: cores=4 (2 samples)."),
                f.explanation().warnings().toString());
    }

    @Test
    void mixedJvmsInAFamilyAndInTheFile() throws Exception {
        Fixtures.Entries entries = clean().jdk("21.0.2")
                .add("4", Fixtures.constant(0.5), Fixtures.constant(0.3), Fixtures.profiled(4, 4));
        Analysis a = entries.analyze();
        assertTrue(has(a.families().get(0).explanation().warnings(), "The configurations ran on different JVMs (JDK 17.0.15"),
                a.families().get(0).explanation().warnings().toString());
        assertTrue(has(a.warnings(), "This file mixes results from different JVMs: JDK 17.0.15, OpenJDK 64-Bit Server "
                + "VM 17.0.15+1 at /jdk/bin/java (entries 0–3); JDK 21.0.2"), a.warnings().toString());
    }

    @Test
    void negativeInflationIsExplained() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", T, null, Fixtures.baselineProfile())
                .add("elision", T, null, Fixtures.profiled(0, 1))
                .add("1", T, Fixtures.constant(0.0), Fixtures.profiled(1, 1))
                .add("2", Fixtures.constant(0.4), Fixtures.constant(0.0), Fixtures.profiled(2, 2)).family();
        // One fact, said once: the inflation-gain finding at P = 2 says it, so the negative-inflation note does not.
        assertEquals(List.of("inflation-gain"), f.explanation().all().stream().map(Finding::kind)
                .filter(k -> k.equals("inflation-gain") || k.equals("negative-inflation")).toList());
        assertEquals(2, f.explanation().findings().stream().filter(x -> x.kind().equals("inflation-gain")).findFirst()
                .orElseThrow().cores());
        assertFalse(has(f.explanation().warnings(), "work inflation is negative"), f.explanation().warnings().toString());
        assertFalse(has(f.explanation().diagnosis(), "cache"), f.explanation().diagnosis().toString());
    }

    @Test
    void idleAtOneCoreIsHandOffLatencyNotNegativeInflation() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", T, null, Fixtures.baselineProfile())
                .add("elision", T, null, Fixtures.profiled(0, 1))
                .add("1", T, Fixtures.constant(0.3), Fixtures.profiled(1, 1))
                .add("2", Fixtures.constant(0.7), Fixtures.constant(0.3), Fixtures.profiled(2, 2)).family();
        assertEquals(-0.3, f.points().get(0).times().workInflation().value(), 1e-12);
        assertTrue(has(f.explanation().warnings(), "At 1 core the single worker was idle for 30.0% of each operation (I_1 should be "
                + "close to 0)"), f.explanation().warnings().toString());
        assertFalse(has(f.explanation().warnings(), "At 1 core work inflation is negative"), f.explanation().warnings().toString());
        assertFalse(has(f.explanation().diagnosis(), "At 1 core work inflation"), f.explanation().diagnosis().toString());
    }

    @Test
    void poolNeverUsed() throws Exception {
        Map<String, Double> unused = new LinkedHashMap<>(Fixtures.profiled(4, 4));
        unused.put("factored.poolOps", 0.0);
        // as the profiler publishes it: no pool operation and no measured pool's work, so no factored.idle
        FamilyAnalysis f = clean().add("4", Fixtures.constant(0.5), null, unused).family();
        assertTrue(has(f.explanation().warnings(), "cores=4 never used the pool (factored.poolOps = 0)"), f.explanation().warnings().toString());
        // the baseline reports 0 by design: no warning for it in a clean run
        assertEquals(0.0, clean().build().get(0).secondaryMetrics().get("factored.poolOps").score(), 0);
        Map<String, Double> elisionUnused = new LinkedHashMap<>(Fixtures.profiled(0, 1));
        elisionUnused.put("factored.poolOps", 0.0);
        FamilyAnalysis e = new Fixtures.Entries()
                .add("baseline", T, null, Fixtures.baselineProfile())
                .add("elision", T, null, elisionUnused)
                .add("1", T, Fixtures.constant(0.0), Fixtures.profiled(1, 1)).family();
        assertTrue(has(e.explanation().warnings(), "cores=elision never used the pool"), e.explanation().warnings().toString());
    }

    @Test
    void moreThanOneJmhThread() throws Exception {
        FamilyAnalysis f = clean().threads(4)
                .add("4", Fixtures.constant(0.5), Fixtures.constant(0.3), Fixtures.profiled(4, 4)).family();
        assertTrue(has(f.explanation().warnings(), "JMH ran this benchmark with 4 threads (-t 4)"), f.explanation().warnings().toString());
        assertEquals(4, f.measurement().environment().threads());
    }

    @Test
    void workersOtherThanP() throws Exception {
        FamilyAnalysis f = clean().add("4", Fixtures.constant(0.5), Fixtures.constant(0.3), Fixtures.profiled(3, 4))
                .family();
        assertEquals(List.of("workers: the pool ran with 3 workers, not 4"), f.largestPoint().invalidBecause());
        assertTrue(has(f.explanation().warnings(), "cores=4 (workers: the pool ran with 3 workers, not 4)"), f.explanation().warnings().toString());
    }

    @Test
    void profilerMetricsReachTheConfigurationRuns() throws Exception {
        ConfigurationRun run = clean().family().measurement().configurations().get(3);
        assertEquals("2", run.cores().toString());
        assertEquals(2, run.workers());
        assertEquals(2, run.cpus());
        assertEquals(Boolean.TRUE, run.pinned());
        assertEquals(3.0, run.stealsPerOp());
    }
}
