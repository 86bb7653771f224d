package dev.factored.example;

import dev.factored.jmh.Cores;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Existing code as it is: a histogram of 4 M ints into 256 buckets with a parallel stream on the common pool,
 * measured with no rewrite through {@code cores.call(...)}: under {@code cores=P} (P ≥ 2) the fork's common pool
 * has parallelism P, and the calling thread helps while it waits. The idle time is estimated from the threads' CPU time.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(3)
@Warmup(iterations = 5, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
public class StreamHistogramBenchmark {

    static final int BUCKETS = 256;
    private int[] data;
    /** Each copy of the bandwidth test reads an array of its own, so copies share no cache lines. */
    private final Map<Integer, int[]> copies = new ConcurrentHashMap<>();

    @Setup
    public void setup() {
        data = new SplittableRandom(7).ints(1 << 22).toArray();
    }

    @Benchmark
    public long[] histogram(Cores cores) {
        if (cores.isBaseline()) {
            return cores.baseline(copy -> sequential(copies.computeIfAbsent(copy, c -> c == 0 ? data : data.clone())));
        }
        return cores.call(() -> parallel(data));
    }

    /** The code as it was before factored: a parallel stream on the common pool. */
    static long[] parallel(int[] data) {
        return IntStream.of(data).parallel()
                .collect(() -> new long[BUCKETS], (h, v) -> h[v & (BUCKETS - 1)]++, StreamHistogramBenchmark::add);
    }

    static long[] sequential(int[] data) {
        long[] h = new long[BUCKETS];
        for (int v : data) {
            h[v & (BUCKETS - 1)]++;
        }
        return h;
    }

    private static void add(long[] into, long[] from) {
        for (int i = 0; i < BUCKETS; i++) {
            into[i] += from[i];
        }
    }
}
