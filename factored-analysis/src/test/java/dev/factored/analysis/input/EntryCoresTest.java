package dev.factored.analysis.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.contract.CoresTurn;
import dev.factored.contract.CoresValue;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The {@code cores} param of an entry of JMH's JSON, parsed once where the entry is read. */
class EntryCoresTest {

    @Test
    void aConfigurationIsItsValueAndNoTurn() {
        EntryCores c = EntryCores.of(Map.of("cores", "Elision", "n", "5"));
        assertEquals(CoresValue.ELISION_VALUE, c.configuration());
        assertNull(c.turn());
        assertEquals("Elision", c.text());
    }

    @Test
    void aTurnIsItsMembersAndNoOneConfiguration() {
        EntryCores c = EntryCores.of(Map.of("cores", "2+1"));
        assertEquals(new CoresTurn(List.of(CoresValue.workers(1), CoresValue.workers(2))), c.turn());
        assertTrue(assertThrows(IllegalArgumentException.class, c::configuration).getMessage()
                .startsWith("cores = \"2+1\" is configurations in turn"));
    }

    @Test
    void aBadValueIsKeptAndNamedWhereItIsAsked() {
        EntryCores bad = EntryCores.of(Map.of("cores", "0"));
        assertNull(bad.value());
        assertNull(bad.turn(), "no +: not a turn, whatever else it is");
        assertTrue(assertThrows(IllegalArgumentException.class, bad::configuration).getMessage()
                .startsWith("cores = \"0\" is not a configuration: the number of workers must be 1 to 65536"));
        EntryCores badTurn = EntryCores.of(Map.of("cores", "1+span"));
        assertTrue(assertThrows(IllegalArgumentException.class, badTurn::turn).getMessage()
                .contains("cannot run in turn"));
    }

    @Test
    void noParamIsNone() {
        assertEquals(EntryCores.NONE, EntryCores.of(Map.of("n", "5")));
        assertNull(EntryCores.NONE.configuration());
        assertNull(EntryCores.NONE.turn());
    }
}
