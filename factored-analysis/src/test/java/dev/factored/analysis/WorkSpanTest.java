package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.factored.analysis.input.JmhEntry;
import dev.factored.analysis.input.JmhMetric;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.AnalysisJson;
import dev.factored.analysis.model.Bound;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.finding.Finding;
import dev.factored.analysis.model.finding.Severity;
import dev.factored.analysis.model.measurement.Estimate;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Known answers of METHOD.md §5: parallelism, burdened parallelism and the Cilkview bounds. */
class WorkSpanTest {

    /** Cilkview's Fig. 6 (He, Leiserson and Leiserson): work, span and burdened span in instructions. */
    static final double WORK = 5_570_609_776.0;
    static final double SPAN = 261_374_874.0;
    static final double BURDENED = 262_078_779.0;

    /** T_s = T_1 (so the bounds over T_s are Cilkview's over T_1), the span run, one point at P = 2. */
    private static Fixtures.Entries fig6() {
        return new Fixtures.Entries().mode("avgt", "ns/op")
                .add("baseline", Fixtures.constant(WORK), null, Fixtures.baselineProfile())
                .add("1", Fixtures.constant(WORK), Fixtures.constant(0.0), Fixtures.profiled(1, 1))
                .add("2", Fixtures.constant(WORK / 1.8), Fixtures.constant(WORK * 0.1 / 1.8), Fixtures.profiled(2, 2))
                .addSpan(Fixtures.constant(WORK), WORK, SPAN, BURDENED, 1000, 3001, 5000);
    }

    private static double round2(double v) {
        return Math.round(v * 100) / 100.0;
    }

    @Test
    void theFormulaReproducesCilkviewFig6() {
        double par = WORK / SPAN;
        double burdened = WORK / BURDENED;
        assertEquals(21.31, round2(par));
        assertEquals(21.26, round2(burdened));
        int[] p = {2, 4, 8, 16, 32};
        double[] lower = {1.85, 3.23, 5.13, 7.27, 9.20};
        double[] upper = {2, 4, 8, 16, 21.31};
        for (int i = 0; i < p.length; i++) {
            assertEquals(lower[i], round2(Bound.lowerOverWork(p[i], burdened)), "lower at P = " + p[i]);
            assertEquals(upper[i], round2(Bound.upperOverWork(p[i], par)), "upper at P = " + p[i]);
        }
    }

    @Test
    void theAnalysisPublishesFig6() throws Exception {
        FamilyAnalysis f = fig6().family();
        assertEquals(WORK * 1e-9, f.profile().work().value(), 1e-9);
        assertEquals(SPAN * 1e-9, f.profile().span().value(), 1e-9);
        assertEquals(BURDENED * 1e-9, f.profile().burdenedSpan().value(), 1e-9);
        assertEquals(21.31, round2(f.profile().parallelism().value()));
        assertEquals(21.26, round2(f.profile().burdenedParallelism().value()));
        assertEquals(1000, f.profile().spawns().value());
        assertEquals(WORK * 1e-9 / 3001, f.profile().averageStrand().value(), 1e-15);
        assertEquals(5e-6, f.profile().burden().value(), 1e-15);
        assertEquals(AnalysisOptions.DEFAULT_PROJECT_TO, f.profile().bounds().size());
        assertEquals(1, f.profile().bounds().get(0).cores());
        assertEquals(1.0, f.profile().bound(1).lower().value(), 1e-12);
        assertEquals(1.0, f.profile().bound(1).upper().value(), 1e-12);
        int[] p = {2, 4, 8, 16, 32};
        double[] lower = {1.85, 3.23, 5.13, 7.27, 9.20};
        double[] upper = {2, 4, 8, 16, 21.31};
        for (int i = 0; i < p.length; i++) {
            assertEquals(lower[i], round2(f.profile().bound(p[i]).lower().value()), "lower at P = " + p[i]);
            assertEquals(upper[i], round2(f.profile().bound(p[i]).upper().value()), "upper at P = " + p[i]);
            assertTrue(f.profile().bound(p[i]).lower().value() <= f.profile().bound(p[i]).upper().value());
        }
        assertEquals(21.31, round2(f.profile().bound(64).upper().value()), "the upper bound stays at the parallelism");
    }

