package dev.factored.forkjoin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ConfigurationTest {

    @Test
    void acceptedForms() {
        assertEquals(Configuration.Kind.BASELINE, Configuration.parse("baseline").kind());
        assertEquals(Configuration.Kind.ELISION, Configuration.parse(" Elision ").kind());
        assertEquals(Configuration.workers(3), Configuration.parse(" 3 "));
        assertEquals(1, Configuration.parse("baseline").cpus());
        assertEquals(1, Configuration.parse("elision").cpus());
        assertEquals(4, Configuration.parse("4").cpus());
        assertEquals("4", Configuration.parse("4").toString());
        assertEquals("elision", Configuration.parse("ELISION").toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "0", "-2", "two", "2.5", "1e3", "99999999999", "base line"})
    void rejectedFormsNameTheValue(String cores) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Configuration.parse(cores));
        assertTrue(e.getMessage().contains("\"" + cores + "\""), e.getMessage());
        assertTrue(e.getMessage().contains("baseline, elision or a positive number of workers"), e.getMessage());
    }

    @Test
    void missingValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Configuration.parse(null));
        assertTrue(e.getMessage().contains("not set"), e.getMessage());
    }

    @Test
    void inconsistentRecords() {
        assertThrows(IllegalArgumentException.class, () -> Configuration.workers(0));
        assertThrows(IllegalArgumentException.class,
                () -> new Configuration(Configuration.Kind.ELISION, 2));
    }

    static java.util.stream.Stream<dev.factored.contract.CoresSpellings.Spelling> spellings() {
        return dev.factored.contract.CoresSpellings.all().stream();
    }

    /** The profiler's parser follows the one spelling table (factored-contract's test jar). */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("spellings")
    void followsTheSpellingTable(dev.factored.contract.CoresSpellings.Spelling row) {
        if (row.canonical() == null) {
            assertThrows(IllegalArgumentException.class, () -> Configuration.parse(row.text()));
        } else {
            assertEquals(row.canonical(), Configuration.parse(row.text()).toString());
        }
    }
}
