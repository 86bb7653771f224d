package dev.factored.jmh.profiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.contract.CoresTurn;
import dev.factored.contract.CoresValue;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TurnsTest {

    private static final CoresTurn TURN = CoresTurn.parse("baseline+elision+1+2");

    private static List<CoresValue> iterations(Turns turns, int n) {
        List<CoresValue> order = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            order.add(turns.advance());
            assertSame(order.get(i), Turns.current(), "the member the state reads is the one just chosen");
        }
        return order;
    }

    @Test
    void everyRoundRunsEveryMemberOnceSoEveryMemberGetsTheSameCount() {
        int rounds = 50;
        int k = TURN.members().size();
        List<CoresValue> order = iterations(new Turns(TURN, 7), rounds * k);
        Map<CoresValue, Integer> counts = new HashMap<>();
        for (int r = 0; r < rounds; r++) {
            List<CoresValue> round = order.subList(r * k, (r + 1) * k);
            assertEquals(new HashSet<>(TURN.members()), new HashSet<>(round), "round " + r + ": " + round);
            round.forEach(m -> counts.merge(m, 1, Integer::sum));
        }
        for (CoresValue m : TURN.members()) {
            assertEquals(rounds, counts.get(m), "cores=" + m);
        }
        // shuffled per round: some round runs another order than the first (50 rounds of 24 orders)
        assertTrue(new HashSet<>(splitRounds(order, k)).size() > 1, order.toString());
    }

    @Test
    void aSeedRepeatsItsOrderAndAnotherSeedGivesAnother() {
        List<CoresValue> first = iterations(new Turns(TURN, 42), 40);
        assertEquals(first, iterations(new Turns(TURN, 42), 40), "the same seed, the same order");
        assertNotEquals(first, iterations(new Turns(TURN, 43), 40));
    }

    @Test
    void theSeedComesFromTheForksPropertyWhenItHasOne() {
        String before = System.getProperty(Turns.SEED_PROPERTY);
        try {
            System.setProperty(Turns.SEED_PROPERTY, " 42 ");
            assertEquals(iterations(new Turns(TURN, 42), 12), iterations(Turns.ofThisFork(TURN), 12));
            System.setProperty(Turns.SEED_PROPERTY, "soon");
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Turns.ofThisFork(TURN));
            assertTrue(e.getMessage().contains("factored.turnSeed=soon"), e.getMessage());
        } finally {
            if (before == null) {
                System.clearProperty(Turns.SEED_PROPERTY);
            } else {
                System.setProperty(Turns.SEED_PROPERTY, before);
            }
        }
    }

    private static List<List<CoresValue>> splitRounds(List<CoresValue> order, int k) {
        List<List<CoresValue>> rounds = new ArrayList<>();
        for (int i = 0; i + k <= order.size(); i += k) {
            rounds.add(order.subList(i, i + k));
        }
        return rounds;
    }
}
