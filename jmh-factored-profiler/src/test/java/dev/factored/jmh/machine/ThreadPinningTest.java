package dev.factored.jmh.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ThreadPinningTest {

    @Test
    void theJvmsThreadsGoToTheSpareCpusThePausesWorkersToBothTheRestStays() {
        assertEquals(JvmThreads.Place.SPARE, JvmThreads.place("C2 CompilerThre"));
        assertEquals(JvmThreads.Place.SPARE, JvmThreads.place("C1 CompilerThre"));
        assertEquals(JvmThreads.Place.SPARE, JvmThreads.place("G1 Conc#0"));
        assertEquals(JvmThreads.Place.SPARE, JvmThreads.place("VM Thread"));
        assertEquals(JvmThreads.Place.SPARE, JvmThreads.place("process reaper"));
        assertEquals(JvmThreads.Place.SPARE, JvmThreads.place("factored-thread"));
        assertEquals(JvmThreads.Place.SPARE, JvmThreads.place("java"), "the launcher's main thread: JMH's harness");
        assertEquals(JvmThreads.Place.ANY, JvmThreads.place("GC Thread#3"));
        for (String program : new String[] {"javac", "dev.factored.ex", "ForkJoinPool.co", "ForkJoinPool-1-",
                "factored-pool-0", "factored-plain-", "main"}) {
            assertEquals(JvmThreads.Place.MEASURED, JvmThreads.place(program), program);
        }
    }

    /**
     * Real threads of this JVM, moved with the real taskset: a thread named like a JIT compiler thread ends on the
     * spare CPU, a program thread on the measured one; everything is put back on all CPUs afterwards.
     */
    @Test
    void movesRealThreadsAndChecksTheirAffinity() throws Exception {
        Path taskset = Path.of("/usr/bin/taskset");
        assumeTrue(Files.isExecutable(taskset) && Files.isReadable(CpuSet.PROC_SELF_STATUS), "Linux with taskset");
        CpuSet all = CpuSet.readAllowed(CpuSet.PROC_SELF_STATUS);
        assumeTrue(all.size() >= 2, "two CPUs");
        int[] cpus = all.toArray();
        CpuSet measured = CpuSet.of(java.util.List.of(cpus[0]));
        CpuSet spare = CpuSet.of(java.util.List.of(cpus[1]));
        CountDownLatch done = new CountDownLatch(1);
        AtomicLong compilerTid = new AtomicLong();
        AtomicLong programTid = new AtomicLong();
        CountDownLatch started = new CountDownLatch(2);
        Thread compiler = parked("C2 CompilerThread-lookalike", compilerTid, started, done);
        Thread program = parked("benchmark-thread", programTid, started, done);
        started.await();
        try {
            ThreadPinning pinning = new ThreadPinning(measured, spare, taskset.toString(), ThreadPinning.TASKS);
            ThreadPinning.Pass first = pinning.apply();
            assertNull(first.problem(), first.toString());
            assertEquals(0, first.misplaced(), first.toString());
            assertEquals(spare, allowed(compilerTid.get()));
            assertEquals(measured, allowed(programTid.get()));
            ThreadPinning.Pass second = pinning.apply();
            assertTrue(second.moved() <= 1, "at most the JDK's process reaper, born in the first pass: " + second);
            ThreadPinning.Pass third = pinning.apply();
            assertEquals(0, third.moved(), "nothing is moved twice: " + third);
        } finally {
            new ThreadPinning(all, all, taskset.toString(), ThreadPinning.TASKS).apply();
            done.countDown();
            compiler.join();
            program.join();
        }
        assertEquals(all, CpuSet.readAllowed(Path.of("/proc/thread-self/status")));
    }

    /** A taskset that cannot move threads (missing, or refused) is found out by reading the affinity back. */
    @Test
    void aMoveThatDidNotHappenIsAProblem() throws Exception {
        assumeTrue(Files.isReadable(CpuSet.PROC_SELF_STATUS), "Linux");
        CpuSet all = CpuSet.readAllowed(CpuSet.PROC_SELF_STATUS);
        assumeTrue(all.size() >= 2, "two CPUs");
        int[] cpus = all.toArray();
        ThreadPinning.Pass pass = new ThreadPinning(CpuSet.of(java.util.List.of(cpus[0])),
                CpuSet.of(java.util.List.of(cpus[1])), "/nonexistent/taskset", ThreadPinning.TASKS).apply();
        assertTrue(pass.misplaced() > 0, pass.toString());
        assertTrue(pass.problem() != null && pass.problem().contains("did not change the affinity"), pass.toString());
        assertEquals(all, CpuSet.readAllowed(Path.of("/proc/thread-self/status")), "nothing moved");
    }

    private static CpuSet allowed(long tid) throws Exception {
        return CpuSet.readAllowed(ThreadPinning.TASKS.resolve(Long.toString(tid)).resolve("status"));
    }

    private static Thread parked(String name, AtomicLong tid, CountDownLatch started, CountDownLatch done) {
        Thread t = new Thread(() -> {
            try {
                String link = Files.readSymbolicLink(Path.of("/proc/thread-self")).toString();
                tid.set(Long.parseLong(link.substring(link.lastIndexOf('/') + 1)));
                started.countDown();
                done.await();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, name);
        t.start();
        return t;
    }
}
