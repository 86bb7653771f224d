package dev.factored.benchmarks.machine;

import dev.factored.analysis.stats.Descriptive;
import dev.factored.benchmarks.pool.MixSum;
import dev.factored.forkjoin.FactoredPool;
import dev.factored.jmh.machine.Interference;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * What reading the interference costs the measurement (issue 15). The profiler reads {@code /proc/stat} and every
 * thread's {@code schedstat} at iteration boundaries, outside the timed operations, so its only way into a figure is
 * through the operations of the iteration after a read (caches, TLB, workers parked during the read). Paired, at the
 * granularity JMH measures: iterations of {@code ops} operations of the same {@link MixSum} program on one pool,
 * alternating A B, B A, …; a B iteration is framed by two reads (before and after, as the profiler does), an A
 * iteration by none. The figure is the ratio of the median iteration means, B / A, with a 95 % bootstrap interval
 * over the pairs; an A/A line shows the resolution. Also printed: one read's own time, which only lengthens the gap
 * between iterations.
 *
 * <p>The reader is the profiler's ({@link Interference}, in its machine package). Run (pinned like a cores=P fork):
 * <pre>
 * mvn -B -q install -DskipTests -pl factored-contract,jmh-factored-profiler &amp;&amp; mvn -B -q -pl benchmarks package
 * taskset -c 0,1 java -cp benchmarks/target/benchmarks.jar \
 *     dev.factored.benchmarks.machine.InterferenceOverhead [pairs] [ops]
 * </pre>
 */
public final class InterferenceOverhead {

    private static final int SIZE = 1 << 18;
    private static final int RESAMPLES = 2000;

    private InterferenceOverhead() {
    }

    public static void main(String[] args) throws Exception {
        int pairs = args.length > 0 ? Integer.parseInt(args[0]) : 300;
        int ops = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        StringBuilder why = new StringBuilder();
        Interference reader = Interference.openOrWhy(null, why);
        if (reader == null) {
            System.out.println("no interference reading on this machine: " + why);
            return;
        }
        long[] data = new SplittableRandom(42).longs(SIZE).toArray();
        try (FactoredPool warm = FactoredPool.withWorkers(2)) {
            for (int i = 0; i < 2000; i++) {
                reader.read();
            }
            long start = System.nanoTime();
            int reads = 2000;
            for (int i = 0; i < reads; i++) {
                reader.read();
            }
            System.out.printf(Locale.ROOT, "one read: %.1f us (%d threads)%n",
                    (System.nanoTime() - start) / 1e3 / reads, reader.read().threads().size());
        }
        System.out.println("P  grain  B     A median/op  B median/op  B/A [95% CI]  (" + pairs + " pairs of iterations of "
                + ops + " operations)");
        for (int p : new int[] {1, 2}) {
            for (int grain : new int[] {4096, 256}) {
                measure(reader, data, p, grain, pairs, ops, false);
                measure(reader, data, p, grain, pairs, ops, true);
            }
        }
    }

    /** A: iterations without reads; B: iterations framed by two reads, or none again for the A/A control. */
    private static void measure(Interference reader, long[] data, int p, int grain, int pairs, int ops,
                                boolean readInB) throws Exception {
        try (FactoredPool pool = FactoredPool.withWorkers(p)) {
            long expected = MixSum.leaf(data, 0, data.length);
            for (int i = 0; i < pairs / 4; i++) {
                iteration(pool, data, grain, ops, expected, null);
                iteration(pool, data, grain, ops, expected, readInB ? reader : null);
            }
            double[] a = new double[pairs];
            double[] b = new double[pairs];
            for (int r = 0; r < pairs; r++) {
                if ((r & 1) == 0) {
                    a[r] = iteration(pool, data, grain, ops, expected, null);
                    b[r] = iteration(pool, data, grain, ops, expected, readInB ? reader : null);
                } else {
                    b[r] = iteration(pool, data, grain, ops, expected, readInB ? reader : null);
                    a[r] = iteration(pool, data, grain, ops, expected, null);
                }
            }
            SplittableRandom random = new SplittableRandom(7);
            double[] boot = new double[RESAMPLES];
            double[] x = new double[pairs];
            double[] y = new double[pairs];
            for (int k = 0; k < RESAMPLES; k++) {
                for (int i = 0; i < pairs; i++) {
                    int j = random.nextInt(pairs);
                    x[i] = a[j];
                    y[i] = b[j];
                }
                boot[k] = Descriptive.median(y) / Descriptive.median(x);
            }
            Arrays.sort(boot);
            System.out.printf(Locale.ROOT, "%d  %5d  %s  %9.2f us  %9.2f us  %.4f [%.4f, %.4f]%n", p, grain,
                    readInB ? "read" : "none", Descriptive.median(a) / 1e3, Descriptive.median(b) / 1e3,
                    Descriptive.median(b) / Descriptive.median(a),
                    boot[(int) (0.025 * RESAMPLES)], boot[(int) (0.975 * RESAMPLES) - 1]);
        }
    }

    /** One iteration's mean operation time in ns; with a reader, read before and after it, untimed, as JMH's hooks. */
    private static double iteration(FactoredPool pool, long[] data, int grain, int ops, long expected,
                                    Interference reader) throws Exception {
        if (reader != null) {
            reader.read();
        }
        long start = System.nanoTime();
        for (int i = 0; i < ops; i++) {
            if (pool.invoke(new MixSum.Factored(data, 0, data.length, grain)) != expected) {
                throw new IllegalStateException("an operation computed a wrong result");
            }
        }
        double mean = (System.nanoTime() - start) / (double) ops;
        if (reader != null) {
            reader.read();
        }
        return mean;
    }
}
