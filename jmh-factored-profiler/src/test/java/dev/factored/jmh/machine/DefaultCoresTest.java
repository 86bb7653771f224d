package dev.factored.jmh.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The defaults where the topology cannot be read: the CPUs the JVM sees stand for cores and threads alike. */
class DefaultCoresTest {

    @Test
    void defaultsArePowersOfTwoThenTheMachineWidth() {
        assertEquals(List.of("baseline", "elision", "span", "1"), names(1));
        assertEquals(List.of("baseline", "elision", "span", "1", "2", "bandwidth-2"), names(2));
        assertEquals(List.of("baseline", "elision", "span", "1", "2", "4", "6", "bandwidth-6"), names(6));
        assertEquals(List.of("baseline", "elision", "span", "1", "2", "4", "8", "bandwidth-8"), names(8));
        assertEquals(List.of("baseline", "elision", "span", "1", "2", "4", "8", "12", "bandwidth-12"), names(12));
    }

    private static List<String> names(int cpus) {
        return DefaultCores.of(cpus, cpus).stream().map(Object::toString).toList();
    }
}
