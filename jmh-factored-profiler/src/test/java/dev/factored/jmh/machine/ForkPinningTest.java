package dev.factored.jmh.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ForkPinningTest {

    private static final Path TASKSET = Path.of("/usr/bin/taskset");
    private static final ForkPinning.Host MASK = new ForkPinning.Host(CpuSet.parse("2-3,8-11"), null, TASKSET);

    @Test
    void firstNCpusOfTheMaskMeasuredAndTheNextTwoSpare() {
        ForkPinning two = ForkPinning.plan("b", ForkCores.of("2"), true, MASK);
        assertEquals(ForkPinning.State.PINNED, two.state());
        assertEquals("2-3", two.cpus());
        assertEquals("8-9", two.spareCpus());
        assertEquals(List.of("/usr/bin/taskset", "-c", "2-3,8-9"), two.invokeOptions());
        assertEquals(List.of("-XX:ActiveProcessorCount=2", "-Dfactored.pinnedCpus=2-3", "-Dfactored.pinning=pinned",
                "-Dfactored.spareCpus=8-9", "-Dfactored.taskset=/usr/bin/taskset"), two.jvmOptions());
        assertTrue(two.note().contains("the JVM's own threads (JIT, GC, service) on CPU 8-9"), two.note());

        ForkPinning four = ForkPinning.plan("b", ForkCores.of("4"), true, MASK);
        assertEquals("2-3,8-9", four.cpus());
        assertEquals("10-11", four.spareCpus());
        ForkPinning five = ForkPinning.plan("b", ForkCores.of("5"), true, MASK);
        assertEquals("11", five.spareCpus(), "only one CPU is left over");
        assertEquals(List.of("/usr/bin/taskset", "-c", "2-3,8-11"), five.invokeOptions());
        ForkPinning six = ForkPinning.plan("b", ForkCores.of("6"), true, MASK);
        assertEquals(List.of("/usr/bin/taskset", "-c", "2-3,8-11"), six.invokeOptions());
        assertNull(six.spareCpus(), "every allowed CPU is measured");
        assertTrue(six.jvmOptions().stream().noneMatch(o -> o.startsWith("-Dfactored.spareCpus")), six.toString());
        assertTrue(six.note().contains("no spare CPU: the JVM's own threads (JIT, GC) share the measured CPUs"),
                six.note());
    }

    @Test
    void aTurnIsPinnedForItsWidestMemberAndAlwaysToldHowToMoveItsThreads() {
        ForkPinning turn = ForkPinning.plan("b", ForkCores.of("baseline+1+2"), true, MASK);
        assertEquals(ForkPinning.State.PINNED, turn.state());
        assertEquals("2-3", turn.cpus());
        assertEquals("8-9", turn.spareCpus());
        assertEquals(List.of("/usr/bin/taskset", "-c", "2-3,8-9"), turn.invokeOptions());
        assertEquals(List.of("-XX:ActiveProcessorCount=2", "-Dfactored.pinnedCpus=2-3", "-Dfactored.pinning=pinned",
                "-Dfactored.spareCpus=8-9", "-Dfactored.taskset=/usr/bin/taskset", "-Dfactored.turnCpus=2,3"),
                turn.jvmOptions());
        assertTrue(turn.note().contains("b cores=baseline+1+2: pinned to CPUs 2-3") && turn.note().contains("in turn"),
                turn.note());

        ForkPinning wide = ForkPinning.plan("b", ForkCores.of("6+1"), true, MASK);
        assertNull(wide.spareCpus(), "every allowed CPU is measured");
        assertTrue(wide.jvmOptions().containsAll(List.of("-XX:ActiveProcessorCount=6",
                "-Dfactored.taskset=/usr/bin/taskset", "-Dfactored.turnCpus=2,3,8,9,10,11")), wide.toString());
        assertTrue(wide.note().contains("cores=1+6"), "the canonical spelling: " + wide.note());

        ForkPinning ordered = ForkPinning.plan("b", ForkCores.of("1+2"), true,
                new ForkPinning.Host(CpuSet.parse("0-3"), null,
                        TASKSET, new PinningOrder(List.of(0, 2, 1, 3), "0,2,1,3"), null));
        assertEquals("0,2", ordered.cpus());
        assertTrue(ordered.jvmOptions().contains("-Dfactored.turnCpus=0,2"), "in pinning order: " + ordered);

        // with the topology, each member's CPUs are labelled as its own fork's: two cores of SMT pairs 0/2 and 1/3
        List<CpuTopology.Cpu> smt = List.of(cpu(0, "a"), cpu(1, "b"), cpu(2, "a"), cpu(3, "b"));
        CpuTopology topology = new CpuTopology(smt, CpuSet.parse("0-3"), null, List.of());
        ForkPinning labelled = ForkPinning.plan("b", ForkCores.of("1+2+4"), true,
                new ForkPinning.Host(CpuSet.parse("0-3"), null,
                        TASKSET, PinningOrder.of(topology, null), topology));
        assertTrue(labelled.jvmOptions().contains("-Dfactored.turnCpus=0,1,2,3"), labelled.toString());
        assertTrue(labelled.jvmOptions().stream().anyMatch(o -> o.startsWith("-Dfactored.cpuLabels.1=")
                && o.contains("factored.physicalCores=1,factored.smt=0")), labelled.toString());
        assertTrue(labelled.jvmOptions().stream().anyMatch(o -> o.startsWith("-Dfactored.cpuLabels.2=")
                && o.contains("factored.physicalCores=2,factored.smt=0")), "two cores, no sibling: " + labelled);
        assertTrue(labelled.jvmOptions().stream().anyMatch(o -> o.startsWith("-Dfactored.cpuLabels.4=")
                && o.contains("factored.physicalCores=2,factored.smt=1")), labelled.toString());

        ForkPinning bad = ForkPinning.plan("b", ForkCores.of("1+span"), true, MASK);
        assertEquals(ForkPinning.State.NOT_FACTORED, bad.state());
        assertTrue(bad.note().contains("span") && bad.note().contains("not pinned"), bad.note());
    }

    private static CpuTopology.Cpu cpu(int id, String core) {
        return new CpuTopology.Cpu(id, core, 0, 0, 0, CpuTopology.Kind.UNKNOWN);
    }

    @Test
    void sequentialConfigurationsGetOneCpu() {
        for (String cores : new String[] {"baseline", "elision", "1"}) {
            ForkPinning p = ForkPinning.plan("b", ForkCores.of(cores), true, MASK);
            assertEquals("2", p.cpus(), cores);
            assertEquals("3,8", p.spareCpus(), cores);
            assertEquals(List.of("/usr/bin/taskset", "-c", "2-3,8"), p.invokeOptions(), cores);
            assertEquals("-XX:ActiveProcessorCount=1", p.jvmOptions().get(0), cores);
        }
    }

    @Test
    void oversubscribedPinsToAllAllowedAndSaysSo() {
        ForkPinning eight = ForkPinning.plan("bench.Sort.sort", ForkCores.of("8"), true, MASK);
        assertEquals(ForkPinning.State.OVERSUBSCRIBED, eight.state());
        assertEquals(List.of("/usr/bin/taskset", "-c", "2-3,8-11"), eight.invokeOptions());
        assertEquals(List.of("-XX:ActiveProcessorCount=6", "-Dfactored.pinnedCpus=2-3,8-11",
                "-Dfactored.pinning=oversubscribed"), eight.jvmOptions());
        assertTrue(eight.note().contains("OVERSUBSCRIBED") && eight.note().contains("8 wanted")
                && eight.note().contains("6 CPUs"), eight.note());
    }

    @Test
    void notPinnedWhenSwitchedOffOrImpossible() {
        ForkPinning off = ForkPinning.plan("b", ForkCores.of("2"), false, MASK);
        assertEquals(ForkPinning.State.DISABLED, off.state());
        assertEquals(List.of(), off.invokeOptions());
        assertEquals(List.of("-Dfactored.pinning=disabled"), off.jvmOptions());
        assertTrue(off.note().contains("NOT pinned") && off.note().contains("pin=false"), off.note());

        ForkPinning noTaskset = ForkPinning.plan("b", ForkCores.of("2"), true,
                new ForkPinning.Host(CpuSet.parse("0-1"), null, null));
        assertEquals(ForkPinning.State.UNAVAILABLE, noTaskset.state());
        assertEquals(List.of(), noTaskset.invokeOptions());
        assertTrue(noTaskset.note().contains("taskset"), noTaskset.note());

        ForkPinning noLinux = ForkPinning.plan("b", ForkCores.of("2"), true,
                new ForkPinning.Host(null, "not Linux: no /proc/self/status", TASKSET));
        assertEquals(ForkPinning.State.UNAVAILABLE, noLinux.state());
        assertEquals(List.of("-Dfactored.pinning=unavailable"), noLinux.jvmOptions());
        assertTrue(noLinux.note().contains("not Linux"), noLinux.note());
        assertNull(noLinux.cpus());
    }

    @Test
    void benchmarksWithoutCoresAreLeftAlone() {
        ForkPinning none = ForkPinning.plan("bench.Other.run", ForkCores.of((String) null), true, MASK);
        assertEquals(ForkPinning.State.NOT_FACTORED, none.state());
        assertEquals(List.of(), none.invokeOptions());
        assertEquals(List.of("-Dfactored.pinning=not-factored"), none.jvmOptions());
        assertTrue(none.note().contains("bench.Other.run") && none.note().contains("no 'cores'"), none.note());

        ForkPinning bad = ForkPinning.plan("bench.Other.run", ForkCores.of("lots"), true, MASK);
        assertEquals(ForkPinning.State.NOT_FACTORED, bad.state());
        assertTrue(bad.note().contains("\"lots\""), bad.note());
    }

    @Test
    void statesRoundTripThroughTheProperty() {
        for (ForkPinning.State s : ForkPinning.State.values()) {
            assertEquals(s, ForkPinning.State.ofProperty(s.property()));
        }
        assertNull(ForkPinning.State.ofProperty(null));
        assertNull(ForkPinning.State.ofProperty("maybe"));
    }

    @Test
    void findsExecutablesOnThePath(@TempDir Path dir) throws IOException {
        Path bin = Files.createDirectory(dir.resolve("bin"));
        Path tool = Files.writeString(bin.resolve("taskset"), "#!/bin/sh\n");
        assertNull(ForkPinning.findOnPath("taskset", dir + ":" + bin), "not executable yet");
        assertTrue(tool.toFile().setExecutable(true));
        assertEquals(tool.toAbsolutePath(), ForkPinning.findOnPath("taskset", "::" + dir + ":" + bin));
        assertNull(ForkPinning.findOnPath("taskset", null));
        assertNull(ForkPinning.findOnPath("taskset", dir.toString()));
    }
}
