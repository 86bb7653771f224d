package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.SpeedupProjection;
import dev.factored.analysis.model.SpeedupProjection.ProjectedSpeedup;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The projected speedup band on families whose scaling is known: perfectly parallel, Amdahl's, two points only. */
class ProjectionTest {

    private static final double EPS = 1e-9;
    private static final AnalysisOptions EXACT = new AnalysisOptions(7, 0, 0.95, 16);

    /** One point measured exactly (a single replicate): T_P, I_P and its serial-section part, null when absent. */
    private static Projection.Measured point(int cores, double time, Double idle, Double serialIdle) {
        return new Projection.Measured(cores, new double[] {time}, idle == null ? null : new double[] {idle},
                serialIdle == null ? null : new double[] {serialIdle});
    }

    private static SpeedupProjection project(double baseline, Projection.DagShape dag, Projection.Measured... points) {
        return Projection.project(List.of(points), new double[] {baseline}, dag, null, false, false, EXACT);
    }

    private static Projection.DagShape dag(double parallelism, double burdenedParallelism) {
        return new Projection.DagShape(new double[] {parallelism}, new double[] {burdenedParallelism});
    }

    /** Amdahl's speedup with serial fraction f, over a baseline as fast as one worker. */
    private static double amdahl(double f, int p) {
        return p / (1 + f * (p - 1));
    }

    @Test
    void aPerfectlyParallelFamilyIsProjectedAtP() {
        SpeedupProjection projection = project(1.0, dag(1000, 1000), point(1, 1.0, 0.0, null),
                point(2, 0.5, 0.0, 0.0), point(4, 0.25, 0.0, 0.0));
        assertEquals(List.of(1, 2, 4), projection.measuredCores());
        assertEquals(List.of(SpeedupProjection.TIMES, SpeedupProjection.IDLE, SpeedupProjection.SERIAL_IDLE,
                SpeedupProjection.SPAN), projection.restsOn());
        assertEquals(List.of(), projection.widenedBy());
        assertEquals(5, projection.speedups().get(0).cores(), "beyond the measured P");
        assertEquals(16, projection.speedups().get(projection.speedups().size() - 1).cores(), "to projectTo");
        for (ProjectedSpeedup s : projection.speedups()) {
            // No idle, no inflation: both edges at P; Cilkview's burdened bound (just below P) does not decide.
            assertEquals(s.cores(), s.upper().value(), EPS, "P = " + s.cores());
            assertEquals(s.cores(), s.lower().value(), EPS, "P = " + s.cores());
            assertEquals(SpeedupProjection.MODEL, s.lowerFrom());
        }
    }

    @Test
    void aTwentyPercentSerialSectionIsProjectedOnAmdahlsCurve() {
        // T_1 = 1: 0.2 serial, 0.8 parallel; at P every other worker waits through the serial 0.2, and the idle split
        // says it is a serial section.
        List<Projection.Measured> measured = new ArrayList<>();
        for (int p : new int[] {1, 2, 4}) {
            double idle = 0.2 * (p - 1);
            measured.add(point(p, 0.2 + 0.8 / p, idle, idle));
        }
        SpeedupProjection projection = project(1.0, null, measured.toArray(Projection.Measured[]::new));
        for (ProjectedSpeedup s : projection.speedups()) {
            assertEquals(amdahl(0.2, s.cores()), s.lower().value(), EPS, "P = " + s.cores());
            assertEquals(amdahl(0.2, s.cores()), s.upper().value(), EPS, "a serial section grows with every worker");
        }
        assertEquals(4.0, projection.at(16).lower().value(), EPS, "Amdahl's 1/(0.2 + 0.8/16)");
    }

    @Test
    void aSerialSectionWithItsSpanRunIsBandedByAmdahlAndTheSpanLaw() {
        // By construction: 0.2 of serial code and 0.8 that splits freely, so S_16 = 1/(0.2 + 0.8/16) = 4 and the
        // parallelism T_1/T_inf = 1/0.2 = 5. Measured at P = 1 and 2 only, the split naming the idle at 2 as serial.
        SpeedupProjection projection = project(1.0, dag(5, 4.5), point(1, 1.0, 0.0, null), point(2, 0.6, 0.2, 0.2));
        ProjectedSpeedup at16 = projection.at(16);
        assertEquals(amdahl(0.2, 16), at16.lower().value(), EPS, "the serial section growing with every worker");
        assertEquals(SpeedupProjection.MODEL, at16.lowerFrom());
        assertEquals(5.0, at16.upper().value(), EPS, "the span law");
        assertEquals(SpeedupProjection.SPAN_LAW, at16.upperFrom());
        assertTrue(at16.upper().value() / at16.lower().value() <= 1.25, "a band narrow enough to plan with");
    }

