package dev.factored.jmh.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The wait for quiet compilers: it ends with the first look (1 ms) in which their time did not grow, or at its limit;
 * the compilers are the threads Linux names {@code C1/C2 CompilerThre…} in {@code /proc/self/task}.
 */
class CompilerQuietTest {

    /** Compilers that ran 1 ms in each of the first {@code busyLooks} looks, then nothing; counts the reads. */
    private static CompilerQuiet compilingFor(int busyLooks, AtomicInteger reads) {
        return new CompilerQuiet(() -> {
            int read = reads.getAndIncrement(); // read 0 starts the wait, read k ends look k
            return 70_000_000L + Math.min(read, busyLooks) * 1_000_000L;
        });
    }

    @Test
    void aCompilerThatRunsIsWaitedForUntilALookFindsItIdle() {
        AtomicInteger reads = new AtomicInteger();
        CompilerQuiet.Wait wait = compilingFor(5, reads).await(10_000_000_000L);
        assertTrue(wait.quiet());
        assertEquals(7, reads.get(), "the start, five busy looks and the quiet one");
        assertEquals(5_000_000, wait.busyNanos(), "the compiling it waited through");
        assertTrue(wait.waitedNanos() >= 6 * CompilerQuiet.LOOK_NANOS, "six looks of 1 ms: " + wait);
    }

    @Test
    void idleCompilersEndTheWaitAtTheFirstLook() {
        AtomicInteger reads = new AtomicInteger();
        CompilerQuiet.Wait wait = compilingFor(0, reads).await(10_000_000_000L);
        assertTrue(wait.quiet());
        assertEquals(2, reads.get());
        assertEquals(0, wait.busyNanos());
    }

    @Test
    void theLimitEndsAWaitForCompilersThatNeverStop() {
        CompilerQuiet.Wait wait = compilingFor(Integer.MAX_VALUE, new AtomicInteger()).await(20_000_000L);
        assertFalse(wait.quiet(), "still busy at the limit: " + wait);
        assertTrue(wait.waitedNanos() >= 20_000_000L);
        assertTrue(wait.busyNanos() >= 1_000_000L, "a millisecond of compiling in every look: " + wait);
    }

    private static void task(Path tasks, long tid, String comm, long ranNanos) throws IOException {
        Path dir = Files.createDirectories(tasks.resolve(Long.toString(tid)));
        Files.writeString(dir.resolve("comm"), comm + "\n");
        Files.writeString(dir.resolve("schedstat"), ranNanos + " 1234 56\n");
    }

    @Test
    void theCompilersAreTheThreadsNamedSoAndTheirTimeIsTheSchedulers(@TempDir Path tasks) throws IOException {
        task(tasks, 10, "java", 5_000_000);
        task(tasks, 11, "C2 CompilerThre", 70_000_000);
        task(tasks, 12, "C1 CompilerThre", 9_000_000);
        Files.createDirectories(tasks.resolve("not-a-thread"));
        CompilerQuiet.Wait wait = new CompilerQuiet(tasks).await(1_000_000_000L);
        assertNotNull(wait);
        assertTrue(wait.quiet(), "nothing changes in these files: " + wait);
        assertEquals(0, wait.busyNanos());
    }

    @Test
    void withoutACompilerThreadThereIsNothingToWaitFor(@TempDir Path tasks) throws IOException {
        task(tasks, 10, "java", 5_000_000);
        assertNull(new CompilerQuiet(tasks).await(1_000_000_000L));
        assertNull(new CompilerQuiet(tasks.resolve("missing")).await(1_000_000_000L));
        assertNull(new CompilerQuiet(() -> -1).await(1_000_000_000L));
    }

    @Test
    void thisJvmsCompilersAreFoundAndComeToRest() {
        assumeTrue(Files.isReadable(ThreadPinning.TASKS.resolve(Long.toString(ProcessHandle.current().pid()))
                .resolve("schedstat")), "Linux with schedstat");
        CompilerQuiet.Wait wait = new CompilerQuiet(ThreadPinning.TASKS).await(5_000_000_000L);
        assertNotNull(wait, "this JVM's C1 and C2 threads are found by name");
        assertTrue(wait.quiet(), "within 5 s: " + wait);
    }
}
