package dev.factored.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class CoresTurnTest {

    @Test
    void membersAreWrittenInTheOrderOfEveryTableWhateverTheOrderGiven() {
        CoresTurn turn = CoresTurn.parse(" 4+Baseline+1 + elision ");
        assertEquals("baseline+elision+1+4", turn.toString());
        assertEquals(4, turn.cpus());
        assertEquals(turn, CoresTurn.parse(turn.toString()));
    }

    @Test
    void codesNameTheMembersAndNothingElse() {
        CoresTurn turn = CoresTurn.parse("baseline+elision+2");
        assertEquals(CoresValue.BASELINE_VALUE, turn.memberOf(-1));
        assertEquals(CoresValue.ELISION_VALUE, turn.memberOf(0));
        assertEquals(CoresValue.workers(2), turn.memberOf(2));
        assertNull(turn.memberOf(1));
        assertNull(turn.memberOf(2.5));
    }

    @Test
    void aSingleConfigurationIsNoTurn() {
        assertFalse(CoresTurn.isTurn("2"));
        assertTrue(CoresTurn.isTurn("1+2"));
        assertEquals(CoresValue.workers(2), CoresTurn.of(List.of(CoresValue.workers(2))));
        assertEquals("1+2", CoresTurn.of(List.of(CoresValue.workers(2), CoresValue.workers(1))).toString());
        assertEquals(CoresTurn.parse("1+2"), CoresParam.parse("2+1"));
        assertEquals(CoresValue.BASELINE_VALUE, CoresParam.parse("baseline"));
        assertEquals(List.of(CoresValue.workers(1), CoresValue.workers(2)), CoresParam.parse("1+2").configurations());
        assertEquals("baseline,1+2", CoresParam.spelling(List.of(CoresValue.BASELINE_VALUE, CoresTurn.parse("1+2"))));
        assertThrows(IllegalArgumentException.class, () -> CoresTurn.parse("2"));
    }

    @Test
    void badTurnsSayWhatIsWrong() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CoresTurn.parse("1+1"))
                .getMessage().contains("named twice"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CoresTurn.parse("span+1"))
                .getMessage().contains("forks of their own"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CoresTurn.parse("1+"))
                .getMessage().contains("\"1+\""));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CoresTurn.parse("1+<b>"))
                .getMessage().contains("not a configuration"));
    }
}
