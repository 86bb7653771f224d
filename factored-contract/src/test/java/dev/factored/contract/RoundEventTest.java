package dev.factored.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RoundEventTest {

    /** What a benchmark's name or params may hold: line breaks, '=', spaces, commas, '%', '+', the marker itself. */
    private static final String HOSTILE = "a.B.c avgt label=x\n" + RoundEvent.MARKER + "round-done\r\n= ,%20+é\t"
            + RoundEvent.MARKER.strip();

    private static final List<RoundEvent> EVERY_KIND = List.of(
            new RoundEvent.Plan(3, 84, -1234567890123L),
            new RoundEvent.ForkStarted(2, 3, 5, 84, 89, 252, null),
            new RoundEvent.ForkStarted(4, 3, 1, 2, 255, 262, 6),
            new RoundEvent.ForkStarted(1, 3, 2, 4, 2, 12, null, 3),
            new RoundEvent.SparingAhead(12, 1, 8, 2),
            new RoundEvent.Spared(4, List.of("Sum.sum", HOSTILE), 2, 1, List.of(), 0, List.of("")),
            new RoundEvent.RequestsUnreadable("/tmp/more forks.txt", HOSTILE),
            new RoundEvent.NotInRun(HOSTILE),
            new RoundEvent.NothingToRun(),
            new RoundEvent.FurtherForkFailed(HOSTILE),
            new RoundEvent.ForkReplaced(HOSTILE, 0),
            new RoundEvent.ActivityKept(HOSTILE, List.of("/a,b/fork-1.activity", HOSTILE)),
            new RoundEvent.TurnApart(HOSTILE, "avgt", List.of("cores=1+2", "size=" + HOSTILE), List.of("1", "2"), false),
            new RoundEvent.TurnApart(HOSTILE, "avgt", List.of("cores=1+2"), List.of("1", "2"), true),
            new RoundEvent.RoundDone());

    @Test
    void everyKindSurvivesItsLineWhateverItsTextHolds() {
        for (RoundEvent event : EVERY_KIND) {
            String line = event.line();
            assertTrue(line.startsWith(RoundEvent.MARKER + event.kind()), line);
            assertFalse(line.contains("\n") || line.contains("\r"), "one line: " + line);
            assertEquals(-1, line.indexOf(RoundEvent.MARKER.strip(), 1), "the marker once, at the start: " + line);
            assertTrue(line.chars().allMatch(c -> c >= 0x20 && c < 0x7f), "ASCII: " + line);
            RoundEvent back = RoundEvent.parse(line);
            // An empty list element is the one thing a line cannot tell from no element.
            assertEquals(event instanceof RoundEvent.Spared ? new RoundEvent.Spared(4, List.of("Sum.sum", HOSTILE), 2,
                    1, List.of(), 0, List.of()) : event, back, line);
            assertEquals(Optional.of(back), RoundEvent.read(line));
        }
    }

    @Test
    void theLineIsShortAndReadable() {
        assertEquals("#factored-event fork round=2 planned=3 configuration=5 configurations=84 fork=89 forks=252",
                new RoundEvent.ForkStarted(2, 3, 5, 84, 89, 252, null).line());
        assertEquals("#factored-event fork round=1 planned=3 configuration=2 configurations=4 fork=2 forks=12 members=3",
                new RoundEvent.ForkStarted(1, 3, 2, 4, 2, 12, null, 3).line());
        assertEquals(1, RoundEvent.parse(new RoundEvent.ForkStarted(2, 3, 5, 84, 89, 252, null).line()) instanceof
                RoundEvent.ForkStarted f ? f.members() : 0, "no members field: a fork of one configuration");
        assertEquals("#factored-event plan rounds=3 configurations=84 seed=42", new RoundEvent.Plan(3, 84, 42).line());
        assertTrue(new RoundEvent.ForkStarted(4, 3, 1, 2, 255, 262, 6).further());
        assertFalse(new RoundEvent.ForkStarted(3, 3, 1, 2, 250, 262, null).further());
    }

    @Test
    void aReaderSkipsFieldsItDoesNotKnow() {
        assertEquals(new RoundEvent.Plan(1, 2, 3),
                RoundEvent.parse("#factored-event plan rounds=1 newer=x configurations=2 seed=3"));
    }

    @Test
    void otherLinesAndBrokenEventsAreNoEvents() {
        for (String line : List.of("# Fork: 1 of 3", "# factored: round done", "",
                "#factored-event", "#factored-event nonsense a=1", "#factored-event plan rounds=1 configurations=2",
                "#factored-event plan rounds=x configurations=2 seed=3", "#factored-event plan rounds=-1 "
                        + "configurations=2 seed=3", "#factored-event not-in-run request=%ZZ",
                "#factored-event plan rounds", " #factored-event round-done")) {
            assertEquals(Optional.empty(), RoundEvent.read(line), line);
            assertThrows(IllegalArgumentException.class, () -> RoundEvent.parse(line), line);
        }
    }
}
