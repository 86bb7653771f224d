package dev.factored.jmh.machine;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

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

    @Test
    void theFirstReadingNamesNobody() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/self/stat")), "needs Linux /proc");
        ForeignProcesses reader = new ForeignProcesses(Path.of("/proc"), CpuSet.readAllowed(CpuSet.PROC_SELF_STATUS),
                ProcessHandle.current().pid());
        assertTrue(reader.since(1e9, 0, 3).isEmpty());
    }
}
