package dev.factored.jmh.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A process that burns a CPU beside the fork is named, with its pid (issue 24). */
class ForeignProcessesTest {

    @Test
    void aChildThatBurnsACpuIsNamedWithItsPid() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/self/stat")), "needs Linux /proc");
        CpuSet cpus = CpuSet.readAllowed(CpuSet.PROC_SELF_STATUS);
        ForeignProcesses reader = new ForeignProcesses(Path.of("/proc"), cpus, ProcessHandle.current().pid());
        Process burner = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
        try {
            reader.since(1, 0, 3);
            long start = System.nanoTime();
            Thread.sleep(600);
            double cpuNanos = (System.nanoTime() - start) * (double) cpus.size();
            List<ForeignProcesses.Taker> takers = reader.since(cpuNanos, 0.02, 5);
            // alone it takes one CPU of the allowed ones; beside a CPU-bound neighbour still about half of one
            ForeignProcesses.Taker taker = takers.stream().filter(t -> t.process().pid() == burner.pid())
                    .findFirst().orElseThrow(() -> new AssertionError("not named: " + takers));
            assertTrue(taker.process().command().equals("sh"), taker.toString());
            assertTrue(taker.share() > 0.2 / cpus.size(), taker.toString());
        } finally {
            burner.destroyForcibly().waitFor();
        }
    }

    /**
     * A turn's fork ({@code cores=1+2}) weighs a process by its share of the iteration's member's CPUs: one that may run
     * on CPUs 0-1 took half as much from member 1's CPU 0 as from member 2's CPUs 0-1 in the same CPU time.
     */
    @Test
    void aProcessIsWeighedByTheCpusMeasuredNow(@TempDir Path proc) throws Exception {
        Path process = Files.createDirectories(proc.resolve("100"));
        Files.writeString(process.resolve("status"), "Name:\tburner\nCpus_allowed_list:\t0-1\n");
        ForeignProcesses reader = new ForeignProcesses(proc, CpuSet.parse("0-1"), 1);
        writeTicks(process, 0);
        assertTrue(reader.since(1e9, 0, 3).isEmpty(), "the first reading names nobody");
        reader.measure(CpuSet.parse("0"));
        writeTicks(process, 100); // 1 s of CPU time
        assertEquals(0.5, reader.since(1e9, 0, 3).get(0).share(), 1e-9, "half of it on CPU 0");
        reader.measure(CpuSet.parse("0-1"));
        writeTicks(process, 200);
        assertEquals(1.0, reader.since(1e9, 0, 3).get(0).share(), 1e-9, "all of it on CPUs 0-1, the same interval");
    }

    /** A {@code /proc/<pid>/stat} line with {@code ticks} of user time. */
    private static void writeTicks(Path process, long ticks) throws Exception {
        Files.writeString(process.resolve("stat"), "100 (burner) R 1 1 1 0 -1 0 0 0 0 0 " + ticks + " 0 0 0\n");
    }

    @Test
    void theFirstReadingNamesNobody() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/self/stat")), "needs Linux /proc");
        ForeignProcesses reader = new ForeignProcesses(Path.of("/proc"), CpuSet.readAllowed(CpuSet.PROC_SELF_STATUS),
                ProcessHandle.current().pid());
        assertTrue(reader.since(1e9, 0, 3).isEmpty());
    }
}
