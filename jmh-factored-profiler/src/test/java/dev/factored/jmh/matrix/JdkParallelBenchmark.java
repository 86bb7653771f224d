package dev.factored.jmh.matrix;

import dev.factored.jmh.Cores;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The JDK's own parallel APIs, adopted as adopting.md shows and nothing written for the tool (issue 25, item 5):
 * each runs its parallel code in {@code cores.call} (the CompletableFutures on {@link Cores#forkJoinPool()}) and the
 * plain sequential equivalent under {@code baseline}. Every operation checks its result, so a run that ends
 * computed right. Sizes give operations of a few milliseconds, so that idle time shows against the clock reads.
 * Short iterations and C1 only: what {@link JdkParallelMatrixTest} checks here (threads, estimated idle, the causes
 * named) needs a few dozen operations and a few dozen looks at the threads (one per 10 ms), not a steady state or
 * C2's code, whose compiles would compete with the forks' start on two CPUs.
 */
@State(Scope.Benchmark)
@Fork(jvmArgsAppend = "-XX:TieredStopAtLevel=1")
@Warmup(iterations = 0) // C1 only, and nothing here is judged by its time: the first iteration serves as well
@Measurement(iterations = 3, time = 100, timeUnit = TimeUnit.MILLISECONDS)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class JdkParallelBenchmark {

    static final int N = 400_000;

    private long[] longs;
    private long[] sorted;
    private long prefixLast;
    private long mixTotal;
    private List<Integer> boxed;
    private Map<Integer, Long> histogram;
    private ForkJoinPool pool;

    /**
     * The data and the right answers of the fork's own benchmark only: every fork runs one, and these C1-only forks
     * spent a tenth of a second each sorting, boxing and grouping for the others.
     */
    @Setup(Level.Trial)
    public void setUp(BenchmarkParams params) {
        String method = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
        longs = new SplittableRandom(42).longs(N, 0, 1_000_000).toArray();
        switch (method) {
            case "parallelSort" -> {
                sorted = longs.clone();
                Arrays.sort(sorted);
            }
            case "parallelPrefix" -> prefixLast = Arrays.stream(longs).sum();
            case "intStream", "completableFutures", "commonPoolInvoke" -> mixTotal = mixRange(0, N);
            case "collectionStream" -> {
                boxed = new ArrayList<>(N);
                for (long v : longs) {
                    boxed.add((int) v);
                }
                histogram = boxed.stream().collect(Collectors.groupingBy(i -> i % 16, Collectors.counting()));
            }
            default -> {
                // parallelSetAll and invokeAll check against mix() itself
            }
        }
        pool = Cores.forkJoinPool();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        pool.shutdown();
    }

    /** CPU-bound work on one value: a few dozen dependent multiply-xor-shift steps. */
    static long mix(long v) {
        long x = v;
        for (int k = 0; k < 24; k++) {
            x = (x ^ (x >>> 29)) * 0xBF58476D1CE4E5B9L;
        }
        return x;
    }

    static long mixRange(int from, int to) {
        long s = 0;
        for (int i = from; i < to; i++) {
            s += mix(i);
        }
        return s;
    }

    @Benchmark
    public long[] parallelSort(Cores cores) {
        long[] copy = sortedCopy(cores, longs);
        return check(Arrays.equals(copy, sorted), copy);
    }

    /** A sorted copy of {@code data}: {@code Arrays.sort} under baseline, else {@code Arrays.parallelSort} in call. */
    static long[] sortedCopy(Cores cores, long[] data) {
        long[] copy = data.clone();
        if (cores.isBaseline()) {
            Arrays.sort(copy);
        } else {
            cores.call(() -> {
                Arrays.parallelSort(copy);
                return null;
            });
        }
        return copy;
    }

    @Benchmark
    public long[] parallelPrefix(Cores cores) {
        long[] copy = longs.clone();
        if (cores.isBaseline()) {
            for (int i = 1; i < copy.length; i++) {
                copy[i] += copy[i - 1];
            }
        } else {
            cores.call(() -> {
                Arrays.parallelPrefix(copy, Long::sum);
                return null;
            });
        }
        return check(copy[copy.length - 1] == prefixLast, copy);
    }

    @Benchmark
    public long[] parallelSetAll(Cores cores) {
        long[] out = new long[N];
        if (cores.isBaseline()) {
            Arrays.setAll(out, JdkParallelBenchmark::mix);
        } else {
            cores.call(() -> {
                Arrays.parallelSetAll(out, JdkParallelBenchmark::mix);
                return null;
            });
        }
        return check(out[N - 1] == mix(N - 1), out);
    }

    @Benchmark
    public long intStream(Cores cores) {
        long sum = cores.isBaseline() ? IntStream.range(0, N).mapToLong(JdkParallelBenchmark::mix).sum()
                : cores.call(() -> IntStream.range(0, N).parallel().mapToLong(JdkParallelBenchmark::mix).sum());
        return check(sum == mixTotal, sum);
    }

    @Benchmark
    public Map<Integer, Long> collectionStream(Cores cores) {
        Function<Integer, Integer> key = i -> i % 16;
        Map<Integer, Long> m = cores.isBaseline()
                ? boxed.stream().collect(Collectors.groupingBy(key, Collectors.counting()))
                : cores.call(() -> boxed.parallelStream().collect(Collectors.groupingByConcurrent(key,
                        Collectors.counting())));
        return check(m.equals(histogram), m);
    }

    @Benchmark
    public long completableFutures(Cores cores) {
        int parts = 8;
        int step = N / parts;
        if (cores.isBaseline()) {
            return check(mixRange(0, parts * step) == mixTotal, mixTotal);
        }
        return check(cores.call(() -> {
            List<CompletableFuture<Long>> futures = new ArrayList<>();
            for (int k = 0; k < parts; k++) {
                int from = k * step;
                futures.add(CompletableFuture.supplyAsync(() -> mixRange(from, from + step), pool));
            }
            CompletableFuture.allOf(futures.toArray(new CompletableFuture<?>[0])).join();
            return futures.stream().mapToLong(CompletableFuture::join).sum();
        }) == mixTotal, mixTotal);
    }

    @Benchmark
    public long commonPoolInvoke(Cores cores) {
        long sum = cores.isBaseline() ? mixRange(0, N)
                : cores.call(() -> ForkJoinPool.commonPool().invoke(new MixTask(0, N)));
        return check(sum == mixTotal, sum);
    }

    @Benchmark
    public long[] invokeAll(Cores cores) {
        long[] out = new long[N];
        if (cores.isBaseline()) {
            for (int i = 0; i < N; i++) {
                out[i] = mix(i);
            }
        } else {
            cores.call(() -> ForkJoinPool.commonPool().invoke(new FillAction(out, 0, N)));
        }
        return check(out[N - 1] == mix(N - 1) && out[0] == mix(0), out);
    }

    private static <T> T check(boolean right, T value) {
        if (!right) {
            throw new IllegalStateException("the parallel code computed a wrong result");
        }
        return value;
    }

    /** A RecursiveTask of the fork-one, compute-the-other shape. */
    static final class MixTask extends RecursiveTask<Long> {
        private static final long serialVersionUID = 1L;
        private final int from;
        private final int to;

        MixTask(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= 4096) {
                return mixRange(from, to);
            }
            int mid = (from + to) >>> 1;
            MixTask left = new MixTask(from, mid);
            left.fork();
            long right = new MixTask(mid, to).compute();
            return left.join() + right;
        }
    }

    /** A RecursiveAction that splits into four with ForkJoinTask.invokeAll. */
    static final class FillAction extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        private final long[] out;
        private final int from;
        private final int to;

        FillAction(long[] out, int from, int to) {
            this.out = out;
            this.from = from;
            this.to = to;
        }

        @Override
        protected void compute() {
            if (to - from <= 4096) {
                for (int i = from; i < to; i++) {
                    out[i] = mix(i);
                }
                return;
            }
            int q = (to - from) / 4;
            ForkJoinTask.invokeAll(new FillAction(out, from, from + q), new FillAction(out, from + q, from + 2 * q),
                    new FillAction(out, from + 2 * q, from + 3 * q), new FillAction(out, from + 3 * q, to));
        }
    }
}
