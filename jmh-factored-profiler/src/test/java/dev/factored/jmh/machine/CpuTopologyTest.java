package dev.factored.jmh.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Topology, pinning order, labels and default configurations of recorded machines (src/test/resources/topology). */
class CpuTopologyTest {

    private static CpuTopology fixture(String name) {
        try {
            Path root = Path.of(CpuTopologyTest.class.getResource("/topology/" + name).toURI());
            return CpuTopology.read(root.resolve("sys"), root.resolve("cgroup"), root.resolve("status"));
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<Integer> range(int from, int to) {
        return IntStream.range(from, to).boxed().toList();
    }

    private static List<Integer> concat(List<Integer> a, List<Integer> b) {
        List<Integer> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    @Test
    void twoSocketsWithSiblingsNAndNPlus32() {
        CpuTopology t = fixture("two-sockets");
        assertEquals(64, t.cpus().size());
        assertEquals(32, CpuTopology.cores(t.cpus()).size());
        assertNull(t.quotaCpus(), "cpu.max 'max' is no quota");
        PinningOrder order = PinningOrder.of(t, null);
        // socket 0's cores 0-15, socket 1's 16-31, then the siblings 32-63 in the same order
        assertEquals(concat(range(0, 32), range(32, 64)), order.cpus());

        CpuLabels p16 = CpuLabels.of(t, order.first(16));
        assertEquals(16, p16.physicalCores());
        assertFalse(p16.smt());
        assertEquals(1, p16.numaNodes());
        assertEquals(1, p16.sockets());
        CpuLabels p32 = CpuLabels.of(t, order.first(32));
        assertEquals(32, p32.physicalCores());
        assertFalse(p32.smt());
        assertEquals(2, p32.numaNodes());
        assertEquals(2, p32.sockets());
        CpuLabels p33 = CpuLabels.of(t, order.first(33));
        assertEquals(32, p33.physicalCores());
        assertTrue(p33.smt(), "P = 33 takes CPU 32, the sibling of CPU 0");
        assertEquals(-1, p33.performanceCpus(), "not a hybrid machine: kinds unknown");

        assertEquals(List.of("baseline", "elision", "span", "1", "2", "4", "8", "16", "32", "64", "bandwidth-32"),
                names(DefaultCores.of(t, order)));
        assertEquals(range(0, 64), PinningOrder.of(t, "plain").cpus());
    }

    @Test
    void vmWithAdjacentSiblingsTakesEveryOtherCpuFirst() {
        CpuTopology t = fixture("vm-adjacent");
        PinningOrder order = PinningOrder.of(t, PinningOrder.TOPOLOGY);
        assertEquals(List.of(0, 2, 4, 6, 1, 3, 5, 7), order.cpus());
        CpuLabels p2 = CpuLabels.of(t, order.first(2));
        assertEquals(2, p2.physicalCores());
        assertFalse(p2.smt(), "P = 2 gets two cores, not one core's two hyperthreads");
        CpuLabels plain2 = CpuLabels.of(t, PinningOrder.of(t, "plain").first(2));
        assertEquals(1, plain2.physicalCores());
        assertTrue(plain2.smt(), "the plain order's P = 2 is one core's two hyperthreads");
        assertTrue(CpuLabels.of(t, order.first(5)).smt());
        assertNull(t.quotaCpus(), "cgroup v1 quota -1 is no quota");
        assertEquals(List.of("baseline", "elision", "span", "1", "2", "4", "8", "bandwidth-4"),
                names(DefaultCores.of(t, order)));
    }

    @Test
    void hybridLaptopPerformanceCoresFirstThenEfficiencyThenSiblings() {
        CpuTopology t = fixture("hybrid-laptop");
        PinningOrder order = PinningOrder.of(t, null);
        assertEquals(List.of(0, 2, 4, 6, 8, 10, 12, 13, 14, 15, 16, 17, 18, 19, 1, 3, 5, 7, 9, 11), order.cpus());
        CpuLabels p6 = CpuLabels.of(t, order.first(6));
        assertEquals(6, p6.performanceCpus());
        assertEquals(0, p6.efficiencyCpus());
        CpuLabels p8 = CpuLabels.of(t, order.first(8));
        assertEquals(6, p8.performanceCpus());
        assertEquals(2, p8.efficiencyCpus());
        assertFalse(CpuLabels.of(t, order.first(14)).smt());
        assertTrue(CpuLabels.of(t, order.first(15)).smt());
        assertTrue(t.unknown().stream().anyMatch(u -> u.contains("CPU quota")), t.unknown().toString());
        assertEquals(List.of("baseline", "elision", "span", "1", "2", "4", "8", "14", "20", "bandwidth-14"),
                names(DefaultCores.of(t, order)));
    }

    @Test
    void containerQuotaCapsTheDefaultsAndMarksPointsAboveIt() {
        CpuTopology t = fixture("container-quota");
        assertEquals(16, t.cpus().size());
        assertEquals("0-7", t.allowed().toString());
        assertEquals(4.0, t.quotaCpus(), 1e-12);
        PinningOrder order = PinningOrder.of(t, null);
        assertEquals(range(0, 8), order.cpus(), "only the allowed CPUs; thread_siblings_list read on an older kernel");
        assertFalse(CpuLabels.of(t, order.first(4)).overQuota());
        CpuLabels p8 = CpuLabels.of(t, order.first(8));
        assertTrue(p8.overQuota());
        assertTrue(p8.describe().contains("oversubscribed by quota"), p8.describe());
        assertEquals(List.of("baseline", "elision", "span", "1", "2", "4", "bandwidth-4"), names(DefaultCores.of(t, order)));
        assertEquals(4, t.usableCpus(), "8 allowed CPUs within a quota of 4");
    }

    @Test
    void theUsableCpusAreTheAllowedOnesWithinTheQuotaRoundedUpAsTheJvmCountsThem() {
        CpuTopology t = fixture("two-sockets");
        assertEquals(64, t.usableCpus(), "every CPU allowed, no quota");
        CpuTopology four = new CpuTopology(t.cpus(), CpuSet.parse("0-3"), null, List.of());
        assertEquals(4, four.usableCpus());
        assertEquals(2, new CpuTopology(t.cpus(), CpuSet.parse("0-3"), 1.5, List.of()).usableCpus());
        assertEquals(1, new CpuTopology(t.cpus(), CpuSet.parse("0-3"), 0.2, List.of()).usableCpus());
        assertEquals(4, new CpuTopology(t.cpus(), CpuSet.parse("0-3"), 6.0, List.of()).usableCpus());
        assertEquals(0, new CpuTopology(List.of(), null, null, List.of("the CPUs")).usableCpus(), "nothing read");
    }

    @Test
    void thisTwoCpuMachineChangesNothing() {
        CpuTopology t = fixture("this-machine");
        PinningOrder order = PinningOrder.of(t, null);
        assertEquals(List.of(0, 1), order.cpus());
        CpuLabels p2 = CpuLabels.of(t, order.first(2));
        assertEquals(2, p2.physicalCores());
        assertFalse(p2.smt());
        assertEquals(1, p2.sockets());
        assertEquals(1, p2.numaNodes());
        assertEquals(List.of("baseline", "elision", "span", "1", "2", "bandwidth-2"), names(DefaultCores.of(t, order)));
    }

    @Test
    void quotaReachesTheForkAsAMetric() {
        CpuTopology t = fixture("container-quota");
        ForkPinning.Host host = new ForkPinning.Host(t.allowed(), null, Path.of("/usr/bin/taskset"),
                PinningOrder.of(t, null), t);
        ForkPinning eight = ForkPinning.plan("b", ForkCores.of("8"), true, host);
        assertEquals(ForkPinning.State.PINNED, eight.state(), "8 of the 8 allowed CPUs: pinned, but over the quota");
        assertTrue(eight.note().contains("oversubscribed by quota"), eight.note());
        String labels = eight.jvmOptions().stream().filter(o -> o.startsWith("-Dfactored.cpuLabels=")).findFirst()
                .orElseThrow();
        assertEquals(4.0, CpuLabels.parseProperty(labels.substring(labels.indexOf('=') + 1)).get("factored.cpuQuota"));
    }

    @Test
    void usersOwnOrderKeepsItsOrderAndDropsCpusNotAllowed() {
        CpuTopology t = fixture("container-quota");
        assertEquals(List.of(7, 6, 0, 1, 2), PinningOrder.of(t, "7,6,0-2,12").cpus());
    }

    @Test
    void theProcesssOwnCgroupAndItsParentsSetTheQuota(@TempDir Path dir) throws Exception {
        Path root = Path.of(CpuTopologyTest.class.getResource("/topology/this-machine").toURI().getPath());
        // cgroup v2: no quota at the root and on the slice, 1.5 CPUs on the process's own cgroup
        Path v2 = dir.resolve("v2");
        java.nio.file.Files.createDirectories(v2.resolve("user.slice/app"));
        java.nio.file.Files.writeString(v2.resolve("cpu.max"), "max 100000\n");
        java.nio.file.Files.writeString(v2.resolve("user.slice/cpu.max"), "max 100000\n");
        java.nio.file.Files.writeString(v2.resolve("user.slice/app/cpu.max"), "150000 100000\n");
        Path own = java.nio.file.Files.writeString(dir.resolve("cgroup-v2"), "0::/user.slice/app\n");
        CpuTopology t = CpuTopology.read(root.resolve("sys"), v2, root.resolve("status"), own);
        assertEquals(1.5, t.quotaCpus(), 1e-12);
        // cgroup v1: the quota on a parent (docker) limits the child
        Path v1 = dir.resolve("v1");
        Path parent = java.nio.file.Files.createDirectories(v1.resolve("cpu,cpuacct/docker"));
        Path child = java.nio.file.Files.createDirectories(parent.resolve("abc"));
        java.nio.file.Files.writeString(parent.resolve("cpu.cfs_quota_us"), "200000\n");
        java.nio.file.Files.writeString(parent.resolve("cpu.cfs_period_us"), "100000\n");
        java.nio.file.Files.writeString(child.resolve("cpu.cfs_quota_us"), "-1\n");
        java.nio.file.Files.writeString(child.resolve("cpu.cfs_period_us"), "100000\n");
        Path ownV1 = java.nio.file.Files.writeString(dir.resolve("cgroup-v1"), "4:cpu,cpuacct:/docker/abc\n1:name=systemd:/\n");
        CpuTopology t1 = CpuTopology.read(root.resolve("sys"), v1, root.resolve("status"), ownV1);
        assertEquals(2.0, t1.quotaCpus(), 1e-12);
        assertTrue(t1.unknown().stream().noneMatch(u -> u.contains("CPU quota")), t1.unknown().toString());
    }

    @Test
    void missingFilesDegradeToUnknownWithoutFailing(@TempDir Path empty) {
        CpuTopology t = CpuTopology.read(empty.resolve("sys"), empty.resolve("cgroup"), empty.resolve("status"));
        assertTrue(t.cpus().isEmpty());
        assertNull(t.allowed());
        assertTrue(t.unknown().stream().anyMatch(u -> u.contains("allowed CPUs")), t.unknown().toString());
        assertTrue(t.unknown().stream().anyMatch(u -> u.contains("CPU quota")), t.unknown().toString());
    }

    @Test
    void forkPinningTakesTheFirstPOfTheOrder() {
        CpuTopology t = fixture("vm-adjacent");
        ForkPinning.Host host = new ForkPinning.Host(t.allowed(), null, Path.of("/usr/bin/taskset"),
                PinningOrder.of(t, null), t);
        ForkPinning two = ForkPinning.plan("b", ForkCores.of("2"), true, host);
        assertEquals("0,2", two.cpus());
        assertEquals("4,6", two.spareCpus(), "the JVM's own threads on the next physical cores");
        assertEquals(List.of("/usr/bin/taskset", "-c", "0,2,4,6"), two.invokeOptions());
        assertTrue(two.note().contains("2 physical cores"), two.note());
        String labels = two.jvmOptions().stream().filter(o -> o.startsWith("-Dfactored.cpuLabels=")).findFirst()
                .orElseThrow();
        java.util.Map<String, Double> metrics = CpuLabels.parseProperty(labels.substring(labels.indexOf('=') + 1));
        assertEquals(2.0, metrics.get("factored.physicalCores"));
        assertEquals(0.0, metrics.get("factored.smt"));
        assertEquals(1.0, metrics.get("factored.numaNodes"));
        assertEquals(8.0, metrics.get("factored.machine.cpus"));
        assertEquals(4.0, metrics.get("factored.machine.physicalCores"));
        assertNull(metrics.get("factored.cpuQuota"), "no quota, not reported");
        assertNull(metrics.get("factored.performanceCpus"), "not hybrid, not reported");
        ForkPinning four = ForkPinning.plan("b", ForkCores.of("bandwidth-4"), true, host);
        assertEquals("0,2,4,6", four.cpus());
        assertEquals("1,3", four.spareCpus(), "every core is measured: the siblings are all that is left");
        assertEquals(List.of("/usr/bin/taskset", "-c", "0-4,6"), four.invokeOptions());
        assertEquals("5,7", ForkPinning.plan("b", ForkCores.of("1"), true, new ForkPinning.Host(t.allowed(), null,
                Path.of("/usr/bin/taskset"), PinningOrder.of(t, "0,1,5,7,2,3"), t)).spareCpus(),
                "CPU 1, the sibling of the measured CPU 0, comes after the CPUs of other cores");
    }

    @Test
    void topologyCommandPrintsOrderAndDefaults() {
        Path root;
        try {
            root = Path.of(CpuTopologyTest.class.getResource("/topology/two-sockets").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int status = TopologyReport.run(new String[] {"--sysfs", root.resolve("sys").toString(), "--cgroup",
                root.resolve("cgroup").toString(), "--proc-status", root.resolve("status").toString()},
                new PrintStream(bytes, true, StandardCharsets.UTF_8), System.err);
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertEquals(0, status);
        assertTrue(out.contains("64 hardware threads on 32 physical cores"), out);
        assertTrue(out.contains("cores=64: CPUs 0,1,"), out);
        assertTrue(out.contains("cores=32:") && out.contains("2 NUMA nodes"), out);
    }

    @Test
    void theSummaryNamesTheMachinesShapeForTheHostClass(@TempDir Path empty) {
        assertEquals("64 hardware threads on 32 physical cores, 2 sockets, 2 NUMA nodes",
                fixture("two-sockets").summary());
        assertEquals("16 hardware threads on 16 physical cores, 1 socket, 1 NUMA node, CPU quota 4.00",
                fixture("container-quota").summary());
        assertTrue(fixture("hybrid-laptop").summary().contains(" performance and "),
                fixture("hybrid-laptop").summary());
        assertNull(CpuTopology.read(empty.resolve("sys"), empty.resolve("cgroup"), empty.resolve("status")).summary());
    }

    private static List<String> names(List<dev.factored.contract.CoresValue> cores) {
        return cores.stream().map(Object::toString).toList();
    }
}
