package dev.factored.benchmarks.pool;

import dev.factored.analysis.stats.Descriptive;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * A paired comparison of two ways to run one operation in one JVM: A and B alternate operation by operation
 * (A B, B A, …), so drift, frequency changes and neighbours on a shared machine hit both alike, and the figure
 * is the ratio of the median times, B / A, with a 95 % bootstrap interval over the paired rounds (a round's two
 * operations stay together).
 */
final class Paired {

    private static final int RESAMPLES = 2000;

    /** One way to run the operation: runs it once and says whether its result was right. */
    interface Operation {
        boolean run();
    }

    record Result(double medianA, double medianB, double ratio, double low, double high, int rounds) {
        String format() {
            return String.format(Locale.ROOT, "%9.2f us  %9.2f us  %.4f [%.4f, %.4f]  (%d pairs)", medianA / 1e3,
                    medianB / 1e3, ratio, low, high, rounds);
        }
    }

    private Paired() {
    }

    /**
     * Warms both up for a quarter of the rounds, then measures {@code rounds} pairs; between operations
     * {@code before} (may be null) prepares the next one and is not timed.
     */
    static Result compare(Operation a, Operation b, int rounds, Runnable beforeA, Runnable beforeB) {
        for (int i = 0; i < Math.max(1, rounds / 4); i++) {
            run(a, beforeA);
            run(b, beforeB);
        }
        double[] timesA = new double[rounds];
        double[] timesB = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            if ((r & 1) == 0) {
                timesA[r] = run(a, beforeA);
                timesB[r] = run(b, beforeB);
            } else {
                timesB[r] = run(b, beforeB);
                timesA[r] = run(a, beforeA);
            }
        }
        SplittableRandom random = new SplittableRandom(7);
        double[] boot = new double[RESAMPLES];
        double[] x = new double[rounds];
        double[] y = new double[rounds];
        for (int k = 0; k < RESAMPLES; k++) {
            for (int i = 0; i < rounds; i++) {
                int j = random.nextInt(rounds);
                x[i] = timesA[j];
                y[i] = timesB[j];
            }
            boot[k] = Descriptive.median(y) / Descriptive.median(x);
        }
        Arrays.sort(boot);
        double medianA = Descriptive.median(timesA);
        double medianB = Descriptive.median(timesB);
        return new Result(medianA, medianB, medianB / medianA,
                boot[(int) (0.025 * RESAMPLES)], boot[(int) (0.975 * RESAMPLES) - 1], rounds);
    }

    /** As many pairs as fit {@code budgetNanos} by a half-second trial of {@code op}, between {@code min} and {@code max}. */
    static int rounds(Operation op, long budgetNanos, int min, int max) {
        long start = System.nanoTime();
        int n = 0;
        while (System.nanoTime() - start < 500_000_000L) {
            op.run();
            n++;
        }
        double each = (System.nanoTime() - start) / (double) n;
        return (int) Math.max(min, Math.min(max, budgetNanos / (2 * each)));
    }

    static Result compare(Operation a, Operation b, int rounds) {
        return compare(a, b, rounds, null, null);
    }

    private static double run(Operation op, Runnable before) {
        if (before != null) {
            before.run();
        }
        long start = System.nanoTime();
        boolean right = op.run();
        long end = System.nanoTime();
        if (!right) {
            throw new IllegalStateException("an operation computed a wrong result");
        }
        return end - start;
    }
}
