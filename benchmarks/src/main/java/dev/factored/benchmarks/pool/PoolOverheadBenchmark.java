package dev.factored.benchmarks.pool;

import dev.factored.forkjoin.FactoredPool;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the instrumentation costs: the same fork/join program ({@link MixSum}, a recursive sum over
 * 2^18 longs) as a plain {@code RecursiveTask} on a plain {@link ForkJoinPool} and as a
 * {@code FactoredTask} on a {@link FactoredPool}, both capped at exactly {@code workers} threads
 * (corePoolSize = maximumPoolSize = P, saturate → true, as the FactoredPool does), side by side in
 * one JMH run.
 *
 * <ul>
 *   <li>{@code grain = 1024}: leaves of about 1 µs (1024 elements at ~1 ns), 256 leaves and 255 forks
 *       per operation: a realistic grain. The two should be within noise of each other.</li>
 *   <li>{@code grain = 1}: the finest grain, 2^18 − 1 forks of an almost empty task per operation: the
 *       worst case, where the per-task cost (the elision check, one counter, the fork mark) shows.</li>
 * </ul>
 *
 * <p>Run (about 2 minutes; pin the whole run to as many CPUs as the largest P, and keep the machine
 * quiet):
 * <pre>
 * mvn -B -q install -DskipTests -pl jmh-factored-profiler &amp;&amp; mvn -B -q -pl benchmarks package
 * taskset -c 0-1 java -Djmh.ignoreLock=true -jar benchmarks/target/benchmarks.jar PoolOverheadBenchmark \
 *     -rf json -rff target/pool-overhead.json
 * </pre>
 *
 * <p>Reading it: for each (workers, grain) take {@code factored / plainForkJoin} of the scores (ratio of
 * means). 1.00 means no overhead; the overhead per forked task is
 * {@code (factored − plainForkJoin) / (2^18 / grain − 1)} in the score's unit (µs/op here). Compare
 * P = 1 (pure bookkeeping, no steals) with P = 2 (steals and blocked joins read the clock). Errors
 * from the JMH table bound the ratio: if the intervals overlap, the overhead is below resolution.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Threads(1)
@Fork(value = 3, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class PoolOverheadBenchmark {

    static final int SIZE = 1 << 18;

    /** P: worker threads of both pools. */
    @Param({"1", "2"})
    public int workers;

    /** Elements per leaf: 1024 ≈ 1 µs leaves, 1 = finest grain. */
    @Param({"1024", "1"})
    public int grain;

    private long[] data;
    private ForkJoinPool plainPool;
    private FactoredPool factoredPool;

    @Setup(Level.Trial)
    public void open() throws InterruptedException {
        data = new SplittableRandom(42).longs(SIZE).toArray();
        plainPool = new ForkJoinPool(workers, ForkJoinPool.defaultForkJoinWorkerThreadFactory, null, false,
                workers, workers, 1, pool -> true, 1, TimeUnit.DAYS);
        factoredPool = FactoredPool.withWorkers(workers);
        long expected = MixSum.leaf(data, 0, SIZE);
        if (plainForkJoin() != expected || plainHandOff() != expected || factored() != expected) {
            throw new IllegalStateException("the two programs disagree with the sequential sum");
        }
    }

    @TearDown(Level.Trial)
    public void close() {
        plainPool.shutdown();
        factoredPool.close();
    }

    @Benchmark
    public long plainForkJoin() {
        return plainPool.invoke(new MixSum.Plain(data, 0, SIZE, grain));
    }

    /**
     * The plain program with the FactoredPool's operation protocol: a worker runs the root (submitted
     * with execute) while the caller parks until it is done, so only the P workers ever run tasks.
     * {@code factored / plainHandOff} is the cost of the instrumentation alone; {@code plainForkJoin}
     * uses the pool's own {@code invoke}, whose joining strategy for an external caller is the JDK's.
     */
    @Benchmark
    public long plainHandOff() throws InterruptedException {
        MixSum.Plain root = new MixSum.Plain(data, 0, SIZE, grain);
        CountDownLatch done = new CountDownLatch(1);
        plainPool.execute(() -> {
            root.invoke();
            done.countDown();
        });
        done.await();
        return root.join();
    }

    @Benchmark
    public long factored() {
        return factoredPool.invoke(new MixSum.Factored(data, 0, SIZE, grain));
    }
}
