package it.norewrite;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/** A typical JMH benchmark of fork/join code, before factored: a RecursiveTask with a threshold. */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
public class SumBenchmark {

    @Param({"1000", "20000"})
    public int threshold;

    private long[] array;
    private ForkJoinPool pool;

    @Setup
    public void setup() {
        array = ThreadLocalRandom.current().longs(400_000, 0, 100).toArray();
        pool = new ForkJoinPool();
    }

    @TearDown
    public void tearDown() {
        pool.shutdown();
    }

    @Benchmark
    public long forkJoinSum() {
        return pool.invoke(new SumTask(array, 0, array.length, threshold));
    }

    @Benchmark
    public long sequentialSum() {
        return SumTask.sumRange(array, 0, array.length);
    }

    static final class SumTask extends RecursiveTask<Long> {
        private final long[] array;
        private final int lo;
        private final int hi;
        private final int threshold;

        SumTask(long[] array, int lo, int hi, int threshold) {
            this.array = array;
            this.lo = lo;
            this.hi = hi;
            this.threshold = threshold;
        }

        static long sumRange(long[] array, int lo, int hi) {
            long sum = 0;
            for (int i = lo; i < hi; i++) {
                sum += array[i];
            }
            return sum;
        }

        @Override
        protected Long compute() {
            if (hi - lo <= threshold) {
                return sumRange(array, lo, hi);
            }
            int mid = (lo + hi) >>> 1;
            SumTask left = new SumTask(array, lo, mid, threshold);
            SumTask right = new SumTask(array, mid, hi, threshold);
            left.fork();
            long rightSum = right.compute();
            return left.join() + rightSum;
        }
    }
}
