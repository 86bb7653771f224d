package dev.factored.jmh.rounds;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.factored.contract.MoreForks;
import dev.factored.contract.RoundEvent;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

class RoundChannelTest {

    private static final List<RoundEvent> NEWS = List.of(new RoundEvent.Plan(3, 84, 42),
            new RoundEvent.ForkStarted(2, 3, 5, 84, 89, 252, null), new RoundEvent.ForkStarted(4, 3, 1, 2, 255, 262, 6),
            new RoundEvent.ForkStarted(1, 3, 2, 84, 2, 252, null, 3),
            new RoundEvent.TurnApart("a.Sum.sum", "avgt", List.of("cores=1+2", "size=10"), List.of("1", "2"), false),
            new RoundEvent.TurnApart("a.Stream.sum", "avgt", List.of("cores=1+2"), List.of("1", "2"), true),
            new RoundEvent.NothingToRun(), new RoundEvent.RoundDone());

    /** What JMH's output and the standard output each got from the news. */
    private static List<String> tell(boolean encoded, VerboseMode verbosity) {
        ByteArrayOutputStream jmh = new ByteArrayOutputStream();
        ByteArrayOutputStream standard = new ByteArrayOutputStream();
        RoundChannel channel = new RoundChannel(OutputFormatFactory.createFormatInstance(new PrintStream(jmh, true,
                StandardCharsets.UTF_8), verbosity), new PrintStream(standard, true, StandardCharsets.UTF_8), encoded);
        NEWS.forEach(channel::tell);
        return List.of(jmh.toString(StandardCharsets.UTF_8), standard.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aPersonReadsSentencesAndTheEndOfARoundOnTheStandardOutput() {
        assertEquals(List.of("""
                # Rounds: 3 rounds of 84 configurations, order shuffled with seed 42
                # Round 2 of 3, configuration 5 of 84, fork 89 of 252
                # Round 4 (more), configuration 1 of 2, fork 255 of 262, warm-up 6 iterations (learned)
                # Round 1 of 3, configuration 2 of 84, fork 2 of 252, 3 configurations in turn
                # factored: the fork of a.Sum.sum avgt cores=1+2 size=10 failed, which measures 1, 2 in turn \
                (a member failed): they are measured in forks of their own from now on
                # factored: a.Stream.sum avgt cores=1+2 is unmodified fork/join code, whose pool is sized once per JVM, \
                so 1, 2 cannot run in turn in one fork: they are measured in forks of their own from now on
                # factored: no further rounds: none of the forks asked for can run
                """, MoreForks.ROUND_DONE + "\n"), tell(false, VerboseMode.NORMAL).stream()
                .map(s -> s.replace(System.lineSeparator(), "\n")).toList());
        assertEquals(List.of("", MoreForks.ROUND_DONE + "\n"), tell(false, VerboseMode.SILENT).stream()
                .map(s -> s.replace(System.lineSeparator(), "\n")).toList(), "the question even when JMH is silent");
    }

    @Test
    void theRunReadsEveryEventOnTheStandardOutputAndNoSentence() {
        List<String> told = tell(true, VerboseMode.SILENT);
        assertEquals("", told.get(0));
        assertEquals(NEWS, told.get(1).lines().map(RoundEvent::parse).toList());
    }
}
