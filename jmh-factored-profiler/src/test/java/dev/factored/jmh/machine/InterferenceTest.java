package dev.factored.jmh.machine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Known answers of the interference figures: recorded text for the arithmetic, and real child JVMs pinned with
 * taskset to one CPU, alone and beside a spinning neighbour pinned to the same CPU (the scheduler then gives each
 * half of it).
 */
class InterferenceTest {

    private static final Path TASKSET = Path.of("/usr/bin/taskset");

    /**
     * With the JVM's threads apart, a worker that ran the whole iteration on the measured CPU and ended before its end
     * (the trial's teardown closes the pool inside the last iteration) is still the program's time: the process's CPU
     * time keeps it. Only the spare CPUs' threads are left out.
     */
    @Test
    void aWorkerThatEndedInTheIterationIsStillTheProgramsTime() {
        Interference.ThreadTime workerAtStart = new Interference.ThreadTime(0, 0, Interference.Role.WORKER, JvmThreads.Place.MEASURED);
        Interference.ThreadTime compilerAtStart = new Interference.ThreadTime(0, 0, Interference.Role.JVM, JvmThreads.Place.SPARE);
        Interference.Reading start = new Interference.Reading(new long[] {0}, new long[] {0}, 0,
                Map.of(1L, workerAtStart, 2L, compilerAtStart), true);
        // 200 ms: the worker ran 150 ms on the measured CPU and ended; the compiler ran 50 ms on the spare one
        Interference.Reading end = new Interference.Reading(new long[] {15}, new long[] {20}, 200_000_000L,
                Map.of(2L, new Interference.ThreadTime(50_000_000L, 0, Interference.Role.JVM, JvmThreads.Place.SPARE)), true);
        Interference.Delta d = Interference.between(start, end);
        assertEquals(0, d.foreignNanos(), 1e-6);
        assertEquals(0, d.jvmShare(), 1e-12, "the compiler ran apart");
    }

    @Test
    void aJvmThreadWithoutSpareCpusRunsOnTheMeasuredOnes() {
        // no spare CPU: the compiler's time there is the JVM's share of the measured CPUs (it read 0 when placed by name)
        assertEquals(JvmThreads.Place.MEASURED, JvmThreads.place("C2 CompilerThre", false));
        assertEquals(JvmThreads.Place.MEASURED, JvmThreads.place("java", false));
        assertEquals(JvmThreads.Place.ANY, JvmThreads.place("GC Thread#0", false));
        assertEquals(JvmThreads.Place.SPARE, JvmThreads.place("C2 CompilerThre", true));
        assertEquals(JvmThreads.Place.MEASURED, JvmThreads.place("factored-pool-2", true));
    }

