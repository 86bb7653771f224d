package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.point.Losses;
import dev.factored.analysis.model.point.Point;
import dev.factored.analysis.model.point.Speedups;
import java.util.List;
import org.junit.jupiter.api.Test;

/** METHOD.md §2–§4 on hand-made times (seconds per operation, constant samples: exact estimates). */
class FactoringTest {

    private static final double EPS = 1e-12;

    /** T_s = 1.0, T_e = 1.2, T_1 = 1.5 (I_1 = 0), T_2 = 0.9 with I_2 = 0.1, T_4 = 0.6 with I_4 = 0.5. */
    static Fixtures.Entries classic() {
        return new Fixtures.Entries()
                .add("baseline", 1.0, null)
                .add("elision", 1.2, null)
                .add("1", 1.5, 0.0)
                .add("2", 0.9, 0.1)
                .add("4", 0.6, 0.5);
    }

    /**
     * Issue 34.3: an estimated idle of 0.08 ms whose interval's tail is extrapolated to -0.02 ms (a quiet one-worker
     * stream, measured) is an idle between 0 and 0.25 ms, not a negative one; an interval above 0 is left as it is.
     */
    @Test
    void anIdleTimeAndItsIntervalAreNeverNegative() {
        Estimate extrapolated = Estimate.nonNegative(new Estimate(0.081e-3, -0.020e-3, 0.251e-3, false, false));
        assertEquals(0.081e-3, extrapolated.value(), 1e-15);
        assertEquals(0.0, extrapolated.low(), 0.0);
        assertEquals(0.251e-3, extrapolated.high(), 1e-15);
        Estimate above = new Estimate(16.2e-3, 13.9e-3, 18.9e-3, true, false);
        assertEquals(above, Estimate.nonNegative(above));
        assertNull(Estimate.nonNegative(null));
    }

    @Test
    void computesEveryQuantityOfTheMethod() throws Exception {
        FamilyAnalysis f = classic().family();
        assertEquals(1.0, f.times().baselineTime().value(), EPS);
        assertEquals(1.2, f.times().elisionTime().value(), EPS);
        assertEquals(1.5, f.times().oneCoreTime().value(), EPS);
        assertEquals(List.of(1, 2, 4), f.points().stream().map(Point::cores).toList());

        Point p2 = f.points().get(1);
        assertEquals(0.9, p2.times().time().value(), EPS);
        assertEquals(0.1, p2.times().idleTime().value(), EPS);
        assertEquals(2 * 0.9 - 0.1 - 1.5, p2.times().workInflation().value(), EPS); // F_2 = 0.2
        Speedups s = p2.speedups();
        assertEquals(Estimate.exact(2), s.linear());
        assertEquals(2 * 1.0 / 1.2, s.elision().value(), EPS);
        assertEquals(2 * 1.0 / 1.5, s.maximal().value(), EPS);
        assertEquals(2 * 1.0 / (1.5 + 0.1), s.idleSpecific().value(), EPS);
        assertEquals(2 * 1.0 / (2 * 0.9 - 0.1), s.inflationSpecific().value(), EPS);
        assertEquals(1.0 / 0.9, s.actual().value(), EPS);
        Losses l = p2.losses();
        assertEquals(0.2 / 0.9, l.algorithmic().value(), EPS);
        assertEquals(0.3 / 0.9, l.scheduling().value(), EPS);
        assertEquals(0.1 / 0.9, l.idle().value(), EPS);
        assertEquals(0.2 / 0.9, l.inflation().value(), EPS);

        Point p1 = f.points().get(0);
        assertEquals(1.5, p1.times().time().value(), EPS);
        assertEquals(0.0, p1.times().workInflation().value(), EPS);
        assertEquals(1.0 / 1.5, p1.speedups().maximal().value(), EPS);
    }

    @Test
    void identityHoldsAtEveryPoint() throws Exception {
        for (Point p : classic().family().points()) {
            double sum = p.speedups().actual().value() + p.losses().algorithmic().value()
                    + p.losses().scheduling().value() + p.losses().idle().value() + p.losses().inflation().value();
            assertEquals(p.cores(), sum, 1e-9 * p.cores());
        }
    }

