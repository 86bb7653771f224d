package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.AnalysisJson;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.finding.Finding;
import org.junit.jupiter.api.Test;

/** Known answers for the bandwidth test read against work inflation (Cilkview §5). */
class BandwidthTest {

    private static final double EPS = 1e-12;

    /** T_s = T_e = T_1 = 1; at P = 2, T_2 = 0.75 with no idle: F_2 = 2·0.75 − 0 − 1 = 0.5, work inflated by 50 %. */
    private static Fixtures.Entries inflated(double bandwidthTime) {
        return new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile())
                .add("elision", Fixtures.constant(1.0), null, Fixtures.profiled(0, 1))
                .add("1", Fixtures.constant(1.0), Fixtures.constant(0.0), Fixtures.profiled(1, 1))
                .add("2", Fixtures.constant(0.75), Fixtures.constant(0.0), Fixtures.profiled(2, 2))
                .add("bandwidth-2", Fixtures.constant(bandwidthTime), null, Fixtures.profiled(2, 2));
    }

    private static Finding finding(FamilyAnalysis f, String kind) {
        return f.explanation().findings().stream().filter(x -> x.kind().equals(kind)).findFirst().orElse(null);
    }

    @Test
    void copiesSlowedDownAsMuchAsTheWorkInflatesPointAtMemoryBandwidth() throws Exception {
        FamilyAnalysis f = inflated(1.5).family();
        assertEquals(2, f.bandwidth().copies());
        assertEquals(1.5, f.bandwidth().slowdown().value(), EPS);
        Finding bandwidth = finding(f, "memory-bandwidth");
        assertTrue(bandwidth != null, f.explanation().findings().toString());
        assertEquals(2, bandwidth.cores());
        assertTrue(bandwidth.text().startsWith("2 copies of the baseline, each on its own data on its own CPU, ran "
                + "1.50x slower than one alone"), bandwidth.text());
        assertTrue(bandwidth.text().contains("does 50.0% more work than one worker, of which this limit can explain "
                + "about 50.0%"), bandwidth.text());
        assertNull(finding(f, "inflation-not-bandwidth"));
        assertTrue(f.explanation().warnings().stream().noneMatch(w -> w.contains("bandwidth-2 never used the pool")), f.explanation().warnings()
                .toString());
    }

    @Test
    void copiesThatDoNotSlowDownWhileTheWorkInflatesPointAtSharing() throws Exception {
        FamilyAnalysis f = inflated(1.01).family();
        Finding sharing = finding(f, "inflation-not-bandwidth");
        assertTrue(sharing != null, f.explanation().findings().toString());
        assertTrue(sharing.text().contains("not a bandwidth limit but something only the parallel program does"),
                sharing.text());
        assertNull(finding(f, "memory-bandwidth"));
    }

    @Test
    void aBaselineBranchThatRanOneCopyIsLeftOutWithAWarning() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile())
                .add("2", Fixtures.constant(0.75), Fixtures.constant(0.0), Fixtures.profiled(2, 2))
                .add("bandwidth-2", Fixtures.constant(1.0), null, Fixtures.profiled(1, 2)).family();
        assertNull(f.bandwidth().slowdown());
        assertTrue(f.explanation().warnings().stream().anyMatch(w -> w.startsWith("cores=bandwidth-2 ran 1 copy of the baseline per "
                + "operation, not 2")), f.explanation().warnings().toString());
    }

    /** The host ran 3 of 4 copies: as many as fit in the machine's memory. A test of 3 copies, said so. */
    @Test
    void fewerCopiesThatFitInMemoryAreABandwidthTestOfThatMany() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile())
                .add("2", Fixtures.constant(0.75), Fixtures.constant(0.0), Fixtures.profiled(2, 2))
                .add("bandwidth-4", Fixtures.constant(1.5), null, Fixtures.profiled(3, 4)).family();
        assertEquals(3, f.bandwidth().copies());
        assertEquals(1.5, f.bandwidth().slowdown().value(), 1e-9);
        assertTrue(f.explanation().warnings().stream().anyMatch(w -> w.startsWith("cores=bandwidth-4 ran 3 copies of "
                + "the baseline at once, not 4: no more fit")), f.explanation().warnings().toString());
    }

    @Test
    void withoutTheTestNothingIsSaid() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries().add("baseline", 1.0, null).add("2", 0.75, 0.0).family();
        assertNull(f.bandwidth().copies());
        assertNull(f.bandwidth().slowdown());
        String json = AnalysisJson.toJson(inflated(1.5).analyze());
        assertTrue(json.contains("\"bandwidthCopies\" : 2"), json);
    }
}