    @Test
    void withoutASerialSectionInTheSplitTheUpperEndKeepsTheIdleOfTheLargestP() {
        // The same times and idle, but the split puts the idle at the start (a pool waking up): nothing says it grows.
        SpeedupProjection projection = project(1.0, null, point(1, 1.0, 0.0, null), point(2, 0.6, 0.2, 0.0),
                point(4, 0.4, 0.6, 0.0));
        ProjectedSpeedup at16 = projection.at(16);
        assertEquals(4.0, at16.lower().value(), EPS, "pessimistic: Amdahl's curve");
        assertEquals(16 / 1.6, at16.upper().value(), EPS, "optimistic: W = 1 and I = 0.6 as at P = 4");
    }

    @Test
    void fromOnlyTwoPointsTheBandStartsAtAmdahlThroughThem() {
        // T_1 = 1, T_2 = 0.6 with I_2 = 0.2, all of it serial by the split: the two points' Amdahl (Karp–Flatt
        // e(2) = 0.2) is the lower end; the upper end keeps the idle of P = 2, because the split at P = 2 cannot tell a
        // serial section from a worker waking up.
        SpeedupProjection projection = project(1.0, null, point(1, 1.0, 0.0, null), point(2, 0.6, 0.2, 0.2));
        assertEquals(List.of(1, 2), projection.measuredCores());
        assertEquals(List.of(SpeedupProjection.TIMES, SpeedupProjection.IDLE, SpeedupProjection.SERIAL_IDLE),
                projection.restsOn(), "the split at P = 2 for the lower end only");
        assertEquals(3, projection.speedups().get(0).cores());
        for (ProjectedSpeedup s : projection.speedups()) {
            assertEquals(amdahl(0.2, s.cores()), s.lower().value(), EPS, "P = " + s.cores());
            assertEquals(s.cores() / 1.2, s.upper().value(), EPS, "P = " + s.cores());
        }
    }

    @Test
    void withoutIdleTheWholeMachineTimeIsWork() {
        // Plain JMH, no idle: W_P = P·T_P; the pessimistic end grows it by the last step (Amdahl through the two
        // points), the optimistic end keeps the least (the work law).
        SpeedupProjection projection = project(1.0, null, point(1, 1.0, null, null), point(2, 0.6, null, null));
        assertEquals(List.of(SpeedupProjection.TIMES), projection.restsOn());
        ProjectedSpeedup at16 = projection.at(16);
        assertEquals(amdahl(0.2, 16), at16.lower().value(), EPS);
        assertEquals(16.0, at16.upper().value(), EPS);
    }

    @Test
    void inflationThatGrewIsCarriedOnAndOneThatFellIsNot() {
        // W_1 = 1, W_2 = 1.2 (inflation 0.2 per worker), no idle: at 16, W = 1.2 + 0.2·14 = 4 at worst, 1 at best.
        SpeedupProjection grew = project(1.0, null, point(1, 1.0, 0.0, null), point(2, 0.6, 0.0, 0.0));
        assertEquals(16 / 4.0, grew.at(16).lower().value(), EPS);
        assertEquals(List.of(SpeedupProjection.WORK_GROWTH), grew.widenedBy());
        assertEquals(16.0, grew.at(16).upper().value(), EPS, "the least work measured: P = 1's");
        // W_1 = 1.2 (a one-CPU time read high), W_2 = 1: no growth to carry; the lower end keeps W_2.
        SpeedupProjection fell = project(1.0, null, point(1, 1.2, 0.0, null), point(2, 0.5, 0.0, 0.0));
        assertEquals(16.0, fell.at(16).lower().value(), EPS);
    }