    @Test
    void identityCheckRejectsInconsistentNumbers() {
        Speedups s = new Speedups(Estimate.exact(2), null, null, null, null, Estimate.exact(1.0));
        Losses l = new Losses(Estimate.exact(0.2), Estimate.exact(0.3), Estimate.exact(0.1), Estimate.exact(0.3));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> Factoring.checkIdentity("fam", 2, s, l));
        assertTrue(e.getMessage().contains("identity"), e.getMessage());
        Losses ok = new Losses(Estimate.exact(0.2), Estimate.exact(0.3), Estimate.exact(0.1), Estimate.exact(0.4));
        Factoring.checkIdentity("fam", 2, s, ok);
    }

    @Test
    void negativeInflationIsKeptAndStillAddsUp() throws Exception {
        // 2 workers take 0.6 each with 0.1 idle: W_2 = 1.1 < T_1 = 1.5, F_2 = -0.4 (superlinear)
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", 1.0, null).add("elision", 1.2, null).add("1", 1.5, 0.0).add("2", 0.6, 0.1)
                .family();
        Point p = f.points().get(1);
        assertEquals(-0.4, p.times().workInflation().value(), EPS);
        assertEquals(-0.4 / 0.6, p.losses().inflation().value(), EPS);
        double sum = p.speedups().actual().value() + p.losses().algorithmic().value()
                + p.losses().scheduling().value() + p.losses().idle().value() + p.losses().inflation().value();
        assertEquals(2, sum, 1e-9);
        assertTrue(p.speedups().inflationSpecific().value() > p.speedups().maximal().value());
    }

    @Test
    void missingBaselineNullsEverySpeedupButLinear() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries()
                .add("elision", 1.2, null).add("1", 1.5, 0.0).add("2", 0.9, 0.1).family();
        assertNull(f.times().baselineTime());
        Point p = f.points().get(1);
        assertEquals(Estimate.exact(2), p.speedups().linear());
        assertNull(p.speedups().elision());
        assertNull(p.speedups().maximal());
        assertNull(p.speedups().idleSpecific());
        assertNull(p.speedups().inflationSpecific());
        assertNull(p.speedups().actual());
        assertNull(p.losses().algorithmic());
        assertEquals(0.3 / 0.9, p.losses().scheduling().value(), EPS);
        assertEquals(0.1 / 0.9, p.losses().idle().value(), EPS);
        assertEquals(0.2 / 0.9, p.losses().inflation().value(), EPS);
        assertEquals(0.2, p.times().workInflation().value(), EPS);
    }

    @Test
    void missingElisionNullsElisionCurveAndTheLossesItSplits() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", 1.0, null).add("1", 1.5, 0.0).add("2", 0.9, 0.1).family();
        assertNull(f.times().elisionTime());
        Point p = f.points().get(1);
        assertNull(p.speedups().elision());
        assertNull(p.losses().algorithmic());
        assertNull(p.losses().scheduling());
        assertEquals(2 / 1.5, p.speedups().maximal().value(), EPS);
        assertEquals(0.2 / 0.9, p.losses().inflation().value(), EPS);
    }

    @Test
    void missingOneCoreRunNullsWhatTOneFeeds() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", 1.0, null).add("elision", 1.2, null).add("2", 0.9, 0.1).family();
        assertNull(f.times().oneCoreTime());
        assertEquals(1, f.points().size());
        Point p = f.points().get(0);
        assertNull(p.times().workInflation());
        assertNull(p.speedups().maximal());
        assertNull(p.speedups().idleSpecific());
        assertNull(p.losses().scheduling());
        assertNull(p.losses().inflation());
        // these need only T_s, T_e, T_P and I_P
        assertEquals(2 / (1.8 - 0.1), p.speedups().inflationSpecific().value(), EPS);
        assertEquals(2 / 1.2, p.speedups().elision().value(), EPS);
        assertEquals(0.2 / 0.9, p.losses().algorithmic().value(), EPS);
    }

    @Test
    void missingIdleNullsIdleAndInflation() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", 1.0, null).add("elision", 1.2, null).add("1", 1.5, null).add("2", 0.9, null)
                .family();
        Point p = f.points().get(1);
        assertNull(p.times().idleTime());
        assertNull(p.times().workInflation());
        assertNull(p.speedups().idleSpecific());
        assertNull(p.speedups().inflationSpecific());
        assertNull(p.losses().idle());
        assertNull(p.losses().inflation());
        assertNotNull(p.losses().scheduling());
        assertNotNull(p.speedups().maximal());
    }

    @Test
    void onePointOnly() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries().add("baseline", 1.0, null).add("4", 0.5, 0.2).family();
        assertEquals(1, f.points().size());
        assertEquals(4, f.largestPoint().cores());
        assertEquals(2.0, f.largestPoint().speedups().actual().value(), EPS);
        assertNull(f.largestPoint().speedups().maximal());
    }

    @Test
    void onlyBaselineAndElisionGiveNoPoints() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries().add("baseline", 1.0, null).add("elision", 1.3, null).family();
        assertTrue(f.points().isEmpty());
        assertNull(f.largestPoint());
        assertEquals(1.3, f.times().elisionTime().value(), EPS);
    }

    @Test
    void speedupsAreRatiosOfMeansNotMeansOfRatios() throws Exception {
        // baseline samples 1 and 3 (mean 2), two-core samples 1 and 2 (mean 1.5): ratio of means 4/3,
        // where the mean of the per-iteration ratios would be (1 + 1.5) / 2 = 1.25
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", new double[][] {{1, 3}}, null, java.util.Map.of())
                .add("2", new double[][] {{1, 2}}, null, java.util.Map.of())
                .family();
        assertEquals(4.0 / 3.0, f.points().get(0).speedups().actual().value(), EPS);
    }

    @Test
    void configurationsAreOrderedBaselineElisionThenP() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries()
                .add("8", 0.3, 0.2).add("2", 0.9, 0.1).add("baseline", 1.0, null).add("1", 1.5, 0.0)
                .add("elision", 1.2, null).add("16", 0.3, 0.2)
                .family();
        assertEquals(List.of("baseline", "elision", "1", "2", "8", "16"),
                f.measurement().configurations().stream().map(r -> r.cores().toString()).toList());
        assertEquals(List.of(1, 2, 8, 16), f.points().stream().map(Point::cores).toList());
    }
}
