package dev.factored.jmh.profiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

class ForkGcTest {

    @Test
    void everyForkGetsTheHostsCollectorUnlessItChoosesOne() {
        assertEquals(List.of("-XX:+UseG1GC"), ForkGc.jvmOptions(List.of("-Xmx1g"), "-XX:+UseG1GC"));
        assertEquals(List.of(), ForkGc.jvmOptions(List.of("-Xmx1g", "-XX:+UseParallelGC"), "-XX:+UseG1GC"));
        assertEquals(List.of(), ForkGc.jvmOptions(List.of("-Xmx1g"), null));
        assertEquals(List.of("-XX:+UseZGC", "-XX:+ZGenerational"),
                ForkGc.jvmOptions(List.of(), "-XX:+UseZGC -XX:+ZGenerational"));
    }

    @Test
    void knowsTheCollectorsByTheirBeans() {
        assertEquals("-XX:+UseG1GC", ForkGc.optionFor("G1 Young Generation"));
        assertEquals("-XX:+UseSerialGC", ForkGc.optionFor("Copy"));
        assertEquals("-XX:+UseParallelGC", ForkGc.optionFor("PS Scavenge"));
        assertEquals("-XX:+UseZGC", ForkGc.optionFor("ZGC Cycles"));
        assertEquals(Runtime.version().feature() >= 23 ? "-XX:+UseZGC" : "-XX:+UseZGC -XX:+ZGenerational",
                ForkGc.optionFor("ZGC Minor Cycles"));
        assertNull(ForkGc.optionFor("Something new"));
        assertNotNull(ForkGc.ofThisJvm(), "this test JVM's collector is one of the known ones");
    }
}