    @Test
    void copiesThatSlowEachOtherDownLetTheWorkGrow() {
        // Two copies of the baseline ran 1.25 times slower each (memory shared): W_1 = 1 grows by 0.25 per added
        // worker at the lower end, although the work measured at P = 2 did not grow.
        List<Projection.Measured> points = List.of(point(1, 1.0, 0.0, null), point(2, 0.5, 0.0, 0.0));
        Projection.SharedMemory twoCopies = new Projection.SharedMemory(2, new double[] {1.25}, false, false);
        SpeedupProjection projection = Projection.project(points, new double[] {1.0}, null, twoCopies, false, false,
                EXACT);
        assertEquals(List.of(SpeedupProjection.SHARED_MEMORY), projection.widenedBy());
        assertEquals(16 / (1 + 0.25 * 14), projection.at(16).lower().value(), EPS);
        assertEquals(16.0, projection.at(16).upper().value(), EPS, "the least work: memory may not be the limit");
        Projection.SharedMemory none = new Projection.SharedMemory(2, new double[] {1.0}, false, false);
        assertEquals(16.0, Projection.project(points, new double[] {1.0}, null, none, false, false, EXACT).at(16)
                .lower().value(), EPS, "copies that did not slow down: nothing to carry on");
    }

    @Test
    void theSpanRunCapsBothEndsAtItsParallelism() {
        // Parallelism 4 and no idle measured at P = 2: T_P >= W/4 whatever the idle says, so both ends stop at 4.
        SpeedupProjection projection = project(1.0, dag(4, 2), point(1, 1.0, 0.0, null), point(2, 0.5, 0.0, 0.0));
        assertEquals(4.0, projection.at(16).upper().value(), EPS, "the span law");
        assertEquals(4.0, projection.at(16).lower().value(), EPS);
        assertEquals(3.0, projection.at(3).upper().value(), EPS, "below the parallelism: P");
        assertTrue(projection.restsOn().contains(SpeedupProjection.SPAN));
    }

    @Test
    void theGreedyBoundDecidesWhereTheMeasuredIdleIsWorse() {
        // I_2 = 0.8 of 1.8 (no serial section in the split), below the bound already at P = 2 (a parked pool's
        // wake-up is not in Cilkview's model): held per worker, the model gives 16/(1 + 16·0.4) at 16; Cilkview's
        // burdened bound with burdened parallelism 10 promises more, and decides.
        SpeedupProjection projection = project(1.0, dag(100, 10), point(1, 1.0, 0.0, null), point(2, 0.9, 0.8, 0.0));
        ProjectedSpeedup at16 = projection.at(16);
        assertEquals(1 / (1.0 / 16 + (1 - 1.0 / 16) * 1.7 / 10), at16.lower().value(), EPS);
        assertEquals(SpeedupProjection.GREEDY_BOUND, at16.lowerFrom());
        assertEquals(16 / 1.8, at16.upper().value(), EPS, "the least work, 1, and the idle of P = 2 kept");
        assertEquals(SpeedupProjection.MODEL, at16.upperFrom());
        // At 3 the bound, 1/(1/3 + (2/3)·0.17), is above even the upper end, 3/1.8: the lower end never passes it.
        ProjectedSpeedup at3 = projection.at(3);
        assertEquals(3 / 1.8, at3.lower().value(), EPS);
        assertEquals(3 / 1.8, at3.upper().value(), EPS);
    }

    @Test
    void withoutASplitAtTwoWorkersTheWholeIdleMayBeASerialSection() {
        // Estimated idle has no timeline: I_2 = 0.2 may be a serial section of 0.2, so the lower end is Amdahl's.
        SpeedupProjection projection = project(1.0, null, point(1, 1.0, 0.0, null), point(2, 0.6, 0.2, null));
        assertEquals(List.of(SpeedupProjection.UNSPLIT_IDLE), projection.widenedBy());
        assertEquals(amdahl(0.2, 16), projection.at(16).lower().value(), EPS);
        // With a split that finds no serial section, the idle per worker is held: 16/(1 + 16·0.1).
        SpeedupProjection split = project(1.0, null, point(1, 1.0, 0.0, null), point(2, 0.6, 0.2, 0.0));
        assertEquals(16 / 2.6, split.at(16).lower().value(), EPS);
        assertEquals(List.of(), split.widenedBy());
    }

