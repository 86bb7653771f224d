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
     * A turn's member runs where its own fork would: the program on the first P CPUs of the fork's list in pinning
     * order (not of the sorted list), the JVM's threads on the spare CPUs, and where the fork has none, on the CPUs the
     * member does not measure, for the widest member on its own.
     */
    @Test
    void aTurnsMemberRunsOnItsFirstCpusInPinningOrderAndTheJvmApartWherePossible() {
        java.util.List<Integer> order = java.util.List.of(0, 2, 1, 3);
        CpuSet spare = CpuSet.parse("4-5");
        ThreadPinning one = ThreadPinning.ofTurnMember(order, spare, 1, "taskset", ThreadPinning.TASKS);
        assertEquals(CpuSet.parse("0"), one.measured());
        assertEquals(spare, one.spare());
        assertTrue(one.apart());
        ThreadPinning two = ThreadPinning.ofTurnMember(order, spare, 2, "taskset", ThreadPinning.TASKS);
        assertEquals(CpuSet.parse("0,2"), two.measured(), "the first two in pinning order, as a fork of 2 has them");
        ThreadPinning eight = ThreadPinning.ofTurnMember(order, spare, 8, "taskset", ThreadPinning.TASKS);
        assertEquals(CpuSet.parse("0-3"), eight.measured(), "oversubscribed: all of the fork's measured CPUs");

        java.util.List<Integer> noSpare = java.util.List.of(0, 1);
        ThreadPinning narrow = ThreadPinning.ofTurnMember(noSpare, null, 1, "taskset", ThreadPinning.TASKS);
        assertEquals(CpuSet.parse("0"), narrow.measured());
        assertEquals(CpuSet.parse("1"), narrow.spare(), "the CPU a fork of 1 alone would have had spare");
        assertTrue(narrow.apart());
        ThreadPinning widest = ThreadPinning.ofTurnMember(noSpare, null, 2, "taskset", ThreadPinning.TASKS);
        assertEquals(CpuSet.parse("0-1"), widest.measured());
        assertEquals(CpuSet.parse("0-1"), widest.spare(), "no spare CPU: the JVM's threads share the measured ones");
        assertTrue(!widest.apart());
        ThreadPinning baseline = ThreadPinning.ofTurnMember(noSpare, null, 0, "taskset", ThreadPinning.TASKS);
        assertEquals(CpuSet.parse("0"), baseline.measured(), "at least one CPU");
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
