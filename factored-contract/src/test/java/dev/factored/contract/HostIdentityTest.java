package dev.factored.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostIdentityTest {

    /** Two packages of a 2-socket x86 machine, two logical CPUs each (abridged /proc/cpuinfo). */
    private static final List<String> TWO_SOCKETS = List.of(
            "processor\t: 0", "model name\t: Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz", "physical id\t: 0",
            "cpu cores\t: 32", "",
            "processor\t: 1", "model name\t: Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz", "physical id\t: 1",
            "cpu cores\t: 32", "");

    @Test
    void cpuFactsComeFromCpuinfo() {
        HostIdentity host = HostIdentity.fromCpuinfo(TWO_SOCKETS, 128, "Linux", "6.8.0", "amd64", "big", "Azul",
                "21.0.5+11", Map.of());
        assertEquals("Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz", host.cpuModel());
        assertEquals(2, host.sockets());
        assertEquals(64, host.physicalCores());
        assertNull(host.topology());
        assertEquals("Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz, 128 CPUs, Azul 21.0.5+11", host.hostClass());
    }

    @Test
    void withoutCpuinfoTheCpuFactsAreUnknown() {
        HostIdentity host = HostIdentity.fromCpuinfo(List.of(), 8, "Mac OS X", "14.1", "aarch64", null, "Oracle",
                "17.0.9", Map.of());
        assertNull(host.cpuModel());
        assertNull(host.sockets());
        assertNull(host.physicalCores());
        assertEquals("unknown CPU, 8 CPUs, Oracle 17.0.9", host.hostClass());
    }

    @Test
    void writtenAndReadBack(@TempDir Path dir) throws Exception {
        HostIdentity host = HostIdentity.fromCpuinfo(TWO_SOCKETS, 128, "Linux", "6.8.0", "amd64", "big=host:1",
                "Azul", "21.0.5+11", Map.of("pin", "true", "forkJvm", "/opt/jdk/bin/java"));
        host.write(dir);
        assertEquals(host, HostIdentity.read(dir.resolve(HostIdentity.FILE_NAME)));
    }

    @Test
    void aFileWithoutCpuCountIsNotAHostFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve(HostIdentity.FILE_NAME);
        Files.writeString(file, "cpuModel=x\n");
        assertThrows(IllegalArgumentException.class, () -> HostIdentity.read(file));
        Files.writeString(file, "cpuCount=many\n");
        assertEquals("cpuCount = \"many\" is not a whole number",
                assertThrows(IllegalArgumentException.class, () -> HostIdentity.read(file)).getMessage());
    }

    @Test
    void theTopologyIsPartOfTheHostClassButAnOlderFileWithoutItStaysComparable() {
        HostIdentity old = HostIdentity.fromCpuinfo(TWO_SOCKETS, 128, "Linux", "6.8.0", "amd64", "big", "Azul",
                "21.0.5+11", Map.of());
        HostIdentity now = old.withTopology("64 hardware threads on 32 physical cores, 2 sockets, 2 NUMA nodes");
        assertEquals("Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz, 128 CPUs, 64 hardware threads on 32 physical cores, "
                + "2 sockets, 2 NUMA nodes, Azul 21.0.5+11", now.hostClass());
        assertEquals(old.hostClass(), now.hostClassBeside(old), "an older baseline: compared without the topology");
        assertEquals(old.hostClassBeside(now), now.hostClassBeside(old));
        HostIdentity quota = old.withTopology("64 hardware threads on 32 physical cores, 2 sockets, 2 NUMA nodes, "
                + "CPU quota 4.00");
        assertEquals(false, now.hostClassBeside(quota).equals(quota.hostClassBeside(now)),
                "both recorded: a container's quota makes another host class");
    }

    @Test
    void aFileWrittenBeforeTheCountWasReadFromTheMachineIsComparedWithoutIt(@TempDir Path dir) throws Exception {
        Path file = dir.resolve(HostIdentity.FILE_NAME);
        // as the profiler wrote it when its host JVM had moved to the spare CPU of a one-CPU fork
        Files.writeString(file, "cpuModel=AMD EPYC\ncpuCount=1\ntopology=2 hardware threads on 2 physical cores, 1 socket, "
                + "1 NUMA node\njvmVendor=Debian\njvmVersion=17.0.15+6-Debian-1deb12u1\n");
        HostIdentity old = HostIdentity.read(file);
        assertEquals(false, old.cpuCountFromMachine());
        HostIdentity now = old.withCpuCount(2);
        now.write(dir);
        assertEquals(now, HostIdentity.read(file), "written with cpuCountFrom=machine and read back");
        assertEquals(true, Files.readString(file).contains("cpuCountFrom=machine"));
        assertEquals(old.hostClassBeside(now), now.hostClassBeside(old), "the same machine: comparable");
        assertEquals("AMD EPYC, 2 hardware threads on 2 physical cores, 1 socket, 1 NUMA node, Debian "
                + "17.0.15+6-Debian-1deb12u1", now.hostClassBeside(old));
        assertEquals(false, now.hostClassBeside(now.withCpuCount(1)).equals(now.withCpuCount(1).hostClassBeside(now)),
                "both read from the machine: another count is another host class");
    }
}
