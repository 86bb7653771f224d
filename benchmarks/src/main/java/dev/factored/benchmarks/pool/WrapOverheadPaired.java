package dev.factored.benchmarks.pool;

import dev.factored.analysis.stats.Descriptive;
import dev.factored.forkjoin.MeasuredForkJoinPool;
import dev.factored.forkjoin.accounting.EstimatedIdle;
import dev.factored.forkjoin.accounting.Ledger;
import dev.factored.forkjoin.accounting.PoolStats;
import dev.factored.forkjoin.accounting.ThreadStates;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

/**
 * What wrapping unmodified parallel code in {@code cores.call} costs (issue 25, item 4), paired in one JVM: the
 * same operation run as it is (A) and inside {@link EstimatedIdle#measure(int, Callable)}, the body of
 * {@code cores.call} (B), alternating operation by operation; the figure is B / A of the median operation times
 * with a 95 % bootstrap interval ({@link Paired}). The bars: B / A ≤ 1.03 on the fan-out, and B − A ≤ 2 µs on
 * the short task.
 *
 * <ul>
 *   <li>{@code fan-out}: six equal CPU-bound {@code CompletableFuture.supplyAsync} tasks on a
 *       {@link MeasuredForkJoinPool} of P (what {@code Cores.forkJoinPool()} returns), joined with
 *       {@code allOf};</li>
 *   <li>{@code looks}: blocks of the wrapped fan-out with the profiler's looks at the threads' states
 *       ({@link ThreadStates}) parked (A) and looking every 10 ms (B);</li>
 *   <li>{@code short}: a {@code RecursiveTask} of about 20 µs in all invoked from the caller on the common pool,
 *       as OpenJDK's PrimesSieve {@code hm_par} does (its time moves between two modes, about 7 and 11 µs here, from
 *       one run to the next, which the median of one run can land on either side of);</li>
 *   <li>{@code wrapper}: a sequential sum of about 0.3 µs, as it is and wrapped: the wrapper's own cost.</li>
 *   <li>{@code stream}: blocks of eight parallel streams of about 2 ms each on the common pool, back to back as in
 *       a JMH iteration (issue 34): the first of a block follows a plain block and is timed at both ends, the others
 *       are timed too (each follows one of a millisecond or more);</li>
 *   <li>{@code apart}: the same stream with a 2 ms sleep before each operation (untimed, as a {@code Level.Invocation}
 *       setup's): the wrapper reads its caller's CPU clock, the collectors and, where the operation before was long
 *       enough for every counted worker, their CPU clocks at both of its ends, to leave out what JMH does not
 *       measure; how many read the workers is printed beside it.</li>
 * </ul>
 *
 * <p>Run pinned to P CPUs with the common pool sized as the profiler sizes it in a {@code cores=P} fork:
 * <pre>
 * mvn -B -q install -DskipTests -pl factored-contract,jmh-factored-profiler &amp;&amp; mvn -B -q -pl benchmarks package
 * taskset -c 0,1 java -XX:ActiveProcessorCount=2 -Djava.util.concurrent.ForkJoinPool.common.parallelism=2 \
 *     -cp benchmarks/target/benchmarks.jar dev.factored.benchmarks.pool.WrapOverheadPaired 2
 * </pre>
 */
public final class WrapOverheadPaired {

    private static final int SIZE = 1 << 16;
    private static final long BUDGET_NANOS = TimeUnit.SECONDS.toNanos(15);
    private static final int BLOCK = 8;
    /** The timed operation's wall time to aim at: 2 ms and more per worker, so that it reads them all. */
    private static final double TIMED_WALL_NANOS = Double.parseDouble(System.getProperty("timedMillis", "3")) * 1e6;

    private WrapOverheadPaired() {
    }

