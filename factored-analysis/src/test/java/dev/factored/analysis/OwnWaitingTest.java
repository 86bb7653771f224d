package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.measurement.Interference;
import dev.factored.analysis.model.point.Point;
import org.junit.jupiter.api.Test;

/**
 * The program's own waiting is not "other processes" (issue 43.2). A parallel stream at P = 2 runs its caller beside the
 * two workers: three runnable threads on two CPUs, so its threads wait for a CPU behind each other. On a quiet machine
 * the profiler's per-iteration cap (the foreign time taken at 0 or above) still let 406 µs of a 1,803 µs operation read
 * as waiting behind other processes, 0.225x of the 2x, while the machine section said other processes took 1.5 % of
 * the CPUs. D_P is now never more than what that section states: here 1.5 % of 2 CPUs' 1,803 µs, 54 µs, and the rest
 * of the wait stays in the time off-CPU, the program's own.
 */
class OwnWaitingTest {

    @Test
    void waitingBehindTheProgramsOwnThreadsIsNotOtherProcesses() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", Fixtures.constant(3.2e-3), null, Fixtures.baselineProfile()).machine(0.0, 0, 0)
                .add("1", Fixtures.constant(3.3e-3), Fixtures.constant(0.0), Fixtures.estimated(1, 1)).machine(0.0, 0, 3.3e-3)
                .add("2", Fixtures.constant(1.803e-3), Fixtures.constant(0.7e-3), Fixtures.estimated(2, 2))
                .machine(0.015, 0.406e-3, 3.6e-3)
                .family();
        Point two = f.point(2);
        Interference machine = f.measurement().interference().stream().filter(i -> i.cores().toString().equals("2"))
                .findFirst().orElseThrow();
        double took = machine.share().value() * 2; // of the 2x, as the components table reads it
        assertEquals(0.015, machine.share().value(), 1e-9);
        assertTrue(two.losses().interference().value() <= took + 1e-12,
                two.losses().interference() + " against the machine section's " + took);
        assertEquals(0.015 * 2 * 1.803e-3, two.times().descheduledTime().value(), 1e-9, "54 µs, not 406 µs");
        // the rest of the wait is the program's: in its time off-CPU, 700 − 54 µs
        assertEquals(0.7e-3 - 0.015 * 2 * 1.803e-3, two.times().idleTime().value(), 1e-9);
    }
}
