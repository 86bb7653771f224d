package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.measurement.ConfigurationRun;
import dev.factored.analysis.model.measurement.Steadiness.Shape;
import dev.factored.analysis.model.measurement.Steadiness;
import dev.factored.contract.CoresValue;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Known shapes: series whose steady state follows from how they were made. */
class SteadyStatesTest {

    @Test
    void theIssuesBaselineForkWithSlowCompilingIterationsIsMarkedNotDropped() {
        // 5 iterations of a 4.0 ms spin, two of them slow while the JIT compiled (issue 32's numbers, in µs)
        Steadiness.Fork fork = SteadyStates.fork(ms(4017, 7277, 4191, 5712, 4003), new double[] {0.05, 1.05, 0.1, 0.74, 0},
                null);
        assertEquals(List.of(1, 3), fork.compiling());
        assertEquals(0, fork.stillWarming(), "compiling later in the fork is marked, not warm-up");
    }

    @Test
    void aForkSlowAtFirstIsAWarmupThatEndsWhereItsTimesSettle() {
        Steadiness.Fork fork = SteadyStates.fork(ms(6690, 9380, 2310, 2330, 2290, 2320), null, null);
        assertEquals(Shape.WARMUP, fork.shape());
        assertEquals(2, fork.steadyFrom());
        assertEquals(2, fork.stillWarming());
    }

    @Test
    void compilingWithFlatTimesIsMarkedAndCompilingAtTheEndOfAWarmupLengthensIt() {
        Steadiness.Fork flat = SteadyStates.fork(ms(4010, 4005, 4012, 4008), new double[] {0.6, 0.3, 0.01, 0}, null);
        assertEquals(Shape.FLAT, flat.shape());
        assertEquals(List.of(0, 1), flat.compiling());
        assertEquals(0, flat.stillWarming(), "what the compilers changed did not change the time");
        Steadiness.Fork warming = SteadyStates.fork(ms(6690, 2310, 2330, 2290, 2320),
                new double[] {0.5, 0.4, 0.3, 0, 0}, null);
        assertEquals(1, warming.steadyFrom());
        assertEquals(2, warming.stillWarming(), "the first steady iteration still compiled: one more");
    }

    @Test
    void aForkThatGotSlowerIsASlowdown() {
        Steadiness.Fork fork = SteadyStates.fork(ms(2000, 2010, 1995, 2600, 2610, 2590, 2605), null, null);
        assertEquals(Shape.SLOWDOWN, fork.shape());
        assertEquals(3, fork.steadyFrom());
        assertEquals(0, fork.stillWarming());
    }

    @Test
    void aForkStillFallingAtItsEndNeverSettled() {
        Steadiness.Fork fork = SteadyStates.fork(ms(8000, 8010, 7990, 8005, 6000, 6010, 6005, 4000), null, null);
        assertEquals(Shape.NO_STEADY_STATE, fork.shape());
        assertNull(fork.steadyFrom());
    }

    @Test
    void oneSlowIterationInsideOrAtTheEndIsAnInterruptionNotALevel() {
        assertEquals(Shape.FLAT, SteadyStates.fork(ms(4000, 4010, 5200, 4005, 4002, 4008), null, null).shape());
        assertEquals(Shape.FLAT, SteadyStates.fork(ms(4000, 4010, 4003, 4005, 4002, 5208), null, null).shape());
    }

    @Test
    void noiseAndShortForksAreFlatOrTooShort() {
        assertEquals(Shape.FLAT, SteadyStates.fork(ms(2270, 2390, 2310, 2250, 2330), null, null).shape());
        assertEquals(Shape.TOO_SHORT, SteadyStates.fork(ms(9000, 2000), null, null).shape());
    }

    @Test
    void aConfigurationCountsItsMarksAndLearnsTheLongestWarmupOfItsForks() {
        double[][] times = {ms(6690, 9380, 2310, 2330, 2290), ms(2300, 2310, 2290, 2305, 2298)};
        double[][] jit = {{0.3, 0.25, 0, 0, 0}, {0.4, 0, 0, 0.4, 0}};
        double[][] gc = {{0, 1e-4, 0, 0, 0}, {0, 0, 0, 0, 0}};
        ConfigurationRun run = Runs.pinned("1", 1, times, gc, jit);
        Steadiness s = SteadyStates.of(run);
        assertEquals(10, s.iterations());
        assertEquals(4, s.compilingIterations());
        assertEquals(1, s.collectingIterations());
        assertEquals(2, s.learnedWarmup());
        assertTrue(s.unsteady());
        Steadiness quiet = SteadyStates.of(Runs.pinned("1", 1, new double[][] {ms(2300, 2310, 2290)}, null, null));
        assertFalse(quiet.unsteady());
        Steadiness compiling = SteadyStates.of(Runs.pinned("1", 1, new double[][] {ms(2300, 2310, 2290)}, null,
                new double[][] {{0.5, 0.4, 0.3}}));
        assertEquals(3, compiling.compilingIterations());
        assertFalse(compiling.unsteady(), "compiling with flat times is marked, not unsteady");
        assertNull(quiet.compilingIterations(), "not measured is not zero");
    }

    @Test
    void aFamilyWhoseForkWasStillWarmingUpSaysSoInANoteAndKeepsEveryIteration() throws Exception {
        dev.factored.analysis.model.FamilyAnalysis family = new Fixtures.Entries()
                .add("baseline", new double[][] {ms(2000, 2010, 1990, 2005, 2001)}, null, Fixtures.baselineProfile())
                .add("1", new double[][] {ms(6690, 9380, 2310, 2330, 2290), ms(2300, 2310, 2290, 2305, 2298)}, null,
                        Fixtures.profiled(1, 1))
                .add("2", new double[][] {ms(1200, 1210, 1190, 1205, 1201)}, null, Fixtures.profiled(2, 2))
                .family();
        assertEquals(5, family.configuration(CoresValue.workers(1)).timeSamples()[0].length, "nothing dropped");
        assertEquals(List.of(Shape.WARMUP, Shape.FLAT), family.steadiness(CoresValue.workers(1)).forks().stream()
                .map(Steadiness.Fork::shape).toList());
        List<String> notes = family.explanation().notes().stream().filter(n -> n.kind().equals("unsteady"))
                .map(dev.factored.analysis.model.finding.Finding::text).toList();
        assertEquals(List.of("Not every fork had reached a steady state in its measured iterations: cores=1: 1 of 2 "
                + "forks were still warming up (steady from iteration 3; 2 of the configuration's 10 measured "
                + "iterations before it). Their iterations are all kept, so such a "
                + "configuration's time holds code that was still changing; a run with budget left measures a "
                + "configuration still warming up again with a longer warm-up, and more warm-up iterations (-wi) give "
                + "every fork more."), notes);
    }

    /** Microseconds as seconds. */
    private static double[] ms(double... micros) {
        double[] s = new double[micros.length];
        for (int i = 0; i < s.length; i++) {
            s[i] = micros[i] * 1e-6;
        }
        return s;
    }
}
