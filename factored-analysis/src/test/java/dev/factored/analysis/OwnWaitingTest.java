package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.diagnosis.words.LossNames;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.measurement.Interference;
import dev.factored.analysis.model.point.Losses;
import dev.factored.analysis.model.point.Point;
import org.junit.jupiter.api.Test;

/**
 * The program's own waiting is never "other processes" (issue 43.2). A parallel stream at P = 2 runs its caller beside
 * the two workers: three runnable threads on two CPUs, so its threads wait for a CPU behind each other. On a quiet
 * machine the profiler's per-iteration cap (the foreign time taken at 0 or above, before it was signed) still let
 * 406 µs of a 1,803 µs operation read as waiting behind other processes, 0.225x of the 2x, while the machine section
 * said other processes took 1.5 % of the CPUs. D_P is never more than what that section states, here 1.5 % of 2 CPUs'
 * 1,803 µs, 54 µs; the rest of the workers' wait ({@code factored.workerWait}) is the program's own waiting, its own
 * part of the losses, and the parts still add up to P.
 */
class OwnWaitingTest {

    /** The Decomposition figures: estimated idle (time off-CPU holds the whole wait). */
    @Test
    void waitingBehindTheProgramsOwnThreadsIsItsOwnPart() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", Fixtures.constant(3.2e-3), null, Fixtures.baselineProfile()).machine(0.0, 0, 0)
                .add("1", Fixtures.constant(3.3e-3), Fixtures.constant(0.0), Fixtures.estimated(1, 1)).machine(0.0, 0, 3.3e-3)
                .workerWait(0)
                .add("2", Fixtures.constant(1.803e-3), Fixtures.constant(0.7e-3), Fixtures.estimated(2, 2))
                .machine(0.015, 0.406e-3, 3.6e-3).workerWait(0.5e-3)
                .family();
        Point two = f.point(2);
        Interference machine = f.measurement().interference().stream().filter(i -> i.cores().toString().equals("2"))
                .findFirst().orElseThrow();
        double took = machine.share().value() * 2; // of the 2x, as the components table reads it
        assertEquals(0.015, machine.share().value(), 1e-9);
        assertTrue(two.losses().interference().value() <= took + 1e-12,
                two.losses().interference() + " against the machine section's " + took);
        double other = 0.015 * 2 * 1.803e-3; // 54 µs, not 406 µs
        assertEquals(other, two.times().descheduledTime().value(), 1e-9);
        // the rest of the workers' 500 µs wait is the program's own, its own part
        assertEquals(0.5e-3 - other, two.times().ownWaitingTime().value(), 1e-9);
        assertEquals((0.5e-3 - other) / 1.803e-3, two.losses().ownWaiting().value(), 1e-9);
        // and neither is left in the time off-CPU: 700 − 500 µs
        assertEquals(0.7e-3 - 0.5e-3, two.times().idleTime().value(), 1e-9);
        assertAddsUpToP(two);
        assertEquals(two.losses().ownWaiting().value() / 2, two.factors().ownWaiting().value(), 1e-12);
        // a finding says it, in the one name every view uses
        var finding = f.explanation().findings().stream().filter(x -> x.kind().equals("own-waiting")).findFirst()
                .orElseThrow(() -> new AssertionError(f.explanation().findings().toString()));
        assertEquals(2, finding.cores());
        assertTrue(finding.text().contains("behind the program's own threads") && finding.text().contains("not other"),
                finding.text());
        // the headline and the one-line summaries (report table, summary.md, console) name it the same way
        assertTrue(f.explanation().headline().text().contains("The loss that matters most: own threads' waiting"),
                f.explanation().headline().text());
        assertTrue(LossNames.biggestLoss(f, two).startsWith("own threads' waiting 0.247x"), LossNames.biggestLoss(f, two));
    }

    /**
     * The instrumented pool at P = 2: T_2 = 1 ms, idle 0.2 ms, so 1.8 ms of busy worker time, all of it runnable, of
     * which the workers waited 0.6 ms for a CPU; other processes took 1 % of the 2 CPUs (20 µs). T_1 = 1.2 ms of work,
     * so the work inflation is 0 once both waits are out: 2 − 0.2 − 1.2 − 0.02 − 0.58 ms.
     */
    @Test
    void theInstrumentedPoolsOwnWaitingIsTakenOutOfInflation() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.2e-3), null, Fixtures.baselineProfile()).machine(0.0, 0, 0)
                .add("elision", Fixtures.constant(1.2e-3), null, Fixtures.baselineProfile()).machine(0.0, 0, 0)
                .add("1", Fixtures.constant(1.2e-3), Fixtures.constant(0.0), Fixtures.profiled(1, 1))
                .machine(0.0, 0, 1.2e-3).workerWait(0)
                .add("2", Fixtures.constant(1.0e-3), Fixtures.constant(0.2e-3), Fixtures.profiled(2, 2))
                .machine(0.01, 0.6e-3, 1.8e-3).workerWait(0.6e-3)
                .family();
        Point two = f.point(2);
        assertEquals(0.02, two.losses().interference().value(), 1e-9, "1 % of 2 CPUs, of the 2x");
        assertEquals(0.58, two.losses().ownWaiting().value(), 1e-9);
        assertEquals(0.0, two.losses().inflation().value(), 1e-9);
        assertEquals(0.2, two.losses().idle().value(), 1e-9, "the idle time is the pool's, untouched");
        assertAddsUpToP(two);
    }

    /** A file from before the profiler published the workers' whole wait: no own part, the rest as it was. */
    @Test
    void withoutTheWorkersWholeWaitThereIsNoOwnPart() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", Fixtures.constant(3.2e-3), null, Fixtures.baselineProfile()).machine(0.0, 0, 0)
                .add("1", Fixtures.constant(3.3e-3), Fixtures.constant(0.0), Fixtures.estimated(1, 1)).machine(0.0, 0, 3.3e-3)
                .add("2", Fixtures.constant(1.803e-3), Fixtures.constant(0.7e-3), Fixtures.estimated(2, 2))
                .machine(0.015, 0.406e-3, 3.6e-3)
                .family();
        Point two = f.point(2);
        assertNull(two.losses().ownWaiting());
        assertNull(two.times().ownWaitingTime());
        assertEquals(0.7e-3 - 0.015 * 2 * 1.803e-3, two.times().idleTime().value(), 1e-9);
    }

    private static void assertAddsUpToP(Point point) {
        Losses l = point.losses();
        double sum = point.speedups().actual().value() + l.idle().value() + l.inflation().value()
                + l.interference().value() + l.ownWaiting().value()
                + (l.overhead() != null ? l.overhead().value() : l.algorithmic().value() + l.scheduling().value());
        assertEquals(point.cores(), sum, 1e-9, "the parts add up to P");
    }
}
