package dev.factored.jmh.e2e;

import dev.factored.jmh.Cores;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/**
 * Parallel code whose cost is the collector's, beside a baseline that allocates nothing (issue 43.1). {@code boxedSum}
 * is the book's boxed parallel stream, {@code Stream.iterate(1L, i -> i + 1).limit(n).parallel().reduce(0L,
 * Long::sum)}: every element a {@code Long}, buffered in arrays by the stream's spliterator. {@code keptBoxes} collects
 * {@value #KEPT} boxed values into a list and sums it: the list stays reachable through the operation, so every young
 * collection copies it, in a heap kept small ({@code -Xmx192m}) so that collections come often. The baselines are the
 * same sums over primitive longs.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(jvmArgsAppend = {"-Xms192m", "-Xmx192m"})
public class CollectorBenchmark {

    static final long BOXED = 1_000_000;
    static final int KEPT = 2_000_000;

    @Benchmark
    public long boxedSum(Cores cores) {
        if (cores.isBaseline()) {
            return cores.baseline(copy -> {
                long sum = 0;
                for (long i = 1; i <= BOXED; i++) {
                    sum += i;
                }
                return sum;
            });
        }
        return cores.call(() -> Stream.iterate(1L, i -> i + 1).limit(BOXED).parallel().reduce(0L, Long::sum));
    }

    @Benchmark
    public long keptBoxes(Cores cores) {
        if (cores.isBaseline()) {
            return cores.baseline(copy -> LongStream.range(0, KEPT).sum());
        }
        return cores.call(() -> {
            List<Long> kept = LongStream.range(0, KEPT).boxed().parallel().collect(Collectors.toList());
            return kept.parallelStream().mapToLong(Long::longValue).sum();
        });
    }
}
