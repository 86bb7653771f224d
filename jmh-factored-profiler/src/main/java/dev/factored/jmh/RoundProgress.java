package dev.factored.jmh;

import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The suite's progress over all rounds, as JMH's {@code # Run progress: 12.50% complete, ETA 00:01:23} line: the
 * share of the forks done, and the time left estimated from the time the done ones took (before the first is
 * done: from JMH's own estimate of one fork, its iteration counts times their durations, for every fork left).
 */
final class RoundProgress {

    private static final Pattern JMH_ETA = Pattern.compile("ETA (?:(\\d+) days, )?(\\d+):(\\d\\d):(\\d\\d)\\s*$");

    private final LongSupplier clock;
    private final long start;
    private int runs;
    private int done;

    /**
     * @param runs      the forks of all rounds together
     * @param nanoClock {@link System#nanoTime()}; the suite starts now
     */
    RoundProgress(int runs, LongSupplier nanoClock) {
        this.runs = runs;
        this.clock = nanoClock;
        this.start = nanoClock.getAsLong();
    }

    /** One more fork has ended. */
    void done() {
        done++;
    }

    /** A further round of {@code forks} forks was asked for after the planned ones. */
    void more(int forks) {
        runs += forks;
    }

    /** A fork is left out (its configuration failed in an earlier round): one fewer to wait for. */
    void skipped() {
        runs--;
    }

    /** JMH's progress line for the whole suite, given JMH's line for the fork about to start. */
    String line(String jmhLine) {
        long now = clock.getAsLong();
        long left;
        if (done == 0) {
            Matcher m = JMH_ETA.matcher(jmhLine);
            long oneFork = m.find() ? TimeUnit.DAYS.toNanos(m.group(1) == null ? 0 : Long.parseLong(m.group(1)))
                    + TimeUnit.HOURS.toNanos(Long.parseLong(m.group(2)))
                    + TimeUnit.MINUTES.toNanos(Long.parseLong(m.group(3)))
                    + TimeUnit.SECONDS.toNanos(Long.parseLong(m.group(4))) : 0;
            left = oneFork * (runs - done);
        } else {
            left = (long) ((double) (now - start) / done * (runs - done));
        }
        double percent = runs == 0 ? 100 : 100.0 * done / runs;
        return String.format(Locale.ROOT, "# Run progress: %.2f%% complete, ETA %s", percent, duration(left));
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
