package dev.factored.jmh.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The spare CPUs a fork gets when the coupling test finds some candidates slow the measured CPUs. */
class CpuCouplingTest {

    private static final Path TASKSET = Path.of("/usr/bin/taskset");

    /** A machine of 4 CPUs that says nothing of its cores, where CPU 1 is coupled to CPU 0 (as a hidden sibling). */
    private static ForkPinning.Host host(List<String> asked) {
        return new ForkPinning.Host(CpuSet.parse("0-3"), null, TASKSET,
                new PinningOrder(List.of(0, 1, 2, 3), PinningOrder.PLAIN), null, (measured, candidate) -> {
                    asked.add(measured + "/" + candidate);
                    boolean coupled = measured.contains(0) && candidate == 1;
                    return new CpuCoupling.Finding(candidate, 0, coupled ? 0.27 : 0.01, null);
                });
    }

    @Test
    void aCoupledCandidateIsNoSpareAndTheNoteSaysWhy() {
        List<String> asked = new ArrayList<>();
        ForkPinning one = ForkPinning.plan("b", "1", true, host(asked));
        assertEquals("0", one.cpus());
        assertEquals("2-3", one.spareCpus(), "CPU 1 slows CPU 0: the next two candidates are spare");
        assertEquals(List.of("-c", "0,2-3"), one.invokeOptions().subList(1, 3));
        assertTrue(one.note().contains("not spare: work on CPU 1 slows CPU 0 by 27 % (measured)"), one.note());
        assertEquals(List.of("[0]/1", "[0]/2", "[0]/3"), asked);
    }

    @Test
    void withEveryCandidateCoupledTheJvmsThreadsShareTheMeasuredCpus() {
        ForkPinning.Host coupledEverywhere = new ForkPinning.Host(CpuSet.parse("0-1"), null, TASKSET,
                new PinningOrder(List.of(0, 1), PinningOrder.PLAIN), null,
                (measured, candidate) -> new CpuCoupling.Finding(candidate, 0, 0.27, null));
        ForkPinning baseline = ForkPinning.plan("b", "baseline", true, coupledEverywhere);
        assertNull(baseline.spareCpus());
        assertEquals(List.of("-c", "0"), baseline.invokeOptions().subList(1, 3),
                "pinned whole to its one CPU, as a JVM under taskset -c 0");
        assertTrue(baseline.note().contains("no spare CPU"), baseline.note());
    }

    @Test
    void anUntestableCandidateStaysSpareAsBefore() {
        ForkPinning.Host untestable = new ForkPinning.Host(CpuSet.parse("0-1"), null, TASKSET,
                new PinningOrder(List.of(0, 1), PinningOrder.PLAIN), null,
                (measured, candidate) -> new CpuCoupling.Finding(candidate, -1, 0, "no taskset"));
        assertEquals("1", ForkPinning.plan("b", "1", true, untestable).spareCpus());
    }

    /** The real test on this machine: it finishes, gives a finite slowdown, and asks each pair once per JVM. */
    @Test
    void theMeasurementRunsOnThisMachine() {
        assumeTrue(Files.isExecutable(TASKSET) && Runtime.getRuntime().availableProcessors() >= 2
                && Files.exists(Path.of("/proc/thread-self/schedstat")), "needs Linux, taskset and two CPUs");
        CpuCoupling coupling = new CpuCoupling(TASKSET.toString());
        long start = System.nanoTime();
        CpuCoupling.Finding first = coupling.test(List.of(0), 1);
        long took = System.nanoTime() - start;
        assertNull(first.unmeasuredBecause());
        assertTrue(Double.isFinite(first.slowdown()) && first.slowdown() < 1, first.describe());
        assertEquals(0, first.slowedCpu());
        long again = System.nanoTime();
        assertEquals(first, coupling.test(List.of(0), 1), "kept, not measured again");
        assertTrue(System.nanoTime() - again < took / 10, "the second answer comes from the first test");
    }
}
