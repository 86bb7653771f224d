package dev.factored.jmh.rounds;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The suite's progress over all rounds, as JMH's {@code # Run progress: 12.50% complete, ETA 00:01:23} line, and the
 * run-wide number of the fork about to start ({@code fork 25 of 48}).
 *
 * <p>The forks are counted as planned and as extended: a further round adds its forks to the total, and a fork that
 * is not run (spared, or its configuration failed earlier) is settled like one that ran, never taken off the total,
 * so neither count goes back. The percentage never goes back either: each line hands the part of the run still
 * ahead its share of what is left of 100 %, so a further round that extends the run slows the percentage down
 * instead of pulling it back. Without a budget (no further rounds can follow) that share is counted in weight and the
 * percentage is exactly the share of the weight settled. With a budget, further rounds may follow until it is spent,
 * so the run ahead lasts until the budget's end or the planned forks' end, whichever is later; the share is then
 * counted in time. The time a unit of weight takes is measured on the forks that ran (before the first has: JMH's
 * own estimate of the fork about to start, its iteration counts times their durations, over its weight).
 *
 * <p>A fork's weight is the number of configurations it measures: 1, or k for k configurations in turn, which run k
 * times the iterations of a fork of their own ({@link SuiteConfiguration#members()}). Weighed so, by iterations, a
 * turn fork counts as the k single forks it stands for, and a turn that is measured in separate forks after all keeps
 * its weight while its forks grow in number.
 */
final class RoundProgress {

    private static final Pattern JMH_ETA = Pattern.compile("ETA (?:(\\d+) days, )?(\\d+):(\\d\\d):(\\d\\d)\\s*$");

    private final LongSupplier clock;
    private final long start;
    /** The run's time budget in nanoseconds from the start, or 0 when no further round can follow. */
    private final long budget;
    private int forks;
    private int settled;
    /** The forks' weight as planned and extended, settled, and settled by forks that ran. */
    private int weight;
    private int settledWeight;
    private int ranWeight;
    /** The percentage last shown, and what the run had settled (weight) or when (nanos) it was shown. */
    private double percent;
    private int settledAtPercent;
    private long shownAt;

    /**
     * @param forks     the forks of the planned rounds
     * @param weight    their weight, the configurations they measure: as many as the forks without turns
     * @param budget    the run's time budget, after which no further round starts; null: no further rounds follow
     * @param nanoClock {@link System#nanoTime()}; the suite starts now
     */
    RoundProgress(int forks, int weight, Duration budget, LongSupplier nanoClock) {
        this.forks = forks;
        this.weight = weight;
        this.budget = budget == null ? 0 : Math.max(0, budget.toNanos());
        this.clock = nanoClock;
        this.start = nanoClock.getAsLong();
        this.shownAt = start;
    }

    /** One more fork of this weight has ended. */
    void done(int weight) {
        settled++;
        settledWeight += weight;
        ranWeight += weight;
    }

    /**
     * A fork is not run (spared, or its configuration failed in an earlier round): settled at once, like a fork that
     * ran, so that the total stays what the start of the run said.
     */
    void notRun(int weight) {
        settled++;
        settledWeight += weight;
    }

    /** {@code more} forks of this weight in all were added to the run: a further round, or a turn measured apart. */
    void more(int more, int weight) {
        forks += more;
        this.weight += weight;
    }

    /** The run-wide number of the fork about to start: the forks settled so far, plus one. */
    int fork() {
        return settled + 1;
    }

    /** The forks of the run as planned and as extended so far, those not run included. */
    int forks() {
        return forks;
    }

    /** JMH's progress line for the whole suite, given JMH's line for the fork about to start and its weight. */
    String line(String jmhLine, int forkWeight) {
        long now = clock.getAsLong();
        long left = nanosLeft(now, oneFork(jmhLine) / Math.max(1, forkWeight));
        advance(now, left);
        return String.format(Locale.ROOT, "# Run progress: %.2f%% complete, ETA %s", percent, duration(left));
    }

    /** The percentage shown by the last {@link #line}. */
    double percent() {
        return percent;
    }

    /**
     * Hands the run ahead its share of what is left of 100 %: the part settled since the last line, of that part and
     * the rest. With a fixed total this is exactly the share settled; it never goes back and reaches 100 % only when
     * nothing is left.
     */
    private void advance(long now, long nanosLeft) {
        double share;
        if (budget == 0) {
            int ahead = weight - settledAtPercent;
            share = ahead <= 0 ? 0 : (double) (settledWeight - settledAtPercent) / ahead;
            settledAtPercent = settledWeight;
        } else {
            long since = now - shownAt;
            share = since <= 0 ? 0 : (double) since / (since + nanosLeft);
            shownAt = now;
        }
        percent += (100 - percent) * Math.min(1, Math.max(0, share));
    }

    /**
     * The time the run still takes: the weight not yet settled at the time a unit of it takes, and with a budget at
     * least until the budget's end, when further rounds may still start.
     */
    private long nanosLeft(long now, long oneUnit) {
        long perUnit = ranWeight == 0 ? oneUnit : (now - start) / ranWeight;
        long forksLeft = (long) Math.max(0, weight - settledWeight) * perUnit;
        return budget == 0 ? forksLeft : Math.max(forksLeft, start + budget - now);
    }

    /** JMH's estimate of the fork about to start, from its ETA: its iterations times their durations. */
    private static long oneFork(String jmhLine) {
        Matcher m = JMH_ETA.matcher(jmhLine);
        return m.find() ? TimeUnit.DAYS.toNanos(m.group(1) == null ? 0 : Long.parseLong(m.group(1)))
                + TimeUnit.HOURS.toNanos(Long.parseLong(m.group(2)))
                + TimeUnit.MINUTES.toNanos(Long.parseLong(m.group(3)))
                + TimeUnit.SECONDS.toNanos(Long.parseLong(m.group(4))) : 0;
    }

    /** The time since the suite started, as JMH writes durations. */
    String elapsed() {
        return duration(clock.getAsLong() - start);
    }

    /** {@code 00:01:23}, {@code 1 days, 02:00:00}: JMH's format. */
    static String duration(long nanos) {
        long seconds = Math.max(0, TimeUnit.NANOSECONDS.toSeconds(nanos));
        long days = seconds / 86_400;
        seconds -= days * 86_400;
        return String.format(Locale.ROOT, "%s%02d:%02d:%02d", days > 0 ? days + " days, " : "",
                seconds / 3600, seconds / 60 % 60, seconds % 60);
    }
}