    @Test
    void theUpperEndIsNeverAboveP() {
        // T_s = 1.5 against T_1 = 1: the model would promise 24 at 16; no run on 2 CPUs shows the parallel code doing
        // less work than the best sequential code at 16.
        SpeedupProjection projection = project(1.5, null, point(1, 1.0, 0.0, null), point(2, 0.5, 0.0, 0.0));
        assertEquals(16.0, projection.at(16).upper().value(), EPS);
        assertEquals(SpeedupProjection.WORK_LAW, projection.at(16).upperFrom());
        assertEquals(16.0, projection.at(16).lower().value(), EPS, "the lower end never above the upper");
    }

    @Test
    void oneWorkerAndASpanRunGiveCilkviewsBoundsWithTheMeasuredWork() {
        SpeedupProjection projection = project(0.8, dag(10, 5), point(1, 1.0, 0.0, null));
        assertEquals(List.of(SpeedupProjection.SPAN), projection.restsOn());
        ProjectedSpeedup at8 = projection.at(8);
        assertEquals(0.8 * 8, at8.upper().value(), EPS, "P·T_s/(W_1 + I_1), below P and the span law's 0.8·10");
        assertEquals(SpeedupProjection.GREEDY_BOUND, at8.lowerFrom(), "one point: nothing to carry on");
        assertEquals(0.8 / (1.0 / 8 + (1 - 1.0 / 8) * 1.7 / 5), at8.lower().value(), EPS, "Cilkview's lower bound");
        assertNull(project(0.8, null, point(1, 1.0, 0.0, null)), "one point alone says nothing of scaling");
    }

    @Test
    void nothingToProjectFromWithoutABaselineOrAOneWorkerPoint() {
        assertNull(Projection.project(List.of(point(1, 1.0, 0.0, null), point(2, 0.5, 0.0, null)), null, null, null,
                false, false, EXACT));
        assertNull(project(1.0, null, point(2, 0.5, 0.0, null), point(4, 0.25, 0.0, null)));
        assertNull(project(1.0, null, point(1, 1.0, 0.0, null), point(16, 1.0 / 16, 0.0, null)),
                "measured up to projectTo: nothing beyond it");
    }

    @Test
    void eachEndCarriesTheIntervalOfItsReplicates() {
        // Three replicates of T_2: 0.7 (the estimate), 0.65 and 0.75, and of T_s: 1, 0.95 and 1.05.
        List<Projection.Measured> points = List.of(
                new Projection.Measured(1, new double[] {1, 1, 1}, new double[] {0, 0, 0}, null),
                new Projection.Measured(2, new double[] {0.7, 0.65, 0.75}, new double[] {0.3, 0.3, 0.3}, null));
        SpeedupProjection projection = Projection.project(points, new double[] {1, 0.95, 1.05}, null, null, true, false,
                new AnalysisOptions(7, 2, 0.95, 16));
        ProjectedSpeedup at16 = projection.at(16);
        assertTrue(at16.lower().low() < at16.lower().value() && at16.lower().value() < at16.lower().high(),
                at16.lower().toString());
        assertTrue(at16.upper().low() < at16.upper().value() && at16.upper().value() < at16.upper().high(),
                at16.upper().toString());
        assertTrue(at16.lower().singleFork(), "a single fork's interval says so");
    }

    @Test
    void theAnalysisPublishesItBesideTheBounds() throws Exception {
        // End to end through the JMH entries: a perfectly parallel family measured at 1, 2 and 4 with no idle.
        Fixtures.Entries entries = new Fixtures.Entries().add("baseline", 1.0, null).add("elision", 1.0, null);
        for (int p : new int[] {1, 2, 4}) {
            entries.add(String.valueOf(p), 1.0 / p, 0.0);
        }
        FamilyAnalysis family = entries.family();
        SpeedupProjection projection = family.projection();
        assertNotNull(projection);
        assertEquals(List.of(1, 2, 4), projection.measuredCores());
        assertEquals(60, projection.speedups().size(), "P = 5 to the default projectTo, 64");
        assertEquals(64, projection.at(64).lower().value(), 1e-6);
        assertEquals(64, projection.at(64).upper().value(), 1e-6);
    }
}
