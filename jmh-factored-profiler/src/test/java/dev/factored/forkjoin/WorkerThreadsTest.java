package dev.factored.forkjoin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A worker's Linux id is registered while it lives and forgotten when it ends, so that a later thread that Linux
 * gives the same id is not taken for a worker (issue 27, item 6).
 */
class WorkerThreadsTest {

    @Test
    void workersAreForgottenWhenTheyEnd() {
        assumeTrue(Files.isSymbolicLink(Path.of("/proc/thread-self")), "no /proc/thread-self here");
        Set<Long> before = WorkerThreads.registered();
        Set<Long> factored;
        try (FactoredPool pool = FactoredPool.withWorkers(2)) {
            factored = new HashSet<>(WorkerThreads.registered());
            factored.removeAll(before);
            assertEquals(2, factored.size(), "the FactoredPool's two workers registered: " + factored);
        }
        Set<Long> measured;
        try (MeasuredForkJoinPool pool = MeasuredForkJoinPool.withWorkers(3)) {
            measured = new HashSet<>(WorkerThreads.registered());
            measured.removeAll(before);
            assertEquals(3, measured.size(), "the measured pool's three workers registered: " + measured);
        }
        Set<Long> after = WorkerThreads.registered();
        for (long tid : factored) {
            assertTrue(!after.contains(tid), "ended FactoredPool worker " + tid + " still registered");
        }
        for (long tid : measured) {
            assertTrue(!after.contains(tid), "ended measured-pool worker " + tid + " still registered");
        }
    }
}
