package dev.factored.jmh.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Known answers of what other processes took from the spare CPUs the JVM's own threads ran on ({@link SpareDelta}). */
class SpareDeltaTest {

    private static final Interference.Role JVM = Interference.Role.JVM;
    private static final Interference.Role WORKER = Interference.Role.WORKER;
    private static final Interference.Role OTHER = Interference.Role.OTHER;
    private static final JvmThreads.Place MEASURED = JvmThreads.Place.MEASURED;
    private static final JvmThreads.Place SPARE = JvmThreads.Place.SPARE;
    private static final JvmThreads.Place ANY = JvmThreads.Place.ANY;

    private static Interference.ThreadTime thread(long cpuMillis, long waitMillis, Interference.Role role,
            JvmThreads.Place place) {
        return new Interference.ThreadTime(cpuMillis * 1_000_000L, waitMillis * 1_000_000L, role, place);
    }

    private static Map<Long, Interference.ThreadTime> atStart() {
        return Map.of(1L, thread(0, 0, WORKER, MEASURED), 2L, thread(0, 0, JVM, SPARE), 3L, thread(0, 0, OTHER, SPARE),
                4L, thread(0, 0, JVM, ANY));
    }

    /**
     * 1 s, one measured and one spare CPU. The worker ran the whole second on its CPU; on the spare one the compiler
     * ran 100 ms and waited 60 ms, the harness's thread ran 20 ms, a pause worker 30 ms (it may have run on either),
     * and the spare CPU was busy 100 ticks: other processes took 1 s − 150 ms = 850 ms of it.
     */
    @Test
    void theJvmThreadsWaitIsSplitBetweenOtherProcessesAndTheJvmsOwnThreads() {
        Interference.Reading start = new Interference.Reading(new long[] {0}, new long[] {0}, 0, atStart(), true,
                new long[] {0}, new long[] {0});
        Interference.Reading end = new Interference.Reading(new long[] {100}, new long[] {100}, 1_150_000_000L,
                Map.of(1L, thread(1000, 5, WORKER, MEASURED), 2L, thread(100, 60, JVM, SPARE),
                        3L, thread(20, 40, OTHER, SPARE), 4L, thread(30, 0, JVM, ANY)), true,
                new long[] {100}, new long[] {100});
        SpareDelta spare = Interference.between(start, end).spare();
        assertNotNull(spare);
        assertEquals(1e9, spare.cpuNanos(), 1);
        assertEquals(0.85e9, spare.foreignNanos(), 1);
        assertEquals(0.85, spare.share(), 1e-12);
        assertEquals(60e6, spare.jvmWaitNanos(), 1, "the JVM's threads only: the harness's wait is not theirs");
        // other processes ran 850 ms, the JVM's threads there 150 ms: 85 % of the wait is the machine's
        assertEquals(60e6 * 0.85, spare.machineWaitNanos(), 1);
    }

    /** A neighbour that took the whole spare CPU while the JVM's threads there never waited cost them nothing. */
    @Test
    void aBusySpareCpuOnWhichTheJvmsThreadsNeverWaitedCostsNothing() {
        Interference.Reading start = new Interference.Reading(new long[] {0}, new long[] {0}, 0, atStart(), true,
                new long[] {0}, new long[] {0});
        Interference.Reading end = new Interference.Reading(new long[] {100}, new long[] {100}, 1_000_000_000L,
                Map.of(1L, thread(1000, 0, WORKER, MEASURED), 2L, thread(0, 0, JVM, SPARE)), true,
                new long[] {100}, new long[] {100});
        SpareDelta spare = Interference.between(start, end).spare();
        assertEquals(1.0, spare.share(), 1e-12);
        assertEquals(0, spare.machineWaitNanos(), 0);
    }

    /**
     * Two compilers crowd one quiet spare CPU: they wait behind each other, which is the JVM's own crowding; the tick
     * rounding reads the CPU 10 ms short of their time (a signed reading below 0), and none of their 800 ms of wait is
     * the machine's: its part is the signed reading itself, -10 ms, which iterations whose ticks read 10 ms over cancel
     * in the mean (the one rule of the split, {@link WaitSplit}).
     */
    @Test
    void theJvmThreadsWaitingBehindEachOtherIsNotTheMachines() {
        Map<Long, Interference.ThreadTime> begin = Map.of(2L, thread(0, 0, JVM, SPARE), 5L, thread(0, 0, JVM, SPARE));
        Interference.Reading start = new Interference.Reading(new long[] {0}, new long[] {0}, 0, begin, true,
                new long[] {0}, new long[] {0});
        Interference.Reading end = new Interference.Reading(new long[] {0}, new long[] {100}, 1_000_000_000L,
                Map.of(2L, thread(500, 400, JVM, SPARE), 5L, thread(500, 400, JVM, SPARE)), true,
                new long[] {99}, new long[] {100});
        SpareDelta spare = Interference.between(start, end).spare();
        assertEquals(-0.01, spare.share(), 1e-12);
        assertEquals(800e6, spare.jvmWaitNanos(), 1);
        assertEquals(-10e6, spare.machineWaitNanos(), 1);
    }

    /** A real reader of a placement apart reads the spare CPUs' ticks beside the measured ones, from one /proc/stat. */
    @Test
    void aReaderOfThreadsApartReadsTheSpareCpus() throws Exception {
        int[] allowed;
        try {
            allowed = CpuSet.readAllowed(CpuSet.PROC_SELF_STATUS).toArray();
        } catch (java.io.IOException e) {
            allowed = new int[0];
        }
        assumeTrue(allowed.length >= 2, "needs two allowed CPUs");
        ThreadPinning apart = new ThreadPinning(CpuSet.of(List.of(allowed[0])), CpuSet.of(List.of(allowed[1])),
                "taskset", ThreadPinning.TASKS);
        StringBuilder why = new StringBuilder();
        Interference reader = Interference.openOrWhy(apart, why);
        assumeTrue(reader != null, why.toString());
        Interference.Reading first = reader.read();
        Thread.sleep(30);
        Interference.Reading second = reader.read();
        assertEquals(1, first.cpuBusyTicks().length);
        assertEquals(1, first.spareBusyTicks().length);
        SpareDelta spare = Interference.between(first, second).spare();
        assertNotNull(spare);
        assertEquals(spare.cpuNanos(), Interference.between(first, second).cpuNanos(), 2 * Interference.NANOS_PER_TICK,
                "one CPU each, the same wall time");
    }

    /** A fork whose JVM threads share the measured CPUs has no spare ones: nothing is said of them. */
    @Test
    void withoutSpareCpusThereIsNoSpareFigure() {
        Interference.Reading start = new Interference.Reading(new long[] {0}, new long[] {0}, 0, atStart(), false);
        Interference.Reading end = new Interference.Reading(new long[] {100}, new long[] {100}, 1_000_000_000L,
                atStart(), false);
        assertNull(Interference.between(start, end).spare());
    }
}
