package dev.factored.jmh.rounds;

import dev.factored.jmh.Cores;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/** Unmodified parallel code (a parallel stream through {@code cores.call}), which a turn's fork refuses. */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class TurnUnmodifiedBenchmark {

    @Benchmark
    public long work(Cores cores) {
        return cores.call(() -> LongStream.range(0, 10_000).parallel().map(i -> i * i).sum());
    }
}
