package dev.factored.jmh.e2e;

import dev.factored.jmh.Cores;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Existing fork/join code adopted as the adopting guide says, in the three shapes of OpenJDK's own
 * microbenchmarks: a {@code RecursiveTask} invoked from the benchmark thread, outside any pool (IntegerSum's
 * shape: its joins block a worker, which the JDK replaces with a spare); a pool made in {@code @Setup}
 * (ForkJoinPoolThresholdStatic's); and a parallel stream.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ExistingCodeBenchmark {

    static final int SIZE = 1 << 16;
    private int[] data;
    private long expected;
    private ForkJoinPool pool;

    @Setup(Level.Trial)
    public void setUp() {
        data = IntStream.range(0, SIZE).map(i -> i % 1000).toArray();
        expected = sequential();
        pool = Cores.forkJoinPool();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        pool.shutdown();
    }

    private long sequential() {
        long s = 0;
        for (int v : data) {
            s += v;
        }
        return s;
    }

    @Benchmark
    public long invokedFromOutside(Cores cores) throws Exception {
        if (cores.isBaseline()) {
            return sequential();
        }
        return checked(cores.call(() -> new SumTask(data, 0, data.length).invoke()));
    }

    @Benchmark
    public long poolFromSetup(Cores cores) {
        if (cores.isBaseline()) {
            return sequential();
        }
        return checked(pool.invoke(new SumTask(data, 0, data.length)));
    }

    @Benchmark
    public long parallelStream(Cores cores) throws Exception {
        if (cores.isBaseline()) {
            return sequential();
        }
        return checked(cores.call(() -> IntStream.of(data).parallel().asLongStream().sum()));
    }

    /** A wrong sum fails the run (the tests run JMH with fail-on-error), so a run that ends computed right. */
    private long checked(long sum) {
        if (sum != expected) {
            throw new IllegalStateException("sum " + sum + ", expected " + expected);
        }
        return sum;
    }

    /** IntegerSum's task: forks the left half, computes the right, joins the left. */
    static final class SumTask extends RecursiveTask<Long> {
        private static final long serialVersionUID = 1L;
        private final int[] array;
        private final int from;
        private final int to;

        SumTask(int[] array, int from, int to) {
            this.array = array;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= 256) {
                long s = 0;
                for (int i = from; i < to; i++) {
                    s += array[i];
                }
                return s;
            }
            int mid = (from + to) >>> 1;
            SumTask left = new SumTask(array, from, mid);
            left.fork();
            long right = new SumTask(array, mid, to).compute();
            return left.join() + right;
        }
    }
}
