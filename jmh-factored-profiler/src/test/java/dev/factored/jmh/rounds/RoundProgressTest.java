package dev.factored.jmh.rounds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.jmh.Rounds;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The progress arithmetic of a run in rounds: planned, with forks not run, then extended by further rounds. */
class RoundProgressTest {

    private static final String JMH_LINE = "# Run progress: 0.00% complete, ETA 00:00:02";

    private final AtomicLong now = new AtomicLong(1_000_000_000L);

    /** One fork: the line before it, then the fork's time, then done. */
    private String fork(RoundProgress progress, double seconds) {
        String line = progress.line(JMH_LINE);
        now.addAndGet((long) (seconds * TimeUnit.SECONDS.toNanos(1)));
        progress.done();
        return line;
    }

    @Test
    void withoutABudgetThePercentageIsTheShareOfTheForksSettledAndAForkNotRunCountsAsDone() {
        RoundProgress progress = new RoundProgress(8, null, now::get);
        assertEquals("# Run progress: 0.00% complete, ETA 00:00:16", fork(progress, 2));
        assertEquals(2, progress.fork());
        fork(progress, 2);
        progress.notRun(); // spared: settled, and the total stays 8
        progress.notRun();
        assertEquals(5, progress.fork());
        assertEquals(8, progress.forks());
        // 4 of 8 settled; 2 s a fork over the 2 that ran, 4 forks ahead
        assertEquals("# Run progress: 50.00% complete, ETA 00:00:08", progress.line(JMH_LINE));
    }

    @Test
    void thePercentageNeverGoesBackWhenFurtherRoundsExtendTheRunAndForksAreSpared() {
        for (Duration budget : new Duration[] {null, Duration.ofSeconds(60), Duration.ofSeconds(5)}) {
            RoundProgress progress = new RoundProgress(24, budget, now::get);
            List<Double> shown = new ArrayList<>();
            List<Integer> numbers = new ArrayList<>();
            // The planned round: 12 forks run, then the 12 late ones, 9 of them spared (not run).
            for (int i = 0; i < 12; i++) {
                numbers.add(progress.fork());
                fork(progress, 1.5);
                shown.add(progress.percent());
            }
            for (int i = 0; i < 12; i++) {
                if (i % 4 == 0) {
                    numbers.add(progress.fork());
                    fork(progress, 2);
                    shown.add(progress.percent());
                } else {
                    progress.notRun();
                }
            }
            // Three further rounds, as the budget allows: each extends the run.
            for (int more : new int[] {10, 6, 2}) {
                progress.more(more);
                for (int i = 0; i < more; i++) {
                    numbers.add(progress.fork());
                    fork(progress, 1.8);
                    shown.add(progress.percent());
                }
            }
            for (int i = 1; i < shown.size(); i++) {
                assertTrue(shown.get(i) >= shown.get(i - 1), "budget " + budget + ": the percentage went back from "
                        + shown.get(i - 1) + " to " + shown.get(i) + " at fork " + numbers.get(i) + ": " + shown);
                assertTrue(numbers.get(i) > numbers.get(i - 1), "fork numbers: " + numbers);
            }
            assertTrue(shown.get(shown.size() - 1) < 100, "100 % only once nothing is left: " + shown);
            assertEquals(42, progress.forks(), "24 planned (9 not run among them) and 18 further");
            assertEquals(42, numbers.get(numbers.size() - 1));
        }
    }

    @Test
    void withABudgetTheRunLastsAtLeastUntilTheBudgetsEnd() {
        RoundProgress progress = new RoundProgress(4, Duration.ofSeconds(100), now::get);
        fork(progress, 10);
        fork(progress, 10);
        // 20 of 100 s spent; 2 forks (20 s) ahead, but further rounds may follow until the budget's end
        assertEquals("# Run progress: 20.00% complete, ETA 00:01:20", progress.line(JMH_LINE));
    }

    @Test
    void theRunnerTakesTheBudgetInWholeSeconds() throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(1, Rounds.run(new String[] {Rounds.BUDGET + "4m", "-h"}, new PrintStream(err, true,
                StandardCharsets.UTF_8)));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--budget=4m is not a budget: give --budget= and whole"
                + " seconds"), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void beforeTheFirstForkEndsTheTimeOfAForkIsJmhsEstimate() {
        RoundProgress progress = new RoundProgress(3, null, now::get);
        assertEquals("# Run progress: 0.00% complete, ETA 00:00:06", progress.line(JMH_LINE));
        assertEquals("00:00:00", progress.elapsed());
        assertEquals("1 days, 02:00:00", RoundProgress.duration(TimeUnit.HOURS.toNanos(26)));
    }
}
