package dev.factored.run;

import dev.factored.analysis.AnalysisOptions;
import dev.factored.analysis.FactoredAnalysis;
import dev.factored.analysis.ForkAllocation;
import dev.factored.analysis.input.AnalysisInputException;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.stats.Descriptive;
import dev.factored.contract.CoresParam;
import dev.factored.contract.MoreForks;
import dev.factored.contract.RoundEvent;
import dev.factored.run.settings.Budget;
import dev.factored.text.ConsoleText;
import dev.factored.text.Numbers;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * The run's side of the rounds after the planned ones ({@link Budget}, {@link MoreForks}): when the rounds runner has
 * written its results and waits, this reads them, asks the analysis where the next forks narrow the widest target
 * most ({@link ForkAllocation}), and answers with another round of as many of them as still fit in the budget, or
 * ends the run. The time a fork takes is measured on the forks so far (JVM start and warm-up included), per
 * configuration it measures: a fork of k configurations in turn runs k times the iterations, and the analysis' wish for
 * a member's fork is a fork of its turn ({@link TurnRequests}).
 */
final class MoreRounds {


    private final Budget budget;
    private final Path resultFile;
    private final Path requestFile;
    private final AnalysisOptions options;
    private final RunLog log;
    private final LongSupplier clock;
    private final long start;
    private int forks;
    /** The configurations the forks so far measured: their count with a turn's fork counted once per member. */
    private int units;
    private int forksAtLastAnswer = -1;
    private int rounds;
    /** The targets of the last analysis, for the end of the run. */
    private List<ForkAllocation.Target> targets = List.of();
    private String endedBecause = "the run ended before its planned rounds did";
    /** Whether the last analysis had no configuration in two forks: its intervals show iterations only. */
    private boolean noiseUnknown;
    /** The warm-up each configuration's further forks get, from its forks so far. */
    private final LearnedWarmup warmups;
    /** How long the planned rounds took (to the first question), in seconds; NaN until then. */
    private double plannedSeconds = Double.NaN;
    private final TurnRequests turns;

    /** @param cores the {@code cores} values the run gives JMH, turns among them */
    MoreRounds(Budget budget, Path resultFile, Path requestFile, AnalysisOptions options, List<CoresParam> cores,
            RunLog log, LongSupplier nanoClock) {
        this.budget = budget;
        this.resultFile = resultFile;
        this.requestFile = requestFile;
        this.options = options;
        this.log = log;
        this.clock = nanoClock;
        this.start = nanoClock.getAsLong();
        this.warmups = new LearnedWarmup(log::info);
        this.turns = new TurnRequests(cores);
    }

    /**
     * The reply to one line of the runner's output: null for most, {@code go} or {@code stop} after a round (the
     * runner's {@link RoundEvent.RoundDone}); it counts the forks by their {@link RoundEvent.ForkStarted}.
     */
    String answer(String line) {
        RoundEvent event = RoundEvent.read(line).orElse(null);
        if (event instanceof RoundEvent.ForkStarted started) {
            forks++;
            units += started.members();
            return null;
        }
        if (!(event instanceof RoundEvent.RoundDone)) {
            return null;
        }
        try {
            return decide(FactoredAnalysis.analyze(resultFile, options));
        } catch (AnalysisInputException | RuntimeException e) {
            endedBecause = "the results so far could not be analysed (" + e.getMessage() + ")";
            log.warn(ConsoleText.of("[factored] no further rounds: ").text(endedBecause).toString());
            return MoreForks.STOP;
        }
    }

    private String decide(Analysis analysis) {
        targets = ForkAllocation.targets(analysis);
        noiseUnknown = ForkAllocation.noiseUnknown(analysis);
        double elapsed = seconds(clock.getAsLong() - start);
        if (Double.isNaN(plannedSeconds)) {
            plannedSeconds = elapsed;
        }
        double perUnit = units == 0 ? Double.POSITIVE_INFINITY : elapsed / units;
        double left = budget.wallTime().toMillis() / 1000.0 - elapsed;
        int fit = perUnit > 0 && Double.isFinite(perUnit) ? (int) Math.floor(left / perUnit) : 0;
        List<ForkAllocation.Fork> wanted = ForkAllocation.next(analysis, budget.precision(), Integer.MAX_VALUE,
                warmups::mayRetry);
        if (wanted.isEmpty()) {
            endedBecause = targets.stream().allMatch(t -> t.met(budget.precision())) ? "every target is met"
                    : "no further fork can narrow the targets missed";
            return stop();
        }
        if (rounds > 0 && forks == forksAtLastAnswer) {
            endedBecause = "the last round ran no fork";
            return stop();
        }
        forksAtLastAnswer = forks;
        List<TurnRequests.Chosen> next = fit < 1 ? List.of()
                : turns.choose(wanted, fit, (family, cores) -> warmups.of(analysis, family, cores));
        if (next.isEmpty()) {
            endedBecause = "the budget is spent (" + minutes(elapsed) + " of " + minutes(budget.wallTime().toSeconds())
                    + "; a configuration's fork takes " + String.format(Locale.ROOT, "%.1f s", perUnit) + ")";
            return stop();
        }
        if (noiseUnknown && secondForks(next) == 1) {
            // One configuration's second fork would measure the noise between forks on 1 degree of freedom, and every
            // interval of the run would take Student's t of 12.7 (the README's run read ±751 % so, against ±19 to 34 %
            // where two configurations had a second fork): better none, and the intervals said to be too narrow.
            endedBecause = "the budget left (" + minutes(Math.max(0, left)) + ") holds one second fork, and the noise "
                    + "between forks needs two: one would rest every interval on 1 degree of freedom";
            return stop();
        }
        List<MoreForks.Request> requests = new ArrayList<>();
        List<ForkAllocation.Fork> served = new ArrayList<>();
        for (TurnRequests.Chosen chosen : next) {
            requests.add(chosen.request());
            for (ForkAllocation.Fork fork : chosen.serves()) {
                served.add(fork);
                if (fork.replaceFork() != null) {
                    warmups.retried(fork.family(), fork.cores());
                }
            }
        }
        try {
            MoreForks.write(requestFile, requests);
        } catch (IOException e) {
            endedBecause = "cannot write " + requestFile + ": " + e.getMessage();
            log.warn(ConsoleText.of("[factored] no further rounds: ").text(endedBecause).toString());
            return MoreForks.STOP;
        }
        rounds++;
        log.info("[factored] " + reached() + "; further round " + rounds + ": " + next.size()
                + " more fork(s) (" + (served.size() > next.size() ? "for " + served.size() + " configurations, in turn: " : "")
                + reasons(served) + "), " + minutes(Math.max(0, left)) + " of the budget left");
        return MoreForks.GO;
    }

