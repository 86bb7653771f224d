package dev.factored.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.jmh.TopologyMain;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code factored topology} on copies of two machines' files (src/test/resources/topology, copied from the profiler's
 * fixtures): a two-socket machine with SMT siblings n and n+32, and a container allowed CPUs 0-7 with a quota of 4.
 */
class TopologyCommandTest {

    @TempDir
    Path dir;

    /** An exit code, what went to stdout and what went to stderr. */
    private record Outcome(int exitCode, String stdout, String stderr) {
    }

    private static Outcome run(String... args) {
        PrintStream savedOut = System.out;
        PrintStream savedErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            int code = FactoredCli.execute(args);
            return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(savedOut);
            System.setErr(savedErr);
        }
    }

    private static Path fixture(String name) {
        try {
            return Path.of(TopologyCommandTest.class.getResource("/topology/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String[] machine(String name, String... more) {
        Path root = fixture(name);
        List<String> args = new ArrayList<>(List.of("topology", "--sysfs", root.resolve("sys").toString(),
                "--cgroup", root.resolve("cgroup").toString(), "--procStatus", root.resolve("status").toString()));
        args.addAll(Arrays.asList(more));
        return args.toArray(String[]::new);
    }

    private static String cpus(int from, int to) {
        return IntStream.range(from, to).mapToObj(Integer::toString).collect(Collectors.joining(","));
    }

    @Test
    void twoSocketsOneThreadPerCoreFirstSocketBySocket() {
        Outcome outcome = run(machine("two-sockets"));
        assertEquals(0, outcome.exitCode(), outcome.stderr());
        String out = outcome.stdout();
        assertTrue(out.contains("CPUs: 64 hardware threads on 32 physical cores"), out);
        // socket 0's cores 0-15, socket 1's 16-31, then the SMT siblings 32-63 in the same order
        assertTrue(out.contains("Pinning order (topology): " + cpus(0, 64) + "\n"), out);
        assertTrue(out.contains("  cores=16: CPUs " + cpus(0, 16) + " \u2014 "), out);
        assertTrue(out.contains("  cores=bandwidth-32: CPUs " + cpus(0, 32) + " \u2014 "), out);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("  cores=32: ") && l.contains("2 NUMA nodes")), out);
        // the Maven goal's text, through the same method
        Path root = fixture("two-sockets");
        assertEquals(TopologyMain.report(root.resolve("sys"), root.resolve("cgroup"), root.resolve("status"), null,
                "topology"), out);
    }

    @Test
    void containerQuotaOnlyTheAllowedCpusAndDefaultsUpToTheQuota() {
        Outcome outcome = run(machine("container-quota"));
        assertEquals(0, outcome.exitCode(), outcome.stderr());
        String out = outcome.stdout();
        assertTrue(out.contains("Allowed CPUs: 0-7\n"), out);
        assertTrue(out.contains("CPU quota: 4.00 CPUs\n"), out);
        assertTrue(out.contains("Pinning order (topology): " + cpus(0, 8) + "\n"), out);
        List<String> configurations = out.lines().filter(l -> l.startsWith("  cores="))
                .map(l -> l.substring("  cores=".length(), l.indexOf(':'))).toList();
        assertEquals(List.of("baseline", "elision", "span", "1", "2", "4", "bandwidth-4"), configurations, out);
        assertTrue(out.contains("  cores=4: CPUs 0,1,2,3 \u2014 "), out);
    }

    @Test
    void theUsersOwnOrderKeepsItsOrderAndDropsCpusNotAllowed() {
        Outcome outcome = run(machine("container-quota", "--cpuOrder", "7,6,0-2,12"));
        assertEquals(0, outcome.exitCode(), outcome.stderr());
        assertTrue(outcome.stdout().contains("Pinning order (7,6,0-2,12): 7,6,0,1,2\n"), outcome.stdout());
    }

    @Test
    void anOrderNamingNoAllowedCpuExitsTwo() {
        Outcome outcome = run(machine("container-quota", "--cpuOrder", "12-15"));
        assertEquals(2, outcome.exitCode(), outcome.stderr());
        assertTrue(outcome.stderr().contains("--cpuOrder") && outcome.stderr().contains("'12-15' names none of the"
                + " allowed CPUs 0-7"), outcome.stderr());
        assertEquals("", outcome.stdout(), "no topology printed from bad input");
    }

    @Test
    void aMissingSysfsOrFileExitsTwoNamingIt() {
        Path missing = dir.resolve("no-sys");
        Outcome sysfs = run("topology", "--sysfs", missing.toString());
        assertEquals(2, sysfs.exitCode(), sysfs.stderr());
        assertTrue(sysfs.stderr().contains("--sysfs " + missing + ": no such directory"), sysfs.stderr());
        assertEquals("", sysfs.stdout());
        Path root = fixture("two-sockets");
        Outcome status = run("topology", "--sysfs", root.resolve("sys").toString(), "--procStatus",
                dir.resolve("status").toString());
        assertEquals(2, status.exitCode(), status.stderr());
        assertTrue(status.stderr().contains("--procStatus " + dir.resolve("status") + ": no such file"), status.stderr());
    }

    @Test
    void anUnknownOptionExitsTwo() {
        Outcome outcome = run("topology", "--sys", "/sys");
        assertEquals(2, outcome.exitCode(), outcome.stderr());
        assertTrue(outcome.stderr().contains("Unknown option"), outcome.stderr());
        Outcome kebab = run("topology", "--cpu-order", "plain");
        assertEquals(2, kebab.exitCode(), "the plugin's names (cpuOrder), not TopologyMain's");
    }

    @Test
    void readsACopiedMachineWithAQuota() {
        Outcome outcome = run(machine("container-quota"));
        assertEquals(0, outcome.exitCode(), outcome.stderr());
    }
}
