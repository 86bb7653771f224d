package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.diagnosis.words.FindingWords;
import dev.factored.analysis.input.AnalysisInputException;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.finding.Finding;
import dev.factored.analysis.model.finding.Severity;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.measurement.FamilyId;
import dev.factored.analysis.model.measurement.Measurement;
import dev.factored.analysis.model.point.Disturbance;
import dev.factored.analysis.model.point.MachineShares;
import dev.factored.analysis.model.point.Point;
import dev.factored.analysis.model.point.PointConditions;
import dev.factored.analysis.model.point.PointTimes;
import dev.factored.contract.CoresSpellings;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Known answers for "only valid points carry conclusions", "statistical humility" and the published quantities. */
class VerdictEvidenceTest {

    private static final double EPS = 1e-12;

    /** T_s 1, T_e 1.1, T_1 1.2; P = 2: T_2 0.7 with I_2 0.1 (pinned, 2 workers on 2 CPUs). */
    private static Fixtures.Entries clean() {
        return new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile())
                .add("elision", Fixtures.constant(1.1), null, Fixtures.profiled(0, 1))
                .add("1", Fixtures.constant(1.2), Fixtures.constant(0.0), Fixtures.profiled(1, 1))
                .add("2", Fixtures.constant(0.7), Fixtures.constant(0.1), Fixtures.profiled(2, 2));
    }

    private static List<Integer> findingCores(FamilyAnalysis f) {
        return f.explanation().findings().stream().map(Finding::cores).filter(java.util.Objects::nonNull).distinct().toList();
    }

    @Test
    void anOversubscribedPointCarriesNoConclusion() throws Exception {
        // P = 4 on 2 CPUs, with a dramatic idle time that would otherwise head the diagnosis
        FamilyAnalysis f = clean().add("4", Fixtures.constant(2.0), Fixtures.constant(7.0), Fixtures.profiled(4, 2))
                .family();
        assertFalse(f.point(4).valid());
        assertEquals(2, f.largestValidPoint().cores());
        assertEquals(List.of(2), findingCores(f));
        assertTrue(f.explanation().diagnosis().get(0).startsWith("At 2 cores the speedup is 1.43x"), f.explanation().diagnosis().toString());
    }

    @Test
    void aPointWhosePoolHadOtherWorkersCarriesNoConclusion() throws Exception {
        FamilyAnalysis f = clean().add("4", Fixtures.constant(0.2), Fixtures.constant(0.0), Fixtures.profiled(3, 4))
                .family();
        assertFalse(f.point(4).valid());
        assertEquals(List.of("workers: the pool ran with 3 workers, not 4"), f.point(4).invalidBecause());
        assertEquals(List.of(2), findingCores(f));
    }

    @Test
    void unpinnedIsInvalidOnlyWherePinningWasPossible() throws Exception {
        Map<String, Double> off = new LinkedHashMap<>(Fixtures.profiled(2, 2));
        off.put("factored.pinned", 0.0);
        off.put("factored.pinnable", 1.0);
        Point switchedOff = new Fixtures.Entries().add("baseline", 1.0, null)
                .add("2", Fixtures.constant(0.6), Fixtures.constant(0.1), off).family().point(2);
        assertFalse(switchedOff.valid());
        assertTrue(switchedOff.invalidBecause().get(0).startsWith("unpinned: pinning was possible but switched off"));

        Map<String, Double> impossible = new LinkedHashMap<>(off);
        impossible.put("factored.pinnable", 0.0);
        Point noTaskset = new Fixtures.Entries().add("baseline", 1.0, null)
                .add("2", Fixtures.constant(0.6), Fixtures.constant(0.1), impossible).family().point(2);
        assertTrue(noTaskset.valid(), "pinning that was impossible is a warning, not a reason to drop the point");
    }

    @Test
    void aOneForkFamilyYieldsNoUntaggedFinding() throws Exception {
        // scheduling overhead of 30% and idle of 0.4 of the 2x, all measured in a single fork each
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", Fixtures.oneFork(1.0), null, Fixtures.baselineProfile())
                .add("elision", Fixtures.oneFork(1.0), null, Fixtures.profiled(0, 1))
                .add("1", Fixtures.oneFork(1.3), Fixtures.oneFork(0.0), Fixtures.profiled(1, 1))
                .add("2", Fixtures.oneFork(1.0), Fixtures.oneFork(0.4), Fixtures.profiled(2, 2))
                .family();
        assertFalse(f.programFindings().isEmpty());
        for (Finding finding : f.programFindings()) {
            assertTrue(finding.tentative(), finding.toString());
            assertTrue(finding.text().contains(FindingWords.TENTATIVE_NOTE), finding.text());
        }
        Finding scheduling = f.explanation().findings().stream().filter(x -> x.kind().equals("scheduling-overhead")).findFirst()
                .orElseThrow();
        assertTrue(scheduling.text().startsWith("Elision may be 1.30x faster than 1 core, which suggests tasks are "
                + "too small"), scheduling.text());
        assertFalse(scheduling.text().contains("tasks are too small (raise the cutoff)"), scheduling.text());
        assertTrue(f.times().oneCoreTime().singleFork());
        assertTrue(f.explanation().warnings().stream().anyMatch(w -> w.startsWith("Every configuration was measured in a single "
                + "JVM fork")), f.explanation().warnings().toString());
    }

    @Test
    void withTwoForksTheSameNumbersAreStatedAsFact() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile())
                .add("elision", Fixtures.constant(1.0), null, Fixtures.profiled(0, 1))
                .add("1", Fixtures.constant(1.3), Fixtures.constant(0.0), Fixtures.profiled(1, 1))
                .add("2", Fixtures.constant(1.0), Fixtures.constant(0.4), Fixtures.profiled(2, 2))
                .family();
        assertTrue(f.explanation().findings().stream().noneMatch(Finding::tentative));
        Finding scheduling = f.explanation().findings().stream().filter(x -> x.kind().equals("scheduling-overhead")).findFirst()
                .orElseThrow();
        assertTrue(scheduling.text().startsWith("Elision is 1.30x faster than 1 core: tasks are too small"),
                scheduling.text());
        assertEquals(Severity.MODERATE, scheduling.severity()); // 0.3 of the 2x: 15 %
        assertEquals(0.3, scheduling.evidence().get("schedulingLoss").value(), EPS);
    }

    @Test
    void theModelPublishesEveryDerivedQuantity() throws Exception {
        FamilyAnalysis f = clean().family();
        // T_1 / T_e − 1 and T_e / T_s − 1
        assertEquals(1.2 / 1.1 - 1, f.times().schedulingOverhead().value(), EPS);
        assertEquals(0.1, f.times().algorithmicOverhead().value(), EPS);
        Point p = f.point(2);
        double machine = 2 * 0.7; // P·T_P
        assertEquals(1.0 / machine, p.shares().efficiency().value(), EPS);
        assertEquals(p.speedups().actual().value() / 2, p.shares().efficiency().value(), EPS);
        assertEquals(0.1 / machine, p.shares().idleShare().value(), EPS);
        double inflation = machine - 0.1 - 1.2; // F_P = P·T_P − I_P − T_1
        assertEquals(inflation / machine, p.shares().inflationShare().value(), EPS);
        assertEquals(1.0 / machine, p.factors().work().value(), EPS);
        assertEquals((1.2 - 1.1 + 0.1) / machine, p.factors().distribution().value(), EPS);
        assertEquals((1.1 - 1.0 + inflation) / machine, p.factors().delay().value(), EPS);
        assertEquals(1.0, p.factors().work().value() + p.factors().distribution().value()
                + p.factors().delay().value(), EPS);
    }

    @Test
    void recordsRejectBrokenInvariants() {
        assertThrows(IllegalArgumentException.class, () -> new Estimate(1, 1.5, 2));
        assertThrows(IllegalArgumentException.class, () -> new Estimate(Double.NaN, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> new Estimate(1, 0, Double.POSITIVE_INFINITY));
        Estimate t = Estimate.exact(1);
        assertThrows(IllegalArgumentException.class, () -> new Point(2, true, List.of("oversubscribed: x"),
                Disturbance.NONE, new PointTimes(t, null, null, null), null, null, MachineShares.NONE, null, null,
                PointConditions.NONE));
        assertThrows(IllegalArgumentException.class, () -> new Point(2, false, List.of(), Disturbance.NONE,
                new PointTimes(t, null, null, null), null, null, MachineShares.NONE, null, null, PointConditions.NONE));
        assertThrows(IllegalArgumentException.class, () -> new Point(2, true, List.of(), Disturbance.NONE,
                new PointTimes(null, null, null, null), null, null, MachineShares.NONE, null, null,
                PointConditions.NONE));
        Point two = new Point(2, true, List.of(), Disturbance.NONE, new PointTimes(t, null, null, null), null, null,
                MachineShares.NONE, null, null, PointConditions.NONE);
        assertThrows(IllegalArgumentException.class, () -> new FamilyAnalysis(new FamilyId("a.B.c", Map.of(), "avgt"),
                null, null, List.of(two, two), null, null, null, null, null, null,
                new Measurement(null, null, null, List.of())));
        assertThrows(IllegalArgumentException.class, () -> new FamilyId("a.B.c", Map.of("cores", "2"), "avgt"));
        assertThrows(IllegalArgumentException.class, () -> Runs.of("2", new double[][] {{1, -1}}));
        assertThrows(IllegalArgumentException.class, () -> Runs.of("2", new double[][] {{1, 1}}, new double[][] {{0}}));
        assertThrows(IllegalArgumentException.class, () -> new Finding("idle", 2, null, false, Map.of(), "x"));
        FamilyAnalysis noLists = new FamilyAnalysis(new FamilyId("a.B.c", null, "avgt"), null, null, null, null, null,
                null, null, null, null, new Measurement(null, null, null, List.of()));
        assertEquals(List.of(), noLists.points());
        assertEquals(List.of(), noLists.explanation().findings());
        assertEquals(Map.of(), noLists.id().params());
    }

    static Stream<CoresSpellings.Spelling> spellings() {
        return CoresSpellings.all().stream();
    }

    /** The analysis reads `cores` by the one spelling table, and keys configurations by the canonical form. */
    @ParameterizedTest
    @MethodSource("spellings")
    void followsTheSpellingTable(CoresSpellings.Spelling row) throws Exception {
        Fixtures.Entries entries = new Fixtures.Entries().add(row.text(), 1.0, null);
        if (row.canonical() == null) {
            AnalysisInputException e = assertThrows(AnalysisInputException.class, entries::analyze);
            assertTrue(e.getMessage().contains("\"" + row.text() + "\""), e.getMessage());
        } else {
            FamilyAnalysis f = entries.family();
            assertEquals(row.canonical(), f.measurement().configurations().get(0).cores().toString());
            assertNull(f.id().params().get("cores"));
        }
    }
}
