package dev.factored.benchmarks.pool;

import dev.factored.forkjoin.FactoredPool;
import dev.factored.forkjoin.accounting.PoolStats;
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

    private ActivityOverhead() {
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        long[] data = new SplittableRandom(42).longs(SIZE).toArray();
        System.out.println("P  grain  leaf    B    A median     B median     B/A [95% CI]                        steals/op");
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
            Paired.Operation op = () -> pool.invoke(new MixSum.Factored(data, 0, data.length, grain)) == expected;
            PoolStats.Counts before = pool.stats().counts();
            Paired.Result r = Paired.compare(op, op, rounds, () -> pool.recordActivity(false),
                    () -> pool.recordActivity(recordInB));
            PoolStats.Counts after = pool.stats().counts();
            double steals = (after.steals() - before.steals()) / (double) (after.operations() - before.operations());
            System.out.printf(Locale.ROOT, "%d  %5d  %s  %s  %s  %.1f%n", p, grain, grain == 4096 ? "~1 us " : "~20 ns",
                    recordInB ? "on " : "off", r.format(), steals);
        }
    }
}
