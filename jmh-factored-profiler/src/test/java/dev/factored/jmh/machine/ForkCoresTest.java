package dev.factored.jmh.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.contract.CoresTurn;
import dev.factored.contract.CoresValue;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A fork's {@code cores} text parsed once into what the profiler's steps carry. */
class ForkCoresTest {

    @Test
    void aConfigurationInAnySpellingIsItsCanonicalValue() {
        ForkCores c = ForkCores.of(" Baseline ");
        assertEquals(CoresValue.BASELINE_VALUE, c.configuration());
        assertNull(c.turn());
        assertFalse(c.namesTurn());
        assertEquals(" Baseline ", c.text(), "the text as given, for messages that quote it");
        assertEquals(CoresValue.workers(4), ForkCores.of("04").requireConfiguration());
    }

    @Test
    void aTurnIsItsMembersInOrderAndNoOneConfiguration() {
        ForkCores c = ForkCores.of("2+baseline+1");
        assertEquals(new CoresTurn(List.of(CoresValue.BASELINE_VALUE, CoresValue.workers(1), CoresValue.workers(2))),
                c.requireTurn());
        assertEquals(c.requireTurn(), c.turn());
        assertNull(c.configuration());
        assertTrue(c.namesTurn());
    }

    @Test
    void textThatIsNoValueKeepsWhyNamingItAndTheAcceptedSpellings() {
        ForkCores lots = ForkCores.of("lots");
        assertNull(lots.configuration());
        assertNull(lots.turn());
        assertTrue(lots.problem().startsWith("cores = \"lots\" is not a configuration: use baseline, elision, span, "
                + "bandwidth-P or a positive number of workers"), lots.problem());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, lots::requireConfiguration);
        assertEquals(lots.problem(), e.getMessage());

        ForkCores twice = ForkCores.of("1+1");
        assertTrue(twice.namesTurn(), "text that tried to be a turn");
        assertNull(twice.turn());
        assertEquals("cores = \"1+1\": cores = 1 is named twice in one turn",
                assertThrows(IllegalArgumentException.class, twice::requireTurn).getMessage());
    }

    @Test
    void noParamIsNoValue() {
        ForkCores none = ForkCores.of((String) null);
        assertNull(none.text());
        assertNull(none.value());
        assertFalse(none.namesTurn());
    }

    @Test
    void aValueParsedBeforeIsTheSameAsItsSpellingParsed() {
        assertEquals(ForkCores.of("bandwidth-4"), ForkCores.of(CoresValue.parse("Bandwidth-04")));
        assertEquals(ForkCores.of("1+2"), ForkCores.of(CoresTurn.parse("2+1")));
    }
}