    @Test
    void parsesProcStatOfTheGivenCpus() {
        String stat = "cpu  27638 0 6556 23639 358 0 345 0 0 0\n"
                + "cpu0 100 1 20 300 4 5 6 7 50 0\n"
                + "cpu1 13250 0 3343 12254 268 0 186 0 0 0\n"
                + "intr 275776 0 0\n";
        long[][] busyTotal = Interference.parseStat(stat, new int[] {0});
        // busy = user + nice + system + irq + softirq + steal (guest is inside user); idle and iowait are not
        assertArrayEquals(new long[] {100 + 1 + 20 + 5 + 6 + 7}, busyTotal[0]);
        assertArrayEquals(new long[] {100 + 1 + 20 + 300 + 4 + 5 + 6 + 7}, busyTotal[1]);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Interference.parseStat(stat, new int[] {3}));
        assertTrue(e.getMessage().contains("CPU 3"), e.getMessage());
    }

    @Test
    void parsesSchedstatAndTellsTheJvmsThreads() {
        assertArrayEquals(new long[] {969828942L, 44420873L}, Interference.parseSchedstat("969828942 44420873 369\n"));
        for (String jvm : List.of("GC Thread#0", "G1 Conc#0", "C2 CompilerThre", "VM Thread", "ZWorker#1")) {
            assertTrue(JvmThreads.isJvmThread(jvm), jvm);
        }
        for (String program : List.of("java", "ForkJoinPool-1-", "dev.factored.ex", "factored-worke", "Zebra")) {
            assertFalse(JvmThreads.isJvmThread(program), program);
        }
    }

    @Test
    void deltaSplitsTheProgramsDelayBetweenItsCompetitors() {
        // one CPU, 100 ticks = 1 s: 80 busy ticks, of which this JVM ran 0.5 s; the JVM's own threads 0.1 s of it
        Interference.Role worker = Interference.Role.WORKER;
        Interference.Role jvm = Interference.Role.JVM;
        Interference.Role other = Interference.Role.OTHER;
        Interference.Reading start = new Interference.Reading(new long[] {0}, new long[] {0}, 0,
                Map.of(1L, new Interference.ThreadTime(0, 0, worker), 2L, new Interference.ThreadTime(0, 0, jvm)), false);
        Interference.Reading end = new Interference.Reading(new long[] {80}, new long[] {100}, 500_000_000L,
                Map.of(1L, new Interference.ThreadTime(400_000_000L, 400_000_000L, worker),
                        2L, new Interference.ThreadTime(100_000_000L, 50_000_000L, jvm),
                        3L, new Interference.ThreadTime(0, 10_000_000L, other)), false); // a thread started meanwhile
        Interference.Delta d = Interference.between(start, end);
        assertEquals(1e9, d.cpuNanos(), 1);
        assertEquals(0.3e9, d.foreignNanos(), 1);
        assertEquals(0.3, d.share(), 1e-12);
        assertEquals(0.41e9, d.programDelayNanos(), 1, "the JVM's own threads' delay is not the program's");
        assertEquals(0.1e9, d.jvmCpuNanos(), 1);
        // other processes took 0.3 s of the CPU, the JVM's own threads 0.1 s: the machine's part of a wait is 3/4,
        // and no more than the 0.3 s the other processes ran
        assertEquals(Math.min(0.3e9, 0.41e9 * 0.75), d.machineDelayNanos(), 1);
        assertEquals(0.4e9 * 0.75, d.workerDelayNanos(), 1, "only the worker's wait");
        assertEquals(0.4e9, d.workerWaitNanos(), 1);
        assertEquals(0.4e9, d.workerCpuNanos(), 1);
    }

    /**
     * A parallel stream at P = 2 runs its caller beside two workers on two CPUs: the threads wait behind each other.
     * With the JVM's threads apart and other processes taking 2 % of the CPUs, only that 2 % is the machine's part of
     * the program's wait, the rest is the program's own crowding (issue 34.3: the caller is never the machine's).
     */
    @Test
    void theProgramsOwnThreadsCrowdingIsNotTheMachines() {
        Interference.Role worker = Interference.Role.WORKER;
        Interference.Role other = Interference.Role.OTHER;
        JvmThreads.Place measured = JvmThreads.Place.MEASURED;
        Interference.Reading start = new Interference.Reading(new long[] {0, 0}, new long[] {0, 0}, 0,
                Map.of(1L, new Interference.ThreadTime(0, 0, worker, measured),
                        2L, new Interference.ThreadTime(0, 0, worker, measured),
                        3L, new Interference.ThreadTime(0, 0, other, measured)), true);
        // 1 s on two CPUs, both busy throughout: the program ran 1.96 s; each of its three threads waited a third
        Interference.Reading end = new Interference.Reading(new long[] {100, 100}, new long[] {100, 100},
                1_960_000_000L, Map.of(1L, new Interference.ThreadTime(650_000_000L, 340_000_000L, worker, measured),
                        2L, new Interference.ThreadTime(650_000_000L, 340_000_000L, worker, measured),
                        3L, new Interference.ThreadTime(660_000_000L, 340_000_000L, other, measured)), true);
        Interference.Delta d = Interference.between(start, end);
        assertEquals(0.04e9, d.foreignNanos(), 1);
        assertEquals(1.02e9, d.programDelayNanos(), 1);
        assertEquals(0.04e9, d.machineDelayNanos(), 1, "the machine's part is at most what other processes ran");
        assertEquals(0.04e9, d.workerDelayNanos(), 1);
    }

    /**
     * The machine's part of a wait is capped by the iteration's foreign time as read, signed: on a quiet machine the
     * ticks read a little below 0 as often as above, and a program crowding itself must not fill the positive half with
     * its own wait (issue 43: 406 µs of a 1,803 µs operation against 1.5 % of the CPUs). Two iterations whose readings
     * are +10 ms and -10 ms of noise around a true 0 give the machine 0 in the mean, whatever the program waited.
     */
    @Test
    void theMachinesPartIsCappedByTheSignedForeignTimeSoNoiseAveragesOut() {
        double wait = 300e6; // the program's own crowding: 300 ms of wait in each iteration
        double up = WaitSplit.machinePart(wait, 10e6, 0);
        double down = WaitSplit.machinePart(wait, -10e6, 0);
        assertEquals(10e6, up, 1);
        assertEquals(-10e6, down, 1);
        assertEquals(0, (up + down) / 2, 1, "the mean over iterations keeps none of the ticks' noise");
        // a real neighbour is still the machine's, up to what it ran, in proportion to the JVM's threads' time
        assertEquals(40e6, WaitSplit.machinePart(wait, 40e6, 0), 1);
        assertEquals(20e6 * 0.75, WaitSplit.machinePart(20e6, 30e6, 10e6), 1, "3/4 of the competitors' time");
    }

    @Test
    void thePoolsWorkersAreToldFromTheOtherThreads() throws Exception {
        StringBuilder why = new StringBuilder();
        Interference reader = Interference.openOrWhy(null, why);
        assumeTrue(reader != null, why.toString());
        try (dev.factored.forkjoin.FactoredPool pool = dev.factored.forkjoin.FactoredPool.withWorkers(3);
             dev.factored.forkjoin.MeasuredForkJoinPool plain = dev.factored.forkjoin.MeasuredForkJoinPool
                     .withWorkers(2)) {
            Interference.Reading reading = reader.read();
            long workers = reading.threads().values().stream()
                    .filter(t -> t.role() == Interference.Role.WORKER).count();
            assertTrue(workers >= 5, "3 + 2 prestarted workers registered, found " + workers + " among "
                    + reading.threads().size() + " threads");
            assertTrue(reading.threads().values().stream().anyMatch(t -> t.role() == Interference.Role.JVM));
            assertTrue(reading.threads().values().stream().anyMatch(t -> t.role() == Interference.Role.OTHER),
                    "this test's own thread is neither the JVM's nor a worker");
        }
    }

    @Test
    void aQuietForkSeesAlmostNoInterference() throws Exception {
        int cpu = idlestCpu();
        List<double[]> windows = probe(cpu, 5, 1000, -1);
        // A quiet window is one in which the probe's own thread never waited to run (the kernel's schedstat, a count
        // independent of /proc/stat) and neither the hypervisor nor the kernel's interrupts took its CPU: there nothing
        // else ran on it, and the share must say so. (Steal is interference too, and the share counts it: a window
        // with 0.36 stolen and no wait read 0.36.)
        double[] quiet = windows.stream().filter(w -> w[2] < 0.005 && w[3] < 0.005).mapToDouble(w -> w[0])
                .toArray();
        assumeTrue(quiet.length > 0, "no quiet second on CPU " + cpu + " (the machine is busy): " + describe(windows));
        double mean = Arrays.stream(quiet).average().orElseThrow();
        System.out.println("[InterferenceTest] alone on CPU " + cpu + ": mean share of " + quiet.length
                + " quiet windows " + String.format(Locale.ROOT, "%.4f", mean) + "; " + describe(windows));
        assertTrue(mean < 0.01, "interference share alone: " + describe(windows));
    }

    @Test
    void aNeighbourOnTheForksCpuTakesHalfOfIt() throws Exception {
        int cpu = idlestCpu();
        Process neighbour = new ProcessBuilder(TASKSET.toString(), "-c", Integer.toString(cpu), "sh", "-c",
                "while :; do :; done").redirectErrorStream(true).start();
        try {
            Thread.sleep(200);
            assertTrue(neighbour.isAlive(), "the neighbour did not start");
            List<double[]> windows = probe(cpu, 5, 400, neighbour.pid());
            consistent(windows);
            System.out.println("[InterferenceTest] beside a spinning neighbour on CPU " + cpu + ": "
                    + describe(windows));
            // Two runnable processes share one CPU evenly. A third one (another build on this CPU), or the probe
            // blocked for a while, breaks the construction: only windows with the two alone are judged.
            List<double[]> two = windows.stream().filter(InterferenceTest::twoAlone).toList();
            assumeTrue(two.size() >= 3, "the probe and the neighbour were not alone on CPU " + cpu + ": "
                    + describe(windows));
            double median = two.stream().mapToDouble(w -> w[0]).sorted().toArray()[two.size() / 2];
            assertEquals(0.5, median, 0.10, "interference share beside the neighbour: " + describe(windows));
            assertTrue(two.stream().mapToDouble(w -> w[1]).sorted().toArray()[two.size() / 2] > 0.3,
                    "the probe's thread waited behind the neighbour for a share of its time: " + describe(windows));
        } finally {
            neighbour.destroyForcibly().waitFor();
        }
    }

    /**
     * A probe thread that is runnable throughout a window waits exactly while another thread runs on its one CPU, and
     * the hypervisor's steal and the kernel's interrupts are the rest of what it lost, so the foreign share of the CPU
     * and the thread's wait per wall time plus those agree (to the tick resolution), however many others shared the
     * CPU. A window in which the probe was not runnable for a while (blocked reading /proc or loading a class on a
     * busy machine) is not judged: there the others ran while it did not want the CPU, and the share is rightly
     * higher than its wait (0.70 for a wait of 0.51 once, with three other builds running).
     */
    private static void consistent(List<double[]> windows) {
        for (double[] w : windows) {
            if (w[5] >= RUNNABLE) {
                assertEquals(w[2] + w[3], w[0], 0.06, "foreign share vs the probe's own wait, the steal and the "
                        + "interrupts: " + describe(windows));
            }
        }
    }

    /** The share of a window the probe must have been runnable in (running or waiting) for it to be judged. */
    private static final double RUNNABLE = 0.97;

    /**
     * Whether the probe and the neighbour were the only runnable threads on the CPU and the probe wanted it throughout:
     * their two waits then fill the window (within 0.06).
     */
    private static boolean twoAlone(double[] window) {
        return window[5] >= RUNNABLE && window[4] >= 0 && Math.abs(window[2] + window[4] - 1) <= 0.06;
    }

    /**
     * Runs {@link InterferenceProbe} pinned to one CPU: it spins for {@code windows} windows of {@code millis} ms and
     * prints each window's interference share, machine delay and own run-queue delay per wall time.
     */
    private static List<double[]> probe(int cpu, int windows, int millis, long neighbour)
            throws IOException, InterruptedException {
        assumeTrue(Files.isExecutable(TASKSET), "taskset is needed to pin the probe");
        assumeTrue(Files.isReadable(Interference.PROC_STAT), "not Linux");
        List<String> command = new ArrayList<>(List.of(TASKSET.toString(), "-c", Integer.toString(cpu),
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:+UseSerialGC", "-Xint",
                "-cp", System.getProperty("java.class.path"), InterferenceProbe.class.getName(),
                Integer.toString(windows), Integer.toString(millis)));
        if (neighbour > 0) {
            command.add(Long.toString(neighbour));
        }
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), output);
        List<double[]> rows = new ArrayList<>();
        for (String line : output.split("\n")) {
            if (line.startsWith("window ")) {
                String[] f = line.split(" ");
                rows.add(new double[] {Double.parseDouble(f[1]), Double.parseDouble(f[2]), Double.parseDouble(f[3]),
                        Double.parseDouble(f[4]), Double.parseDouble(f[5]), Double.parseDouble(f[6])});
            }
        }
        assertEquals(windows, rows.size(), output);
        return rows;
    }

    private static String describe(List<double[]> windows) {
        StringBuilder sb = new StringBuilder("windows (share, machine delay, own wait per wall time, stolen or interrupts, neighbour's wait, runnable):");
        for (double[] w : windows) {
            sb.append(String.format(Locale.ROOT, " (%.3f, %.3f, %.3f, %.3f, %.3f, %.3f)", w[0], w[1], w[2], w[3], w[4],
                    w[5]));
        }
        return sb.toString();
    }

    private static final double MOSTLY_FREE = 0.5;

    /** The allowed CPU that was idlest over a short look, so that the test does not share a CPU with a neighbour. */
    private static int idlestCpu() throws IOException, InterruptedException {
        assumeTrue(Files.isReadable(Interference.PROC_STAT), "not Linux");
        int[] cpus = CpuSet.readAllowed(CpuSet.PROC_SELF_STATUS).toArray();
        long[][] before = Interference.parseStat(Files.readString(Interference.PROC_STAT), cpus);
        Thread.sleep(300);
        long[][] after = Interference.parseStat(Files.readString(Interference.PROC_STAT), cpus);
        int best = 0;
        double lowest = Double.MAX_VALUE;
        for (int i = 0; i < cpus.length; i++) {
            double busy = (after[0][i] - before[0][i]) / (double) Math.max(1, after[1][i] - before[1][i]);
            if (busy < lowest) {
                lowest = busy;
                best = i;
            }
        }
        System.out.println("[InterferenceTest] CPUs " + Arrays.toString(cpus) + ": CPU " + cpus[best] + " was idlest ("
                + String.format(Locale.ROOT, "%.0f %% busy", 100 * lowest) + ")");
        // The constructions need a CPU that others leave mostly free: with every CPU busy (three builds on two CPUs,
        // load 8) the kernel's tick-sampled counts part from the probe's own by up to 0.30 in a window.
        assumeTrue(lowest <= MOSTLY_FREE, "every CPU was busier than " + (int) (100 * MOSTLY_FREE) + " %: the machine "
                + "is too busy to construct a known share");
        return cpus[best];
    }
}
