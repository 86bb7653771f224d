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
        return fork(progress, seconds, 1);
    }

    /** One fork of this weight (configurations in turn). */
    private String fork(RoundProgress progress, double seconds, int weight) {
        String line = progress.line(JMH_LINE, weight);
        now.addAndGet((long) (seconds * TimeUnit.SECONDS.toNanos(1)));
        progress.done(weight);
        return line;
    }

    @Test
    void withoutABudgetThePercentageIsTheShareOfTheForksSettledAndAForkNotRunCountsAsDone() {
        RoundProgress progress = new RoundProgress(8, 8, null, now::get);
        assertEquals("# Run progress: 0.00% complete, ETA 00:00:16", fork(progress, 2));
        assertEquals(2, progress.fork());
        fork(progress, 2);
        progress.notRun(1); // spared: settled, and the total stays 8
        progress.notRun(1);
        assertEquals(5, progress.fork());
        assertEquals(8, progress.forks());
        // 4 of 8 settled; 2 s a fork over the 2 that ran, 4 forks ahead
        assertEquals("# Run progress: 50.00% complete, ETA 00:00:08", progress.line(JMH_LINE, 1));
    }

    @Test
    void thePercentageNeverGoesBackWhenFurtherRoundsExtendTheRunAndForksAreSpared() {
        for (Duration budget : new Duration[] {null, Duration.ofSeconds(60), Duration.ofSeconds(5)}) {
            RoundProgress progress = new RoundProgress(24, 24, budget, now::get);
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
                    progress.notRun(1);
                }
            }
            // Three further rounds, as the budget allows: each extends the run.
            for (int more : new int[] {10, 6, 2}) {
                progress.more(more, more);
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
    void aTurnForkWeighsAsManyForksAsItHasMembersAndKeepsItsWeightWhenMeasuredApart() {
        // baseline, elision, span and the turn 1+2+4: 4 forks, weight 6
        RoundProgress progress = new RoundProgress(4, 6, null, now::get);
        // JMH's estimate of the turn fork (6 s) is of all its 3 members: 2 s a unit, 12 s for the run
        assertEquals("# Run progress: 0.00% complete, ETA 00:00:12", progress.line(JMH_LINE.replace("02", "06"), 3));
        fork(progress, 2);
        fork(progress, 2);
        // 2 of 6 settled; 2 s a unit, 4 units ahead
        assertEquals("# Run progress: 33.33% complete, ETA 00:00:08", progress.line(JMH_LINE, 1));
        // the turn's fork failed at once and its members run apart: it settles weightless, its 3 members' forks more
        // carry its 3 units
        progress.notRun(0);
        progress.more(3, 0);
        assertEquals(4, progress.fork());
        assertEquals(7, progress.forks());
        fork(progress, 2);
        fork(progress, 2);
        fork(progress, 2);
        // 5 of 6 units settled, 2 s a unit
        assertEquals("# Run progress: 83.33% complete, ETA 00:00:02", progress.line(JMH_LINE, 1));
    }

    @Test
    void withABudgetTheRunLastsAtLeastUntilTheBudgetsEnd() {
        RoundProgress progress = new RoundProgress(4, 4, Duration.ofSeconds(100), now::get);
        fork(progress, 10);
        fork(progress, 10);
        // 20 of 100 s spent; 2 forks (20 s) ahead, but further rounds may follow until the budget's end
        assertEquals("# Run progress: 20.00% complete, ETA 00:01:20", progress.line(JMH_LINE, 1));
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
        RoundProgress progress = new RoundProgress(3, 3, null, now::get);
        assertEquals("# Run progress: 0.00% complete, ETA 00:00:06", progress.line(JMH_LINE, 1));
        assertEquals("00:00:00", progress.elapsed());
        assertEquals("1 days, 02:00:00", RoundProgress.duration(TimeUnit.HOURS.toNanos(26)));
    }
}
