package dev.factored.example;

import dev.factored.jmh.Cores;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Existing code as it is: a plain {@link RecursiveTask} invoked on a {@link ForkJoinPool}, measured with no
 * rewrite. The only changes from a typical JMH benchmark of it are the pool, taken from {@code Cores.forkJoinPool()} instead of
 * {@code new ForkJoinPool()}, and the baseline branch. The idle time is estimated from the workers' CPU time
 * and there is no elision (see the adopting guide); {@code threshold} 1,000 forks 4,095 tasks per operation,
 * 100,000 forks 63.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(3)
@Warmup(iterations = 5, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
public class PlainSumBenchmark {

    @Param({"1000", "100000"})
    public int threshold;

    private long[] data;
    private ForkJoinPool pool;
    /** Each copy of the bandwidth test reads an array of its own, so copies share no cache lines. */
    private final Map<Integer, long[]> copies = new ConcurrentHashMap<>();

    @Setup
    public void setup() {
        data = new SplittableRandom(42).longs(1 << 22, 0, 1000).toArray();
        pool = Cores.forkJoinPool();
    }

    @Benchmark
    public long sum(Cores cores) {
        if (cores.isBaseline()) {
            return cores.baseline(copy -> {
                long[] mine = copies.computeIfAbsent(copy, c -> c == 0 ? data : data.clone());
                return SumOfSquares.sequential(mine, 0, mine.length);
            });
        }
        return pool.invoke(new SumOfSquares(data, 0, data.length, threshold));
    }

    /** The sum of the squares of {@code data[from, to)}, split in halves down to {@code threshold}. */
    static final class SumOfSquares extends RecursiveTask<Long> {
        private static final long serialVersionUID = 1L;
        private final long[] data;
        private final int from;
        private final int to;
        private final int threshold;

        SumOfSquares(long[] data, int from, int to, int threshold) {
            this.data = data;
            this.from = from;
            this.to = to;
            this.threshold = threshold;
        }

        static long sequential(long[] data, int from, int to) {
            long sum = 0;
            for (int i = from; i < to; i++) {
                sum += data[i] * data[i];
            }
            return sum;
        }

        @Override
        protected Long compute() {
            if (to - from <= threshold) {
                return sequential(data, from, to);
            }
            int mid = (from + to) >>> 1;
            SumOfSquares left = new SumOfSquares(data, from, mid, threshold);
            left.fork();
            long right = new SumOfSquares(data, mid, to, threshold).compute();
            return left.join() + right;
        }
    }
}
