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
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The "done when" programs of issue 25: {@code Arrays.parallelSort} of 3M longs in {@code cores.call}, and a
 * CompletableFuture fan-out of 6 equal CPU-bound tasks on {@link Cores#forkJoinPool()}, unwrapped and wrapped.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class DoneWhenBenchmark {

    static final int SORTED = 3_000_000;
    static final int TASK = 60_000;

    private long[] longs;
    private long[] sorted;
    private long expected;
    private ForkJoinPool pool;

    @Setup(Level.Trial)
    public void setUp() {
        longs = new SplittableRandom(42).longs(SORTED).toArray();
        sorted = longs.clone();
        Arrays.sort(sorted);
        expected = 6 * JdkParallelBenchmark.mixRange(0, TASK);
        pool = Cores.forkJoinPool();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        pool.shutdown();
    }

    @Benchmark
    public long[] sort3M(Cores cores) {
        long[] copy = JdkParallelBenchmark.sortedCopy(cores, longs);
        if (copy[SORTED / 2] != sorted[SORTED / 2]) {
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
