package dev.factored.jmh;

import dev.factored.benchmarks.pool.MixSum;
import dev.factored.benchmarks.pool.Paired;
import dev.factored.forkjoin.FactoredPool;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * What reading the interference costs the measurement (issue 15): the profiler reads {@code /proc/stat} and every
 * thread's {@code schedstat} at iteration boundaries, outside the timed operations, so its only way into a
 * measurement is the operation right after a read (caches and TLB the read disturbed). Paired: the same
 * {@link MixSum} program on one pool, operations alternating A B, B A, …; B is preceded by a full interference
 * read (untimed), A by nothing. Every B operation is a worst case: in a JMH iteration one read precedes thousands
 * of operations. The figure is the ratio of median operation times B / A with a 95 % bootstrap interval; an A/A
 * line shows the resolution. The read's own time, which only lengthens the gap between iterations, is printed too.
 *
 * <p>In package {@code dev.factored.jmh} because the reader is the profiler's package-private class. Run (pinned
 * like a cores=P fork):
 * <pre>
 * mvn -B -q install -DskipTests -pl factored-contract,jmh-factored-profiler &amp;&amp; mvn -B -q -pl benchmarks package
 * taskset -c 0,1 java -cp benchmarks/target/benchmarks.jar dev.factored.jmh.InterferenceOverhead
 * </pre>
 */
public final class InterferenceOverhead {

    private static final int SIZE = 1 << 18;

    private InterferenceOverhead() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        StringBuilder why = new StringBuilder();
        Interference reader = Interference.openOrWhy(why);
        if (reader == null) {
            System.out.println("no interference reading on this machine: " + why);
            return;
        }
        long[] data = new SplittableRandom(42).longs(SIZE).toArray();
        long start = System.nanoTime();
        int reads = 500;
        for (int i = 0; i < reads; i++) {
            reader.read();
        }
        System.out.printf(Locale.ROOT, "one read: %.1f us (%d threads)%n", (System.nanoTime() - start) / 1e3 / reads,
                reader.read().threads().size());
        System.out.println("P  grain  B        A median     B median     B/A [95% CI]");
        for (int p : new int[] {1, 2}) {
            for (int grain : new int[] {4096, 256}) {
                measure(reader, data, p, grain, rounds, false);
                measure(reader, data, p, grain, rounds, true);
            }
        }
    }

    /** A: no read before the operation; B: a read before it, or none again for the A/A control. */
    private static void measure(Interference reader, long[] data, int p, int grain, int rounds, boolean readInB) {
        try (FactoredPool pool = FactoredPool.withWorkers(p)) {
            long expected = MixSum.leaf(data, 0, data.length);
            Paired.Operation op = () -> pool.invoke(new MixSum.Factored(data, 0, data.length, grain)) == expected;
            Runnable read = () -> {
                try {
                    reader.read();
                } catch (java.io.IOException e) {
                    throw new IllegalStateException(e);
                }
            };
            Paired.Result r = Paired.compare(op, op, rounds, null, readInB ? read : null);
            System.out.printf(Locale.ROOT, "%d  %5d  %s  %s%n", p, grain, readInB ? "read" : "none", r.format());
        }
    }
}
