package dev.factored.run.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.contract.CoresValue;
import java.util.List;
import org.junit.jupiter.api.Test;

class CoresListTest {

    @Test
    void parsesTrimsAndDropsDuplicates() {
        assertEquals(List.of("baseline", "elision", "1", "2"), spelt(CoresList.parse(" baseline, elision,1 ,2,2,")));
        assertEquals(List.of("span", "1"), spelt(CoresList.parse("SPAN, 1, span")));
    }

    @Test
    void rejectsValuesThatAreNoConfiguration() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CoresList.parse("1,two"));
        assertTrue(e.getMessage().contains("\"two\""), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> CoresList.parse("0"));
        assertThrows(IllegalArgumentException.class, () -> CoresList.parse(" , "));
    }

    static java.util.stream.Stream<dev.factored.contract.CoresSpellings.Spelling> spellings() {
        return dev.factored.contract.CoresSpellings.all().stream();
    }

    /** The plugin's cores list follows the one spelling table and passes canonical spellings to JMH. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("spellings")
    void followsTheSpellingTable(dev.factored.contract.CoresSpellings.Spelling row) {
        if (row.text().isBlank()) {
            return; // a blank element of a list is skipped, not a value
        }
        if (row.canonical() == null) {
            assertThrows(IllegalArgumentException.class, () -> CoresList.parse(row.text()));
        } else {
            assertEquals(List.of(row.canonical()), spelt(CoresList.parse(row.text())));
        }
    }

    private static List<String> spelt(List<CoresValue> values) {
        return values.stream().map(CoresValue::toString).toList();
    }
}