    public static void main(String[] args) throws Exception {
        int p = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        long[] data = new SplittableRandom(42).longs(SIZE).toArray();
        System.out.println("P  operation  A median     B median     B/A [95% CI]  B-A");
        try (MeasuredForkJoinPool pool = MeasuredForkJoinPool.withWorkers(p)) {
            long each = MixSum.leaf(data, 0, SIZE);
            Paired.Operation fanOut = () -> fanOut(pool, data) == 6 * each;
            Paired.Operation wrapped = () -> measured(p, () -> fanOut(pool, data)) == 6 * each;
            line(p, "fan-out", Paired.compare(fanOut, wrapped, rounds(fanOut)));
            // The looks at the threads' states: a block of wrapped fan-outs with the looking thread parked (A) and
            // looking every 10 ms (B); blocks of 40 ms or more, so that each B block has its looks.
            ThreadStates.start();
            int block = Math.max(1, (int) (40_000_000L / Descriptive.median(times(wrapped, 200))));
            Paired.Operation blockOf = () -> {
                boolean right = true;
                for (int i = 0; i < block; i++) {
                    right &= wrapped.run();
                }
                return right;
            };
            Paired.Result looks = Paired.compare(blockOf, blockOf, Math.max(20, rounds(blockOf)),
                    () -> ThreadStates.paused(true), () -> ThreadStates.paused(false));
            ThreadStates.paused(true);
            line(p, "looks", looks);
        }
        int shortSize = 1 << 14;
        long expected = MixSum.leaf(data, 0, shortSize);
        Paired.Operation task = () -> ForkJoinPool.commonPool().invoke(new MixSum.Plain(data, 0, shortSize, 1024))
                == expected;
        Paired.Operation wrappedTask = () -> measured(p,
                () -> ForkJoinPool.commonPool().invoke(new MixSum.Plain(data, 0, shortSize, 1024))) == expected;
        line(p, "short", Paired.compare(task, wrappedTask, rounds(task)));
        // The wrapper alone, on a sequential sum of 1,024 longs (about 0.3 us): what cores.call adds to any operation,
        // without the common pool's hand-off, whose own time moves between two modes from run to run.
        long small = MixSum.leaf(data, 0, 1024);
        Paired.Operation alone = () -> MixSum.leaf(data, 0, 1024) == small;
        Paired.Operation wrappedAlone = () -> measured(p, () -> MixSum.leaf(data, 0, 1024)) == small;
        line(p, "wrapper", Paired.compare(alone, wrappedAlone, rounds(alone)));
        long oneLeaf = MixSum.leaf(data, 0, SIZE);
        double leaf = Descriptive.median(times(() -> MixSum.leaf(data, 0, SIZE) == oneLeaf, 200));
        int leaves = Math.max(2 * p, (int) Math.round(TIMED_WALL_NANOS * p / leaf));
        long allLeaves = leaves * oneLeaf;
        Paired.Operation stream = () -> leaves(data, leaves) == allLeaves;
        Paired.Operation wrappedStream = () -> measured(p, () -> leaves(data, leaves)) == allLeaves;
        // Back to back: blocks of eight operations, so that the wrapped ones follow one another as in a JMH iteration
        // (alternating single operations would put a plain one between every two wrapped ones).
        Paired.Operation block = () -> repeat(stream, BLOCK);
        Paired.Operation wrappedBlock = () -> repeat(wrappedStream, BLOCK);
        line(p, "stream", Paired.compare(block, wrappedBlock, rounds(block)));
        Runnable pause = () -> {
            try {
                Thread.sleep(2);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        PoolStats before = Ledger.totals();
        Paired.Result apart = Paired.compare(stream, wrappedStream, Math.min(2_000, rounds(stream)), pause, pause);
        PoolStats read = Ledger.totals().minus(before);
        line(p, "apart", apart);
        System.out.printf(Locale.ROOT, "   %d leaves of %.0f us; of %d wrapped operations apart, %d read the workers%n",
                leaves, leaf / 1e3, read.counts().estimatedOperations(), read.timed().workerOperations());
    }

    private static boolean repeat(Paired.Operation op, int times) {
        boolean right = true;
        for (int i = 0; i < times; i++) {
            right &= op.run();
        }
        return right;
    }

    /** {@code n} sums of the whole array, a parallel stream on the common pool. */
    static long leaves(long[] data, int n) {
        return IntStream.range(0, n).parallel().mapToLong(i -> MixSum.leaf(data, 0, SIZE)).sum();
    }

    /** Six supplyAsync tasks of the whole array each, on the pool, joined with allOf. */
    static long fanOut(ForkJoinPool pool, long[] data) {
        @SuppressWarnings("unchecked")
        CompletableFuture<Long>[] futures = new CompletableFuture[6];
        for (int i = 0; i < futures.length; i++) {
            futures[i] = CompletableFuture.supplyAsync(() -> MixSum.leaf(data, 0, data.length), pool);
        }
        CompletableFuture.allOf(futures).join();
        long sum = 0;
        for (CompletableFuture<Long> f : futures) {
            sum += f.join();
        }
        return sum;
    }

    private static long measured(int p, Callable<Long> operation) {
        try {
            return EstimatedIdle.measure(p, operation);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static double[] times(Paired.Operation op, int n) {
        double[] t = new double[n];
        for (int i = 0; i < n; i++) {
            long start = System.nanoTime();
            op.run();
            t[i] = System.nanoTime() - start;
        }
        return t;
    }

    private static int rounds(Paired.Operation op) {
        return Paired.rounds(op, BUDGET_NANOS, 200, 50_000);
    }

    private static void line(int p, String operation, Paired.Result r) {
        System.out.printf(Locale.ROOT, "%d  %-9s  %s  %+.2f us%n", p, operation, r.format(),
                (r.medianB() - r.medianA()) / 1e3);
    }
}
