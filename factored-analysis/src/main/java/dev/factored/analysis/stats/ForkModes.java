package dev.factored.analysis.stats;

import java.util.Arrays;
import java.util.Optional;

/**
 * Forks that settle at different speeds. A JVM fork keeps what its JIT compiled and where its memory was placed for
 * its whole life, so the forks of one configuration can fall into groups that each run steadily at their own speed
 * (in the example suite: ten forks of a merge sort at 8–10 ms and one at 19 ms; a sequential sweep of 256 MB whose
 * forks ran at 1.77 or at 2.05 ms). A run of few forks then lands on either group, and its speedups move from run to run
 * by more than any one fork's iterations suggest.
 *
 * <p>The test sorts the fork means of the log times and splits them at the largest gap. The gap is compared with
 * the spread left inside the two groups (pooled, on n − 2 degrees of freedom), or with how precisely the iterations
 * fix a fork's mean when that is larger. If the fork means were one normal sample, the ratio would exceed
 * {@link #CRITICAL} (its 99th percentile for n forks, simulated: 200,000 normal samples for each n) in 1 % of the
 * configurations; {@code ForkModesTest} simulates it again. A gap under {@link #SMALLEST_GAP} is not called two
 * speeds, however steady the forks.
 */
public final class ForkModes {

    /** Fewer forks than this cannot show two groups: with 3 the gap's yardstick would rest on one degree of freedom. */
    public static final int FEWEST_FORKS = 4;
    /** The smallest relative difference between the groups' speeds worth naming. */
    public static final double SMALLEST_GAP = 0.05;
    /** The 99th percentile of gap / pooled spread for n = 4, 5, … 30 normal fork means; larger n use the last. */
    private static final double[] CRITICAL = {27.7, 13.4, 9.0, 7.0, 5.8, 5.0, 4.5, 4.1, 3.8, 3.5, 3.4, 3.2, 3.0, 2.9,
            2.8, 2.7, 2.7, 2.6, 2.6, 2.5, 2.5, 2.5, 2.4, 2.4, 2.3, 2.3, 2.3};

    private ForkModes() {
    }

    /**
     * Two groups of forks with the slower group's forks at {@code slowLow}–{@code slowHigh} and the faster's at
     * {@code fastLow}–{@code fastHigh} (geometric fork means, in the samples' unit).
     *
     * @param ratio        the gap between the groups over the spread within them
     * @param withinFork   the median over forks of the relative standard deviation of a fork's iterations
     */
    public record Split(int fastForks, double fastLow, double fastHigh, int slowForks, double slowLow, double slowHigh,
            double ratio, double withinFork) {

        /** How much slower the slower group's typical fork is than the faster's (geometric means), e.g. 0.5. */
        public double slowdown() {
            return Math.sqrt(slowLow * slowHigh / (fastLow * fastHigh)) - 1;
        }
    }

    /** The 99th percentile of the gap ratio for {@code forks} normal fork means ({@code forks} ≥ 4). */
    public static double critical(int forks) {
        return CRITICAL[Math.min(forks, FEWEST_FORKS + CRITICAL.length - 1) - FEWEST_FORKS];
    }

    /** The split of a configuration's {@code [fork][iteration]} times, when its forks ran at two speeds. */
    public static Optional<Split> of(double[][] times) {
        int n = times.length;
        if (n < FEWEST_FORKS) {
            return Optional.empty();
        }
        double[] means = new double[n];
        double[] spreads = new double[n];
        double[] precisions = new double[n];
        for (int f = 0; f < n; f++) {
            double[] logs = Arrays.stream(times[f]).map(Math::log).toArray();
            means[f] = Descriptive.mean(logs, 0, logs.length);
            spreads[f] = logs.length < 2 ? 0 : Math.sqrt(Descriptive.squaredDeviations(logs, 0, logs.length) / (logs.length - 1));
            precisions[f] = spreads[f] / Math.sqrt(logs.length);
        }
        Arrays.sort(means);
        int cut = 0;
        for (int i = 1; i < n - 1; i++) {
            if (means[i + 1] - means[i] > means[cut + 1] - means[cut]) {
                cut = i;
            }
        }
        double gap = means[cut + 1] - means[cut];
        double[] fast = Arrays.copyOfRange(means, 0, cut + 1);
        double[] slow = Arrays.copyOfRange(means, cut + 1, n);
        double pooled = Math.sqrt((Descriptive.squaredDeviations(fast, 0, fast.length)
                + Descriptive.squaredDeviations(slow, 0, slow.length)) / (n - 2));
        double yardstick = Math.max(pooled, Descriptive.median(precisions));
        double ratio = yardstick > 0 ? gap / yardstick : Double.POSITIVE_INFINITY;
        if (Math.expm1(gap) < SMALLEST_GAP || ratio < critical(n)) {
            return Optional.empty();
        }
        return Optional.of(new Split(fast.length, Math.exp(fast[0]), Math.exp(fast[fast.length - 1]), slow.length,
                Math.exp(slow[0]), Math.exp(slow[slow.length - 1]), ratio, Math.expm1(Descriptive.median(spreads))));
    }
}
