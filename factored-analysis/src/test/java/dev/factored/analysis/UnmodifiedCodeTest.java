package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.finding.Finding;
import dev.factored.analysis.model.point.Point;
import dev.factored.contract.CoresValue;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Unmodified fork/join code: idle estimated from CPU time, no elision, no span run. */
class UnmodifiedCodeTest {

    @Test
    void idleIsLabelledEstimatedAndTheOneWorkerElisionIsLeftOut() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile())
                .add("elision", Fixtures.constant(1.1), Fixtures.constant(0.01), Fixtures.estimated(1, 1))
                .add("1", Fixtures.constant(1.1), Fixtures.constant(0.01), Fixtures.estimated(1, 1))
                .add("2", Fixtures.constant(0.8), Fixtures.constant(0.4), Fixtures.estimated(2, 2))
                .family();
        assertEquals("estimated", f.idleSource());
        assertNull(f.times().elisionTime(), "a one-worker run is not an elision");
        assertNull(f.configuration(CoresValue.ELISION_VALUE));
        assertNull(f.point(2).losses().scheduling());
        assertEquals(0.4 / 0.8, f.point(2).losses().idle().value(), 1e-12);
        Point two = f.point(2);
        assertEquals((1.1 - 1.0) / 0.8, two.losses().overhead().value(), 1e-12, "T_1 - T_s over T_P, not split");
        assertEquals(2, two.speedups().actual().value() + two.losses().overhead().value() + two.losses().idle().value()
                + two.losses().inflation().value(), 1e-9, "the parts still add up to P");
        // Roth's factors too: the unsplit one-worker overhead is a factor of its own (issue 34: they held only work)
        var r = two.factors();
        assertEquals((1.1 - 1.0) / (2 * 0.8), r.overhead().value(), 1e-12);
        assertEquals(0.4 / (2 * 0.8), r.distribution().value(), 1e-12, "distribution is the idle time alone");
        assertEquals(1, r.work().value() + r.distribution().value() + r.delay().value() + r.overhead().value()
                + (r.machine() == null ? 0 : r.machine().value()), 1e-9, "the factors add up to 1");
        assertTrue(f.explanation().warnings().stream().noneMatch(w -> w.contains("elision") || w.contains("span")),
                "nothing about elision or span where the path cannot have them: " + f.explanation().warnings());
        assertTrue(f.explanation().warnings().stream().anyMatch(w -> w.startsWith("The idle time is time off-CPU, estimated from the CPU time")),
                f.explanation().warnings().toString());
        Finding overhead = f.explanation().findings().stream().filter(x -> x.kind().equals("one-worker-overhead")).findFirst()
                .orElseThrow(() -> new AssertionError(f.explanation().findings().toString()));
        assertTrue(overhead.text().startsWith("One worker takes 1.10x the baseline's time"), overhead.text());
        Finding idle = f.explanation().findings().stream().filter(x -> x.kind().equals("idle")).findFirst().orElseThrow();
        assertTrue(idle.text().startsWith("At 2 cores time off-CPU (idle estimated from the threads' CPU time) costs "
                + "0.500x of the 2x: the threads that can work were off the CPU; the causes"), idle.text());
        assertTrue(!idle.text().contains("lacks parallelism") && !idle.text().contains("too few tasks"), idle.text());
        assertTrue(!overhead.text().contains("threshold"), "no threshold advice without a threshold param");
    }

    @Test
    void theIdleFindingSaysWhatTheLooksFoundTheThreadsDoing() throws Exception {
        // The profiler looked at the threads off the CPU at P = 2: 70 % parked in their pool, 20 % in a join, 10 % on a lock
        Map<String, Double> looked = Fixtures.estimated(2, 2);
        looked.put("factored.waitingForWork", 0.7);
        looked.put("factored.waitingInJoin", 0.2);
        looked.put("factored.blocked", 0.1);
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile())
                .add("1", Fixtures.constant(1.1), Fixtures.constant(0.01), Fixtures.estimated(1, 1))
                .add("2", Fixtures.constant(0.8), Fixtures.constant(0.4), looked)
                .family();
        Finding idle = f.explanation().findings().stream().filter(x -> x.kind().equals("idle")).findFirst().orElseThrow();
        assertTrue(idle.text().contains("the threads that can work were off the CPU; looked at every 10 ms, a thread off "
                + "the CPU was waiting for work in 70.0% of the looks, waiting for a result (a join, a future) in 20.0% "
                + "and blocked (a lock, a queue, sleep, I/O) in 10.0%"), idle.text());
        assertTrue(!idle.text().contains("not told apart"), idle.text());
    }

    @Test
    void estimatedIdleAndNegativeInflationAreOneEffect() throws Exception {
        // 2 workers, T_2 = 0.55, estimated idle 0.35 per op: F_2 = 2·0.55 − 0.35 − 1.0 = −0.25 (negative inflation)
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile())
                .add("1", Fixtures.constant(1.0), Fixtures.constant(0.0), Fixtures.estimated(1, 1))
                .add("2", Fixtures.constant(0.55), Fixtures.constant(0.35), Fixtures.estimated(2, 2))
                .family();
        java.util.List<String> kinds = f.programFindings().stream().map(Finding::kind).toList();
        assertTrue(kinds.contains("idle-or-inflation"), f.explanation().findings().toString());
        assertTrue(!kinds.contains("idle") && !kinds.contains("inflation-gain"),
                "not both an idle cause and a gain: " + f.explanation().findings());
        Finding both = f.explanation().findings().stream().filter(x -> x.kind().equals("idle-or-inflation")).findFirst()
                .orElseThrow();
        assertTrue(both.text().startsWith("At 2 cores the estimated time off-CPU (0.636x of the 2x) and the negative "
                + "work inflation (-0.455x) cannot be told apart"), both.text());
        assertTrue(both.text().endsWith("together they cost 0.182x of the 2x."), both.text());
        assertTrue(both.evidence().containsKey("idleLoss") && both.evidence().containsKey("inflationLoss"));
    }

    @Test
    void aSpeedupAbovePDoesNotNameAnInflationTheEstimateCannotSplit() throws Exception {
        // The review's case: T_s = 1.2, T_1 = 1.0, T_2 = 0.55, estimated idle 0.35: speedup 2.18x at P = 2, F_2 = −0.25
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.2), null, Fixtures.baselineProfile())
                .add("1", Fixtures.constant(1.0), Fixtures.constant(0.0), Fixtures.estimated(1, 1))
                .add("2", Fixtures.constant(0.55), Fixtures.constant(0.35), Fixtures.estimated(2, 2))
                .family();
        Finding headline = f.explanation().findings().stream().filter(x -> x.kind().equals("superlinear")).findFirst()
                .orElseThrow(() -> new AssertionError(f.explanation().findings().toString()));
        assertTrue(!headline.text().contains("work of one"), "the headline must not state the inflation that "
                + "idle-or-inflation says cannot be told apart: " + headline.text());
        assertTrue(f.explanation().findings().stream().anyMatch(x -> x.kind().equals("idle-or-inflation")), f.explanation().findings().toString());
    }

    @Test
    void idleThatIsGcIsCalledGcAndSparesAreLabelled() throws Exception {
        // T_2 = 0.8 with 0.4 estimated idle per op; GC paused both workers for 0.15 of it: 2·0.15 = 75 % of the idle
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile())
                .add("1", Fixtures.constant(1.2), Fixtures.constant(0.0), Fixtures.estimated(1, 1)).jvm(0.0, 0)
                .add("2", Fixtures.constant(0.8), Fixtures.constant(0.4), Fixtures.estimated(2, 2)).jvm(0.15, 3)
                .family();
        Point two = f.point(2);
        assertEquals(0.15, two.conditions().gcTime().value(), 1e-12);
        assertEquals(3, two.conditions().spareThreads());
        Finding idle = f.explanation().findings().stream().filter(x -> x.kind().equals("idle")).findFirst().orElseThrow();
        assertTrue(idle.text().contains("mostly in GC: GC pauses took 150 ms per operation, stopping all 2 workers: "
                + "75.0% of the time off-CPU"), idle.text());
        assertTrue(idle.evidence().containsKey("gcTime"), idle.evidence().toString());
        String headline = f.explanation().headline().text();
        assertTrue(headline.contains("The loss that matters most: idle time, mostly GC pauses: GC 150 ms per operation "
                + "at 2 workers (major); allocate less per operation"), headline);
        assertTrue(f.explanation().warnings().stream().anyMatch(w -> w.startsWith("The common pool started spare threads at cores=2 "
                + "(3 spares)")), f.explanation().warnings().toString());
    }

    /**
     * A boxed parallel stream as a user's suite measured it (issue 43): T_s 92.7 ms, T_1 982 ms, T_2 363 ms, the
     * collector's pauses 644 ms per operation at one worker, 212 ms at two, none at the baseline; the time off-CPU
     * (estimated idle) holds the pauses: 650 ms at one worker, 450 ms at two. The collector is the cause: of T_1 − T_s
     * (889 ms) 644 ms, and of the negative work inflation at 2 (2·363 − 450 − 982 = −706 ms) the 644 ms of pauses T_1
     * holds, which at two workers are time off-CPU, not work. The headline named "running as tasks on one worker" with
     * advice for larger tasks, and the inflation finding said that no measurement explains the gain.
     */
    @Test
    void lossesTheCollectorExplainsAreSaidToBeItsWithItsTimeAtEachP() throws Exception {
        FamilyAnalysis f = boxedStream(0.0, 0.65, 0.363, 0.45, 0.212);
        String headline = f.explanation().headline().text();
        assertTrue(headline.contains("The loss that matters most: one-worker overhead, mostly GC pauses: GC 644 ms per "
                + "operation on one worker and 212 ms at 2 workers, against none at the baseline (major); allocate less "
                + "per operation (boxed values, temporary objects), or give the heap more room or another collector."),
                headline);
        assertFalse(headline.contains("larger tasks"), headline);
        Finding overhead = f.explanation().findings().stream().filter(x -> x.kind().equals("one-worker-overhead"))
                .findFirst().orElseThrow();
        assertTrue(overhead.text().contains("its pauses took 644 ms per operation on one worker against none at the "
                + "baseline: 644 ms more in pauses, where one worker takes 889 ms more than the baseline in all"),
                overhead.text());
        Finding gain = f.explanation().findings().stream().filter(x -> x.kind().equals("inflation-gain"))
                .findFirst().orElseThrow(() -> new AssertionError(f.explanation().findings().toString()));
        assertTrue(gain.text().contains("mostly the collector: one worker's time holds 644 ms of pauses per operation, "
                + "which at 2 workers are time off-CPU (212 ms per operation), never work; the work is 706 ms less in "
                + "all."), gain.text());
        assertFalse(gain.text().contains("no measurement"), gain.text());
    }

    /**
     * T_s 92.7 ms and T_1 982 ms with 644 ms of pauses at one worker; the baseline's pauses, the idle at one worker,
     * T_2 with its idle and pauses as given (seconds per operation).
     */
    private static FamilyAnalysis boxedStream(double baselineGc, double idleAtOne, double t2, double idleAtTwo,
            double gcAtTwo) throws Exception {
        return new Fixtures.Entries()
                .add("baseline", Fixtures.constant(0.0927), null, Fixtures.baselineProfile()).jvm(baselineGc, 0)
                .add("1", Fixtures.constant(0.982), Fixtures.constant(idleAtOne), Fixtures.estimated(1, 1)).jvm(0.644, 0)
                .add("2", Fixtures.constant(t2), Fixtures.constant(idleAtTwo), Fixtures.estimated(2, 2)).jvm(gcAtTwo, 0)
                .family();
    }

    /** The same times with the collector's pauses equal at the baseline and one worker: not the collector's loss. */
    @Test
    void pausesTheBaselineTakesTooDoNotExplainTheOverhead() throws Exception {
        FamilyAnalysis f = boxedStream(0.6, 0.0, 0.6, 0.1, 0.322);
        assertFalse(f.explanation().headline().text().contains("GC"), f.explanation().headline().text());
        f.explanation().findings().forEach(x -> assertFalse(x.text().contains("the collector"), x.text()));
    }

    @Test
    void adviceNamesTheThresholdOnlyWhereTheBenchmarkHasOne() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries().params(Map.of("threshold", "1000"))
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile())
                .add("1", Fixtures.constant(1.5), Fixtures.constant(0.0), Fixtures.estimated(1, 1))
                .add("2", Fixtures.constant(0.8), Fixtures.constant(0.1), Fixtures.estimated(2, 2))
                .family();
        Finding overhead = f.explanation().findings().stream().filter(x -> x.kind().equals("one-worker-overhead")).findFirst()
                .orElseThrow(() -> new AssertionError(f.explanation().findings().toString()));
        assertTrue(overhead.text().contains("raising threshold lowers the second"), overhead.text());
    }

    @Test
    void theInstrumentedPoolIsInstrumented() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile())
                .add("elision", Fixtures.constant(1.05), null, Fixtures.profiled(0, 1))
                .add("1", Fixtures.constant(1.1), Fixtures.constant(0.01), Fixtures.profiled(1, 1))
                .add("2", Fixtures.constant(0.8), Fixtures.constant(0.4), Fixtures.profiled(2, 2))
                .family();
        assertEquals("instrumented", f.idleSource());
        assertNull(f.point(2).losses().overhead(), "split into algorithmic and scheduling when there is an elision");
        FamilyAnalysis none = new Fixtures.Entries().add("baseline", Fixtures.constant(1.0), null, Map.of())
                .add("2", Fixtures.constant(0.8), null, Map.of()).family();
        assertNull(none.idleSource());
    }
}
