package dev.factored.benchmarks.pool;

import dev.factored.forkjoin.FactoredPool;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * What recording the activity timeline costs (issue 11): the same {@link MixSum} program on one pool of P
 * workers, its recording switched on and off operation by operation in alternating order (A B, B A, …), so
 * that drift, frequency changes and neighbours on this shared VM hit both alike, and the pool, its threads
 * and their memory are the same for both. The figure is the ratio of the median operation times, on / off,
 * with a 95 % bootstrap interval over the paired rounds; an A/A line (off / off) shows the resolution.
 *
 * <p>Recording adds two array stores per busy period (no clock read: the busy/idle transitions already read
 * the clock for the idle accounting), so its cost scales with the steals per operation, not with the tasks.
 * "Off" is the same code with the buffer reference null: one null check per transition.
 *
 * <p>Run (about a minute per line; pin it like the profiler pins a cores=P fork):
 * <pre>
 * mvn -B -q install -DskipTests -pl factored-contract,jmh-factored-profiler &amp;&amp; mvn -B -q -pl benchmarks package
 * taskset -c 0,1 java -cp benchmarks/target/benchmarks.jar dev.factored.benchmarks.pool.ActivityOverhead
 * </pre>
 */
public final class ActivityOverhead {

    private static final int SIZE = 1 << 18;
    private static final int RESAMPLES = 2000;

    private ActivityOverhead() {
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        long[] data = new SplittableRandom(42).longs(SIZE).toArray();
        System.out.println("P  grain  leaf    B      ops/round  A median    B median    B/A [95% CI]         steals/op");
        for (int p : new int[] {1, 2}) {
            for (int grain : new int[] {4096, 64}) {
                measure(data, p, grain, rounds, false);
                measure(data, p, grain, rounds, true);
            }
        }
    }

    /** A: recording off; B: recording on, or off again for the A/A control. */
    private static void measure(long[] data, int p, int grain, int rounds, boolean recordInB) {
        try (FactoredPool pool = FactoredPool.withWorkers(p, true)) {
            long expected = MixSum.leaf(data, 0, data.length);
            for (int i = 0; i < rounds / 4; i++) { // warm-up: the JIT compiles both paths
                pool.recordActivity(false);
                check(expected, pool.invoke(new MixSum.Factored(data, 0, data.length, grain)));
                pool.recordActivity(true);
                check(expected, pool.invoke(new MixSum.Factored(data, 0, data.length, grain)));
            }
            long stealsBefore = pool.stats().steals();
            long opsBefore = pool.stats().operations();
            double[] offTimes = new double[rounds];
            double[] onTimes = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                if ((r & 1) == 0) {
                    pool.recordActivity(false);
                    offTimes[r] = time(pool, data, grain, expected);
                    pool.recordActivity(recordInB);
                    onTimes[r] = time(pool, data, grain, expected);
                } else {
                    pool.recordActivity(recordInB);
                    onTimes[r] = time(pool, data, grain, expected);
                    pool.recordActivity(false);
                    offTimes[r] = time(pool, data, grain, expected);
                }
            }
            double steals = (pool.stats().steals() - stealsBefore) / (double) (pool.stats().operations() - opsBefore);
            double ratio = median(onTimes) / median(offTimes);
            SplittableRandom random = new SplittableRandom(7);
            double[] boot = new double[RESAMPLES];
            double[] a = new double[rounds];
            double[] b = new double[rounds];
            for (int k = 0; k < RESAMPLES; k++) {
                for (int i = 0; i < rounds; i++) {
                    int j = random.nextInt(rounds); // paired: a round's two operations stay together
                    a[i] = offTimes[j];
                    b[i] = onTimes[j];
                }
                boot[k] = median(b) / median(a);
            }
            Arrays.sort(boot);
            System.out.printf(Locale.ROOT, "%d  %5d  %s  %s  %9d  %8.2f us  %8.2f us  %.4f [%.4f, %.4f]  %.1f%n", p,
                    grain, grain == 4096 ? "~1 us " : "~20 ns", recordInB ? "on " : "off", rounds, median(offTimes) / 1e3, median(onTimes) / 1e3, ratio,
                    boot[(int) (0.025 * RESAMPLES)], boot[(int) (0.975 * RESAMPLES) - 1], steals);
        }
    }

    private static double time(FactoredPool pool, long[] data, int grain, long expected) {
        long start = System.nanoTime();
        long sum = pool.invoke(new MixSum.Factored(data, 0, data.length, grain));
        long end = System.nanoTime();
        check(expected, sum);
        return end - start;
    }

    private static void check(long expected, long sum) {
        if (sum != expected) {
            throw new IllegalStateException("wrong sum: " + sum + ", expected " + expected);
        }
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
