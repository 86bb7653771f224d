package dev.factored.jmh.matrix;

import dev.factored.jmh.Cores;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The "done when" programs of issue 25: {@code Arrays.parallelSort} of 3M longs in {@code cores.call}, and a
 * CompletableFuture fan-out of 6 equal CPU-bound tasks on {@link Cores#forkJoinPool()}, unwrapped and wrapped.
 * The sort's T<sub>1</sub>/T<sub>2</sub> is judged on the fastest iteration of a warmed-up fork, so it keeps
 * iterations of 200 ms (a sort takes 200-400 ms) after a 300 ms warm-up; the fan-outs' checks (threads, estimated
 * idle) need only short ones, as {@link JdkParallelBenchmark}'s. Only the sort's forks make its 3M longs.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1, time = 100, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 3, time = 100, timeUnit = TimeUnit.MILLISECONDS)
public class DoneWhenBenchmark {

    static final int SORTED = 3_000_000;
    static final int TASK = 60_000;

    private long expected;
    private ForkJoinPool pool;

    /** The sort's input and its sorted copy. */
    @State(Scope.Benchmark)
    public static class Longs {
        long[] longs;
        long[] sorted;

        @Setup(Level.Trial)
        public void setUp() {
            longs = new SplittableRandom(42).longs(SORTED).toArray();
            sorted = longs.clone();
            Arrays.sort(sorted);
        }
    }

    @Setup(Level.Trial)
    public void setUp() {
        expected = 6 * JdkParallelBenchmark.mixRange(0, TASK);
        pool = Cores.forkJoinPool();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        pool.shutdown();
    }

    @Benchmark
    @Warmup(iterations = 1, time = 300, timeUnit = TimeUnit.MILLISECONDS)
    @Measurement(iterations = 3, time = 200, timeUnit = TimeUnit.MILLISECONDS)
    public long[] sort3M(Cores cores, Longs input) {
        long[] copy = JdkParallelBenchmark.sortedCopy(cores, input.longs);
        if (copy[SORTED / 2] != input.sorted[SORTED / 2]) {
            throw new IllegalStateException("not sorted");
        }
        return copy;
    }

    @Benchmark
    public long fanOutUnwrapped(Cores cores) {
        return cores.isBaseline() ? sequential() : checked(fanOut());
    }

    @Benchmark
    public long fanOutWrapped(Cores cores) {
        return cores.isBaseline() ? sequential() : checked(cores.call(this::fanOut));
    }

    private long sequential() {
        long s = 0;
        for (int k = 0; k < 6; k++) {
            s += JdkParallelBenchmark.mixRange(0, TASK);
        }
        return checked(s);
    }

    private long fanOut() {
        @SuppressWarnings("unchecked")
        CompletableFuture<Long>[] futures = new CompletableFuture[6];
        for (int k = 0; k < futures.length; k++) {
            futures[k] = CompletableFuture.supplyAsync(() -> JdkParallelBenchmark.mixRange(0, TASK), pool);
        }
        CompletableFuture.allOf(futures).join();
        long s = 0;
        for (CompletableFuture<Long> f : futures) {
            s += f.join();
        }
        return s;
    }

    private long checked(long s) {
        if (s != expected) {
            throw new IllegalStateException("sum " + s + ", expected " + expected);
        }
        return s;
    }
}
