package dev.factored.run.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.run.SuiteRun;
import org.junit.jupiter.api.Test;

class RunOrderTest {

    @Test
    void roundsIsTheDefaultAndCaseDoesNotMatter() {
        assertEquals(RunOrder.ROUNDS, RunOrder.parse(null, PomSpelling.INSTANCE));
        assertEquals(RunOrder.ROUNDS, RunOrder.parse(" ", PomSpelling.INSTANCE));
        assertEquals(RunOrder.ROUNDS, RunOrder.parse("Rounds", PomSpelling.INSTANCE));
        assertEquals(RunOrder.JMH, RunOrder.parse(" jmh ", PomSpelling.INSTANCE));
    }

    @Test
    void anUnknownOrderNamesTheValueAndTheChoices() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RunOrder.parse("random", PomSpelling.INSTANCE));
        assertTrue(e.getMessage().startsWith("unknown order 'random': use rounds"), e.getMessage());
        assertTrue(e.getMessage().contains("-Dfactored.order"), e.getMessage());
    }

    @Test
    void aFreshSeedIsSmallEnoughToRetype() {
        for (int i = 0; i < 100; i++) {
            long seed = SuiteRun.freshSeed();
            assertTrue(seed >= 0 && seed < 1_000_000_000L, Long.toString(seed));
        }
    }
}