    @Test
    void boundsAreSpeedupsOverTheBaseline() throws Exception {
        // T_s = T_1 / 2: the parallel program does twice the baseline's work, so every bound halves.
        FamilyAnalysis f = new Fixtures.Entries().mode("avgt", "ns/op")
                .add("baseline", Fixtures.constant(WORK / 2), null, Fixtures.baselineProfile())
                .add("1", Fixtures.constant(WORK), Fixtures.constant(0.0), Fixtures.profiled(1, 1))
                .addSpan(Fixtures.constant(WORK), WORK, SPAN, BURDENED, 1000, 3001, 5000)
                .family();
        assertEquals(0.5, f.profile().bound(1).upper().value(), 1e-12);
        assertEquals(21.31 / 2, f.profile().bound(64).upper().value(), 0.005);
        assertEquals(1.85 / 2, f.profile().bound(2).lower().value(), 0.005);
    }

    @Test
    void projectToIsConfigurable() throws Exception {
        Analysis a = FactoredAnalysis.analyze(fig6().build(), "x", new AnalysisOptions(1, 100, 0.95).withProjectTo(8));
        assertEquals(8, a.families().get(0).profile().bounds().size());
    }

    @Test
    void withoutTheSpanRunEverythingIsNullAndNoBounds() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile())
                .add("1", Fixtures.constant(1.2), Fixtures.constant(0.0), Fixtures.profiled(1, 1))
                .add("2", Fixtures.constant(0.7), Fixtures.constant(0.1), Fixtures.profiled(2, 2)).family();
        assertNull(f.profile().work());
        assertNull(f.profile().parallelism());
        assertNull(f.profile().burdenedParallelism());
        assertEquals(List.of(), f.profile().bounds());
    }

    @Test
    void withoutBaselineOrOneCoreTheDagIsKnownButNotTheBounds() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries().mode("avgt", "ns/op")
                .addSpan(Fixtures.constant(WORK), WORK, SPAN, BURDENED, 1000, 3001, 5000).family();
        assertEquals(21.31, round2(f.profile().parallelism().value()));
        assertEquals(List.of(), f.profile().bounds());
    }

    @Test
    void intervalsComeFromTheSpanRunsSamples() throws Exception {
        double[][] work = {{100, 104, 96}, {101, 99, 100}};
        double[][] span = {{10, 10.5, 9.5}, {10, 10, 10}};
        Fixtures.Entries e = new Fixtures.Entries().mode("avgt", "ns/op")
                .add("baseline", Fixtures.constant(100), null, Fixtures.baselineProfile())
                .add("1", Fixtures.constant(100), Fixtures.constant(0.0), Fixtures.profiled(1, 1))
                .addSpan(Fixtures.constant(100), 100, 10, 11, 10, 31, 1);
        // replace the constant span samples by noisy ones, same iterations
        List<JmhEntry> entries = new java.util.ArrayList<>(e.build());
        JmhEntry s = entries.get(2);
        assertEquals("span", s.params().get("cores"));
        Map<String, JmhMetric> m = new java.util.LinkedHashMap<>(s.secondaryMetrics());
        m.put("factored.work", Fixtures.metric(work, "ns/op"));
        m.put("factored.span", Fixtures.metric(span, "ns/op"));
        entries.set(2, new JmhEntry(s.index(), s.benchmark(), s.mode(), s.params(), s.runtime(), s.settings(),
                s.primaryMetric(), m));
        FamilyAnalysis f = FactoredAnalysis.analyze(entries, "x", new AnalysisOptions(3, 1000, 0.95)).families().get(0);
        Estimate par = f.profile().parallelism();
        assertEquals(100.0 / 10.0, par.value(), 1e-9);
        assertTrue(par.low() < par.value() && par.value() < par.high(), par.toString());
        assertFalse(par.singleFork());
    }

    @Test
    void roundTripsAndOldFilesReadWithoutTheNewFields() throws Exception {
        Analysis a = fig6().analyze();
        String json = AnalysisJson.toJson(a);
        assertEquals(json, AnalysisJson.toJson(AnalysisJson.read(json.getBytes(StandardCharsets.UTF_8), "a.json")));
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = (ObjectNode) mapper.readTree(json);
        ObjectNode family = (ObjectNode) root.get("families").get(0);
        for (String field : List.of("work", "span", "burdenedSpan", "parallelism", "burdenedParallelism", "spawns",
                "averageStrand", "burden", "bounds")) {
            assertNotNull(family.remove(field), field);
        }
        assertEquals("span", family.get("configurations").get(1).get("cores").asText(), "baseline, span, 1, 2");
        assertNotNull(((ObjectNode) family.get("configurations").get(1)).remove("spanSamples"));
        FamilyAnalysis old = AnalysisJson.read(mapper.writeValueAsBytes(root), "old.json").families().get(0);
        assertNull(old.profile().work());
        assertNull(old.profile().parallelism());
        assertEquals(List.of(), old.profile().bounds());
    }

    /** T_s = T_1 = 100 ns, P = 2 at 60 ns; the span run as given. */
    private static Fixtures.Entries atTwo(double[][] spanShape, double work, double span, double burdened,
            double strands, double burdenNanos) {
        return new Fixtures.Entries().mode("avgt", "ns/op")
                .add("baseline", Fixtures.constant(100), null, Fixtures.baselineProfile())
                .add("elision", Fixtures.constant(100), null, Fixtures.profiled(0, 1))
                .add("1", Fixtures.constant(100), Fixtures.constant(0.0), Fixtures.profiled(1, 1))
                .add("2", Fixtures.constant(60), Fixtures.constant(20.0), Fixtures.profiled(2, 2))
                .addSpan(spanShape, work, span, burdened, 10, strands, burdenNanos);
    }

    private static Finding finding(FamilyAnalysis f, String kind) {
        return f.explanation().all().stream().filter(x -> x.kind().equals(kind)).findFirst().orElse(null);
    }

    @Test
    void parallelismBelowTenTimesPIsAFinding() throws Exception {
        FamilyAnalysis f = atTwo(Fixtures.constant(100), 100, 20, 20, 31, 0).family();
        Finding low = finding(f, "low-parallelism");
        assertNotNull(low, f.explanation().findings().toString());
        assertEquals(2, low.cores());
        assertFalse(low.tentative());
        assertTrue(low.text().contains("5.00x") || low.text().contains("5x") || low.text().contains("5.0x"), low.text());
        assertTrue(low.evidence().containsKey("parallelism"));
        assertNull(finding(atTwo(Fixtures.constant(100), 100, 4, 4, 31, 0).family(), "low-parallelism"),
                "parallelism 25 >= 10·2");
    }

    @Test
    void aSingleForkSpanRunMakesItTentative() throws Exception {
        FamilyAnalysis f = atTwo(Fixtures.oneFork(100), 100, 20, 20, 31, 0).family();
        Finding low = finding(f, "low-parallelism");
        assertTrue(low.tentative());
        assertTrue(low.text().contains("may be"), low.text());
    }

    @Test
    void burdenedParallelismBelowPIsAFinding() throws Exception {
        // parallelism 25, but a burden of 60 ns per steal makes the burdened span 80: burdened parallelism 1.25
        FamilyAnalysis f = atTwo(Fixtures.constant(100), 100, 4, 80, 31, 60).family();
        Finding grain = finding(f, "low-burdened-parallelism");
        assertNotNull(grain, f.explanation().findings().toString());
        assertEquals(Severity.MAJOR, grain.severity(), "1 − lower(2)/2 = 1 − 1/(0.5 + 0.85/1.25)/2 = 58%");
        assertNull(finding(f, "low-parallelism"));
    }

    @Test
    void strandsShorterThanOneStealAreAFindingWhereTheyCostSomething() throws Exception {
        // 100 ns of work in 31 strands: 3.2 ns each, a steal costs 60 ns, and T_1 is 30 % above the elision
        FamilyAnalysis f = new Fixtures.Entries().mode("avgt", "ns/op")
                .add("baseline", Fixtures.constant(100), null, Fixtures.baselineProfile())
                .add("elision", Fixtures.constant(100), null, Fixtures.profiled(0, 1))
                .add("1", Fixtures.constant(130), Fixtures.constant(0.0), Fixtures.profiled(1, 1))
                .add("2", Fixtures.constant(70), Fixtures.constant(0.0), Fixtures.profiled(2, 2))
                .addSpan(Fixtures.constant(100), 100, 4, 4.5, 10, 31, 60).family();
        assertNotNull(finding(f, "short-strands"), f.explanation().findings().toString());
        assertNull(finding(atTwo(Fixtures.constant(100), 100, 4, 4.5, 31, 3).family(), "short-strands"),
                "strands longer than a steal");
        assertNull(finding(atTwo(Fixtures.constant(100), 100, 4, 4.5, 31, 60).family(), "short-strands"),
                "no scheduling loss: short strands cost nothing measured, so they are not a cause");
    }

    @Test
    void strandsShorterThanAClockReadLeaveTheProfileOutAndSayWhy() throws Exception {
        // 100 ns of work in 31 strands: 3.2 ns each, the clock costs 5 ns a read: 0.65 reads per strand
        FamilyAnalysis f = atTwoWithClock(5).family();
        assertNull(f.profile().work());
        assertNull(f.profile().parallelism());
        assertEquals(List.of(), f.profile().bounds());
        assertNull(finding(f, "low-parallelism"), "no cause from numbers that were not measured");
        Finding why = finding(f, "span-unresolved");
        assertNotNull(why, f.explanation().all().toString());
        assertTrue(why.text().contains("shorter than one read of its clock (5.00 ns)"), why.text());
        // 3 ns a read: 1.08 reads per strand, resolved
        FamilyAnalysis resolved = atTwoWithClock(3).family();
        assertNotNull(resolved.profile().parallelism());
        assertNull(finding(resolved, "span-unresolved"));
    }

    private static Fixtures.Entries atTwoWithClock(double clockCostNanos) {
        return new Fixtures.Entries().mode("avgt", "ns/op")
                .add("baseline", Fixtures.constant(100), null, Fixtures.baselineProfile())
                .add("elision", Fixtures.constant(100), null, Fixtures.profiled(0, 1))
                .add("1", Fixtures.constant(100), Fixtures.constant(0.0), Fixtures.profiled(1, 1))
                .add("2", Fixtures.constant(60), Fixtures.constant(20.0), Fixtures.profiled(2, 2))
                .addSpan(Fixtures.constant(100), 100, 20, 20, 10, 31, 0, clockCostNanos);
    }

    @Test
    void aSpeedupAboveTheUpperBoundIsAWarningNotAFinding() throws Exception {
        // measured 100/60 = 1.67x at P = 2, but parallelism 1.25 caps it at 1.25x
        FamilyAnalysis f = atTwo(Fixtures.constant(100), 100, 80, 80, 31, 0).family();
        assertTrue(f.explanation().warnings().stream().anyMatch(w -> w.contains("above the upper bound")), f.explanation().warnings().toString());
        assertTrue(f.programFindings().stream().noneMatch(x -> x.text().contains("upper bound")));
        FamilyAnalysis fine = atTwo(Fixtures.constant(100), 100, 20, 20, 31, 0).family();
        assertTrue(fine.explanation().warnings().stream().noneMatch(w -> w.contains("above the upper bound")));
    }
}
