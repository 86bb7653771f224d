package dev.factored.benchmarks.pool;

import dev.factored.forkjoin.FactoredPool;
import dev.factored.forkjoin.MeasuredForkJoinPool;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;

/**
 * What each path of measurement costs (issue 10), paired: the same {@link MixSum} program on a plain
 * {@link ForkJoinPool} of P workers (A) and on the measured pool (B), operation by operation in alternating
 * order, ratio of median operation times B / A with a 95 % bootstrap interval ({@link Paired}).
 *
 * <ul>
 *   <li>{@code A/A}: two plain pools: how far two identical pools differ here (the resolution);</li>
 *   <li>{@code exact}: the FactoredTask on a {@link FactoredPool} (idle counted at busy/idle transitions);</li>
 *   <li>{@code estimated}: the unmodified RecursiveTask on a {@link MeasuredForkJoinPool} (idle from CPU time).</li>
 * </ul>
 * A runs the plain program the way both measured pools hand an operation to a worker: the caller waits while
 * a worker runs the root, so only the P workers run tasks. Leaves: grain 4096 (about 1.3 µs each) and grain 1
 * (the finest: 262,143 forks per operation).
 *
 * <p>Run pinned to P CPUs (at P = 1 all threads then share one CPU, so a pool's worker cannot land on a faster
 * or quieter CPU than the other pool's):
 * <pre>
 * mvn -B -q install -DskipTests -pl factored-contract,jmh-factored-profiler &amp;&amp; mvn -B -q -pl benchmarks package
 * taskset -c 0 java -cp benchmarks/target/benchmarks.jar dev.factored.benchmarks.pool.PoolOverheadPaired 1
 * taskset -c 0,1 java -cp benchmarks/target/benchmarks.jar dev.factored.benchmarks.pool.PoolOverheadPaired 2
 * </pre>
 */
public final class PoolOverheadPaired {

    private static final int SIZE = 1 << 18;
    /** Measured pairs take about this long per line. */
    private static final long BUDGET_NANOS = TimeUnit.SECONDS.toNanos(20);

    private PoolOverheadPaired() {
    }

    public static void main(String[] args) throws Exception {
        int p = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        long[] data = new SplittableRandom(42).longs(SIZE).toArray();
        long expected = MixSum.leaf(data, 0, SIZE);
        System.out.println("P  grain  B          A median     B median     B/A [95% CI]");
        for (int grain : new int[] {4096, 1}) {
            try (Plain a = new Plain(p); Plain other = new Plain(p); FactoredPool exact = FactoredPool.withWorkers(p);
                    MeasuredForkJoinPool estimated = MeasuredForkJoinPool.withWorkers(p)) {
                Paired.Operation plain = () -> a.run(new MixSum.Plain(data, 0, SIZE, grain)) == expected;
                int rounds = rounds(plain);
                line(p, grain, "A/A      ", Paired.compare(plain,
                        () -> other.run(new MixSum.Plain(data, 0, SIZE, grain)) == expected, rounds));
                line(p, grain, "exact    ", Paired.compare(plain,
                        () -> exact.invoke(new MixSum.Factored(data, 0, SIZE, grain)) == expected, rounds));
                line(p, grain, "estimated", Paired.compare(plain,
                        () -> estimated.invoke(new MixSum.Plain(data, 0, SIZE, grain)) == expected, rounds));
            }
        }
    }

    /** As many pairs as fit the budget, at least 200. */
    private static int rounds(Paired.Operation op) {
        return Paired.rounds(op, BUDGET_NANOS, 200, 20_000);
    }

    private static void line(int p, int grain, String b, Paired.Result r) {
        System.out.printf(Locale.ROOT, "%d  %5d  %s  %s%n", p, grain, b, r.format());
    }

    /** A plain pool of exactly P workers, with the hand-off both measured pools use. */
    private static final class Plain implements AutoCloseable {
        private final ForkJoinPool pool;

        Plain(int p) {
            pool = new ForkJoinPool(p, ForkJoinPool.defaultForkJoinWorkerThreadFactory, null, false, p, p, 1,
                    x -> true, 1, TimeUnit.DAYS);
        }

        long run(MixSum.Plain root) {
            CountDownLatch done = new CountDownLatch(1);
            pool.execute(() -> {
                root.invoke();
                done.countDown();
            });
            try {
                done.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            return root.join();
        }

        @Override
        public void close() {
            pool.shutdown();
        }
    }
}
