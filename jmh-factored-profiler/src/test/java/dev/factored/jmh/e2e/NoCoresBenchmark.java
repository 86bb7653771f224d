package dev.factored.jmh.e2e;

import dev.factored.jmh.Cores;
import java.util.concurrent.ForkJoinPool;
import java.util.stream.IntStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/** A pool from {@link Cores#forkJoinPool()} in a benchmark that has no {@code cores} param: half an adoption. */
@State(Scope.Benchmark)
public class NoCoresBenchmark {

    private ForkJoinPool pool;

    @Setup
    public void setUp() {
        pool = Cores.forkJoinPool();
    }

    @TearDown
    public void tearDown() {
        pool.shutdown();
    }

    @Benchmark
    public long sum() {
        return pool.submit(() -> IntStream.range(0, 10_000).parallel().asLongStream().sum()).join();
    }
}