    /** The configurations whose second fork the chosen forks measure the noise between forks with. */
    private static long secondForks(List<TurnRequests.Chosen> chosen) {
        return chosen.stream().flatMap(c -> c.serves().stream())
                .filter(f -> f.reason() == ForkAllocation.Reason.NOISE_UNKNOWN).count();
    }

    private String stop() {
        log.info(ConsoleText.of("[factored] " + reached() + "; no further rounds: ").text(endedBecause).toString());
        return MoreForks.STOP;
    }

    /** e.g. "precision: median speedup ±4.1%, 3 of 20 targets missed (target ±5.0%)". */
    String reached() {
        double[] speedups = targets.stream().filter(t -> t.quantity().equals("speedup"))
                .mapToDouble(ForkAllocation.Target::reached).filter(Double::isFinite).sorted().toArray();
        long missed = targets.stream().filter(t -> !t.met(budget.precision())).count();
        return "precision: median speedup \u00b1" + (speedups.length == 0 ? "?"
                : Numbers.percent(Descriptive.median(speedups)))
                + (noiseUnknown ? " from iterations only (no noise between forks measured yet)" : "") + ", " + missed
                + " of " + targets.size() + " targets missed (target \u00b1" + Numbers.percent(budget.precision()) + ")";
    }

    /**
     * What the run ended with, for its last lines: empty when every target was met, else how many were missed, why
     * the run stopped, and the widest ones (at most {@code shown}); the analysis holds them all. Console-safe: why the
     * run stopped may quote an exception's message, and a target names its family.
     */
    List<String> missed(int shown) {
        List<ForkAllocation.Target> missed = targets.stream().filter(t -> !t.met(budget.precision()))
                .sorted(java.util.Comparator.comparingDouble(ForkAllocation.Target::reached).reversed()).toList();
        List<String> lines = new ArrayList<>();
        if (noiseUnknown && !targets.isEmpty()) {
            lines.add(ConsoleText.of(unmeasuredNoise()).toString());
        }
        if (missed.isEmpty()) {
            return lines;
        }
        lines.add(ConsoleText.of(missed.size() + " of " + targets.size() + " targets missed their \u00b1"
                + Numbers.percent(budget.precision()) + ", as ").text(endedBecause).text("; the widest:").toString());
        for (ForkAllocation.Target t : missed.subList(0, Math.min(shown, missed.size()))) {
            lines.add(ConsoleText.of("  ").text(t.family().label()).text(": ").text(t.quantity()).text(" at P = ")
                    .text(t.cores()).text(" \u00b1").text(Numbers.percent(t.reached())).toString());
        }
        return lines;
    }

    /**
     * Why the run's precision is not known: every configuration ran one fork, so the noise between forks (5–30 % of a
     * fork at P = 2 on the example suite) is nowhere in its intervals, and what a budget that outlasts the planned
     * rounds would have done first.
     */
    private String unmeasuredNoise() {
        return "the noise between forks was not measured: every configuration ran a single fork and " + endedBecause
                + ", so every interval shows its iterations only and the precision reached is not known (the "
                + "targets count as met or missed on those intervals). A budget longer than the planned rounds ("
                + (Double.isNaN(plannedSeconds) ? "not finished" : minutes(plannedSeconds)) + ") gives the "
                + "configurations of the least certain speedups a second fork before any other";
    }

    private static String reasons(List<ForkAllocation.Fork> forks) {
        long disturbed = forks.stream().filter(f -> f.reason() == ForkAllocation.Reason.DISTURBED).count();
        long noise = forks.stream().filter(f -> f.reason() == ForkAllocation.Reason.NOISE_UNKNOWN).count();
        long unsteady = forks.stream().filter(f -> f.reason() == ForkAllocation.Reason.UNSTEADY).count();
        long precision = forks.size() - disturbed - noise - unsteady;
        List<String> parts = new ArrayList<>();
        if (noise > 0) {
            parts.add(noise + " to measure the noise between forks");
        }
        if (precision > 0) {
            parts.add(precision + " for precision");
        }
        if (disturbed > 0) {
            parts.add(disturbed + " replacing disturbed forks");
        }
        if (unsteady > 0) {
            parts.add(unsteady + " replacing forks measured before their steady state");
        }
        return String.join(", ", parts);
    }


    private static double seconds(long nanos) {
        return nanos / 1e9;
    }

    private static String minutes(double seconds) {
        long s = Math.round(seconds);
        return String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
