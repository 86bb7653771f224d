package dev.factored.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class CoresValueTest {

    static Stream<CoresSpellings.Spelling> spellings() {
        return CoresSpellings.all().stream();
    }

    @ParameterizedTest
    @MethodSource("spellings")
    void theTable(CoresSpellings.Spelling row) {
        if (row.canonical() == null) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CoresValue.parse(row.text()));
            assertTrue(e.getMessage().contains("\"" + row.text() + "\""), e.getMessage());
            assertTrue(e.getMessage().contains("baseline, elision, span, bandwidth-P or a positive number of workers"), e.getMessage());
        } else {
            assertEquals(row.canonical(), CoresValue.parse(row.text()).toString());
        }
    }

    @Test
    void orderIsBaselineElisionThenWorkers() {
        List<CoresValue> values = new ArrayList<>(List.of(CoresValue.workers(8), CoresValue.workers(1),
                CoresValue.SPAN_VALUE, CoresValue.ELISION_VALUE, CoresValue.workers(2), CoresValue.BASELINE_VALUE));
        values.sort(CoresValue.ORDER);
        assertEquals("[baseline, elision, span, 1, 2, 8]", values.toString());
    }

    @Test
    void cpusAndKinds() {
        assertEquals(1, CoresValue.BASELINE_VALUE.cpus());
        assertEquals(1, CoresValue.ELISION_VALUE.cpus());
        assertEquals(1, CoresValue.SPAN_VALUE.cpus(), "span is a serial run, pinned to 1 CPU like the elision");
        assertTrue(CoresValue.SPAN_VALUE.isSpan());
        assertFalse(CoresValue.SPAN_VALUE.isParallel());
        assertThrows(IllegalArgumentException.class, () -> new CoresValue(CoresValue.Kind.SPAN, 1));
        assertEquals(4, CoresValue.workers(4).cpus());
        assertTrue(CoresValue.workers(1).isParallel());
        assertFalse(CoresValue.ELISION_VALUE.isParallel());
        assertThrows(IllegalArgumentException.class, () -> new CoresValue(CoresValue.Kind.BASELINE, 2));
        assertThrows(IllegalArgumentException.class, () -> CoresValue.workers(0));
        assertThrows(IllegalArgumentException.class, () -> CoresValue.parse(null));
    }
}
