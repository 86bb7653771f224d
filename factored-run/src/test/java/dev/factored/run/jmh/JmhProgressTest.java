package dev.factored.run.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.contract.RoundEvent;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class JmhProgressTest {

    private static List<String> feed(JmhProgress progress, String... lines) {
        List<String> logged = new ArrayList<>();
        for (String line : lines) {
            String message = progress.accept(line);
            if (message != null) {
                logged.add(message);
            }
        }
        return logged;
    }

    @Test
    void oneLinePerForkWithConfigurationParamsAndEta() {
        JmhProgress progress = new JmhProgress(24);
        List<String> logged = feed(progress,
                "# Benchmark mode: Average time, time/op",
                "# Benchmark: org.example.MergeSortBenchmark.sort",
                "# Parameters: (cores = 1, size = 200000)",
                "",
                "# Run progress: 0.00% complete, ETA 00:01:40",
                "# Fork: 1 of 1",
                "# Warmup Iteration   1: 3.1 ms/op",
                "# Benchmark: org.example.MergeSortBenchmark.sort",
                "# Parameters: (cores = 2, size = 200000)",
                "# Run progress: 12.50% complete, ETA 00:01:23",
                "# Fork: 1 of 2",
                "# Run progress: 14.20% complete, ETA 00:01:20",
                "# Fork: 2 of 2");
        assertEquals(List.of(
                "1/24 MergeSortBenchmark.sort cores=1 size=200000 \u2014 0% done, ETA 0:01:40",
                "2/24 MergeSortBenchmark.sort cores=2 size=200000 (fork 1/2) \u2014 12% done, ETA 0:01:23",
                "2/24 MergeSortBenchmark.sort cores=2 size=200000 (fork 2/2) \u2014 14% done, ETA 0:01:20"), logged);
        assertTrue(progress.failures().isEmpty());
    }

    /** The line of a fork's start in a planned round. */
    private static String fork(int round, int rounds, int configuration, int configurations, int fork, int forks) {
        return new RoundEvent.ForkStarted(round, rounds, configuration, configurations, fork, forks, null).line();
    }

    @Test
    void inRoundsTheLinesSayTheSeedTheRoundAndTheForkOfTheRun() {
        // The runner's events, and JMH's lines with the suite's progress.
        JmhProgress progress = new JmhProgress(2);
        List<String> logged = feed(progress,
                new RoundEvent.Plan(2, 2, 123456).line(),
                "",
                fork(1, 2, 1, 2, 1, 4),
                "# Benchmark mode: Average time, time/op",
                "# Benchmark: org.example.MergeSortBenchmark.sort",
                "# Parameters: (cores = 2, size = 200000)",
                "# Run progress: 0.00% complete, ETA 00:01:08",
                "# Fork: 1 of 2",
                fork(1, 2, 2, 2, 2, 4),
                "# Benchmark: org.example.MergeSortBenchmark.sort",
                "# Parameters: (cores = 1, size = 200000)",
                "# Run progress: 25.00% complete, ETA 00:00:51",
                "# Fork: 1 of 2",
                fork(2, 2, 1, 2, 3, 4),
                "# Benchmark: org.example.MergeSortBenchmark.sort",
                "# Parameters: (cores = 1, size = 200000)",
                "# Run progress: 50.00% complete, ETA 00:00:34",
                "# Fork: 2 of 2",
                "Iteration   1: <failure>",
                "",
                "java.lang.IllegalStateException: boom");
        assertEquals(List.of(
                "rounds: 2 rounds of 2 configurations, order shuffled with seed 123456 (seed 123456 repeats it: -Dfactored.seed, or --seed of factored run)",
                "fork 1/4 (round 1/2) MergeSortBenchmark.sort cores=2 size=200000 \u2014 0% done, ETA 0:01:08",
                "fork 2/4 (round 1/2) MergeSortBenchmark.sort cores=1 size=200000 \u2014 25% done, ETA 0:00:51",
                "fork 3/4 (round 2/2) MergeSortBenchmark.sort cores=1 size=200000 \u2014 50% done, ETA 0:00:34"), logged);
        assertEquals(List.of("org.example.MergeSortBenchmark.sort cores=1 size=200000 [Average time, time/op]: "
                + "java.lang.IllegalStateException: boom"),
                progress.failures().stream().map(JmhProgress.Failure::describe).toList());
        assertEquals(List.of("rounds: 1 round of 1 configuration, order shuffled with seed 7 (seed 7 repeats it: -Dfactored.seed, or --seed of factored run)"),
                feed(new JmhProgress(1), new RoundEvent.Plan(1, 1, 7).line()));
    }

    @Test
    void theRunnersNotesArePassedOnInItsWordsAndItsSentencesForAPersonAreNoNews() {
        JmhProgress progress = new JmhProgress(2);
        assertEquals(List.of("this fork of a.B.c avgt cores=2 label=x=y takes the place of its fork 1, whose measurement"
                + " began before its steady state", "no further rounds: none of the forks asked for can run"),
                feed(progress, new RoundEvent.ForkReplaced("a.B.c avgt cores=2 label=x=y", 0).line(),
                        new RoundEvent.NothingToRun().line(), new RoundEvent.RoundDone().line()));
        assertEquals(List.of(), feed(progress, "# Rounds: 2 rounds of 2 configurations, order shuffled with seed 1",
                "# Round 1 of 2, configuration 1 of 2, fork 1 of 4", "# factored: no further rounds: none of the forks"
                + " asked for can run", "# factored: round done"));
    }

    @Test
    void theLinesCountTheForksOfTheRunAsPlannedAndAsExtendedNeverBackwards() {
        // The runner's lines of a planned round whose late forks were spared (fork 2 then 5: 3 and 4 not run, counted as
        // settled), then a further round that extends the run from 5 to 7 forks. Before, the further round's lines kept
        // the last planned position ("round 1/1, 2/5") and the runner's percentage went back (80 % -> 71 %).
        JmhProgress progress = new JmhProgress(5);
        List<String> logged = feed(progress,
                new RoundEvent.SparingAhead(5, 0, 2, 0).line(),
                new RoundEvent.Plan(1, 5, 9).line(),
                fork(1, 1, 1, 5, 1, 5),
                "# Benchmark: org.example.Sum.sum",
                "# Parameters: (cores = 2)",
                "# Run progress: 0.00% complete, ETA 00:00:10",
                "# Fork: 1 of 1",
                fork(1, 1, 2, 5, 2, 5),
                "# Benchmark: org.example.Sum.sum",
                "# Parameters: (cores = 1)",
                "# Run progress: 20.00% complete, ETA 00:00:08",
                "# Fork: 1 of 1",
                fork(1, 1, 5, 5, 5, 5),
                "# Benchmark: org.example.Sum.sum",
                "# Parameters: (cores = baseline)",
                "# Run progress: 80.00% complete, ETA 00:00:02",
                "# Fork: 1 of 1",
                new RoundEvent.RoundDone().line(),
                fork(2, 1, 1, 2, 6, 7),
                "# Benchmark: org.example.Sum.sum",
                "# Parameters: (cores = 2)",
                "# Run progress: 83.33% complete, ETA 00:00:04",
                "# Fork: 2 of 1",
                new RoundEvent.ForkStarted(2, 1, 2, 2, 7, 7, 6).line(),
                "# Benchmark: org.example.Sum.sum",
                "# Parameters: (cores = 1)",
                "# Run progress: 91.66% complete, ETA 00:00:02",
                "# Fork: 2 of 1");
        assertEquals(List.of(
                "of the 5 planned forks, up to 2 elision and span fork(s) will not run if a family's earlier forks show"
                        + " unmodified fork/join code, which has neither. They run last in round one; a fork not run"
                        + " counts as done in the progress",
                "rounds: 1 round of 5 configurations, order shuffled with seed 9 (seed 9 repeats it: -Dfactored.seed, or --seed of factored run)",
                "fork 1/5 (round 1/1) Sum.sum cores=2 \u2014 0% done, ETA 0:00:10",
                "fork 2/5 (round 1/1) Sum.sum cores=1 \u2014 20% done, ETA 0:00:08",
                "fork 5/5 (round 1/1) Sum.sum cores=baseline \u2014 80% done, ETA 0:00:02",
                "fork 6/7 (further round 1) Sum.sum cores=2 \u2014 83% done, ETA 0:00:04",
                "fork 7/7 (further round 1) Sum.sum cores=1 \u2014 91% done, ETA 0:00:02"), logged);
        List<Integer> percents = logged.stream().filter(l -> l.contains("% done"))
                .map(l -> Integer.valueOf(l.replaceAll(".*\u2014 (\\d+)% done.*", "$1"))).toList();
        for (int i = 1; i < percents.size(); i++) {
            assertTrue(percents.get(i) >= percents.get(i - 1), "the percentage went back: " + percents);
        }
    }

    @Test
    void failuresNameTheBenchmarkConfigurationAndException() {
        JmhProgress progress = new JmhProgress(0);
        feed(progress,
                "# Benchmark mode: Average time, time/op",
                "# Benchmark: org.example.Fib.fib",
                "# Parameters: (cores = baseline, n = 20)",
                "# Run progress: 0.00% complete, ETA 00:00:10",
                "# Fork: 1 of 1",
                "# Warmup Iteration   1: <failure>",
                "",
                "java.lang.IllegalStateException: cores = baseline runs the best sequential program",
                "\tat dev.factored.jmh.Cores.pool(Cores.java:70)",
                "# Benchmark: org.example.Fib.fib",
                "# Parameters: (cores = 2, n = 20)",
                "<forked VM failed with exit code 134>");
        List<JmhProgress.Failure> failures = progress.failures();
        assertEquals(2, failures.size());
        assertEquals("org.example.Fib.fib cores=baseline n=20 [Average time, time/op]: "
                + "java.lang.IllegalStateException: cores = baseline runs the best sequential program",
                failures.get(0).describe());
        assertTrue(failures.get(1).describe().contains("cores=2 n=20"));
        assertTrue(failures.get(1).describe().contains("exit code 134"));
    }

    @Test
    void aTurnMeasuredApartIsNoFailureAndItsMembersFailuresAre() {
        JmhProgress progress = new JmhProgress(2);
        List<String> logged = feed(progress,
                "# Benchmark mode: Average time, time/op",
                "# Benchmark: org.example.Fib.fib",
                "# Parameters: (cores = 1+2, n = 20)",
                "# Warmup Iteration   1: <failure>",
                "java.lang.IllegalStateException: unmodified code cannot run in turn",
                new RoundEvent.TurnApart("org.example.Fib.fib", "avgt", List.of("cores=1+2", "n=20"), List.of("1", "2"),
                        false).line(),
                "# Benchmark: org.example.Fib.fib",
                "# Parameters: (cores = 2, n = 20)",
                "<forked VM failed with exit code 134>");
        assertEquals(List.of("the fork of org.example.Fib.fib avgt cores=1+2 n=20 failed, which measures 1, 2 in turn "
                + "(a member failed): they are measured in forks of their own from now on"),
                logged);
        assertEquals(1, progress.failures().size());
        assertTrue(progress.failures().get(0).describe().startsWith("org.example.Fib.fib cores=2 n=20"));
    }

    @Test
    void unknownTotalIsLeftOut() {
        JmhProgress progress = new JmhProgress(0);
        List<String> logged = feed(progress, "# Benchmark: a.B.c", "# Fork: 1 of 1");
        assertEquals(List.of("1 B.c"), logged);
        assertNull(progress.accept("Iteration   1: 1.0 ms/op"));
    }

    @Test
    void argfileQuotesBackslashesAndQuotes() {
        assertEquals("\"C:\\\\jars\\\\a b.jar\"", Argfile.quote("C:\\jars\\a b.jar"));
        assertEquals("\"say \\\"hi\\\"\"", Argfile.quote("say \"hi\""));
    }

    @Test
    void aFailedConfigurationKeepsParamValuesWithSpacesAndCommas() {
        JmhProgress progress = new JmhProgress(1);
        feed(progress, "# Benchmark: org.example.Parse.parse", "# Parameters: (cores = 2, input = a, b c, size = 10)",
                "<forked VM failed with exit code 134>");
        assertEquals(java.util.Map.of("cores", "2", "input", "a, b c", "size", "10"),
                progress.failures().get(0).configuration().params());
    }
}
