package it.plainjmh;

import dev.factored.forkjoin.FactoredTask;
import dev.factored.jmh.Cores;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A divide-and-conquer sum of squares in the shapes users bring: written with the task API ({@code cores.invoke}),
 * and existing code adopted as the guide says, the shapes of OpenJDK's own fork/join and stream microbenchmarks: a
 * {@code RecursiveTask} on a pool made in {@code @Setup} with {@code Cores.forkJoinPool()}, a {@code RecursiveTask}
 * invoked from outside any pool (it runs in the common pool, and its joins block the benchmark thread), and a parallel
 * stream, both inside {@code cores.call}. All must also run under plain JMH, without the profiler. A wrong sum fails
 * the run.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
public class SumBenchmark {

    static final int GRAIN = 4096;

    @Param({"100000"})
    public int size;

    private long[] data;
    private long expected;
    private ForkJoinPool pool;

    @Setup(Level.Trial)
    public void fill() {
        SplittableRandom random = new SplittableRandom(1);
        data = new long[size];
        for (int i = 0; i < size; i++) {
            data[i] = random.nextInt(1000);
        }
        expected = sequential(data, 0, data.length);
        pool = Cores.forkJoinPool();
    }

    @TearDown(Level.Trial)
    public void shutdown() {
        pool.shutdown();
    }

    @Benchmark
    public long sumOfSquares(Cores cores) {
        if (cores.isBaseline()) {
            return sequential(data, 0, data.length);
        }
        return checked(cores.invoke(new SumTask(data, 0, data.length)));
    }

    @Benchmark
    public long existingPool(Cores cores) {
        if (cores.isBaseline()) {
            return sequential(data, 0, data.length);
        }
        return checked(pool.invoke(new PlainSumTask(data, 0, data.length)));
    }

    @Benchmark
    public long outsidePool(Cores cores) throws Exception {
        if (cores.isBaseline()) {
            return sequential(data, 0, data.length);
        }
        return checked(cores.call(() -> new PlainSumTask(data, 0, data.length).invoke()));
    }

    @Benchmark
    public long parallelStream(Cores cores) throws Exception {
        if (cores.isBaseline()) {
            return sequential(data, 0, data.length);
        }
        return checked(cores.call(() -> java.util.Arrays.stream(data).parallel().map(x -> x * x).sum()));
    }

    private long checked(long sum) {
        if (sum != expected) {
            throw new IllegalStateException("sum " + sum + ", expected " + expected);
        }
        return sum;
    }

    static long sequential(long[] data, int from, int to) {
        long sum = 0;
        for (int i = from; i < to; i++) {
            sum += data[i] * data[i];
        }
        return sum;
    }

    static final class SumTask extends FactoredTask<Long> {
        private static final long serialVersionUID = 1L;
        private final long[] data;
        private final int from;
        private final int to;

        SumTask(long[] data, int from, int to) {
            this.data = data;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= GRAIN) {
                return sequential(data, from, to);
            }
            int mid = (from + to) >>> 1;
            return forkJoin(new SumTask(data, from, mid), new SumTask(data, mid, to), Long::sum);
        }
    }

    /** Existing code, unchanged: a plain RecursiveTask. */
    static final class PlainSumTask extends RecursiveTask<Long> {
        private static final long serialVersionUID = 1L;
        private final long[] data;
        private final int from;
        private final int to;

        PlainSumTask(long[] data, int from, int to) {
            this.data = data;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= GRAIN) {
                return sequential(data, from, to);
            }
            int mid = (from + to) >>> 1;
            PlainSumTask left = new PlainSumTask(data, from, mid);
            left.fork();
            long right = new PlainSumTask(data, mid, to).compute();
            return left.join() + right;
        }
    }
}
