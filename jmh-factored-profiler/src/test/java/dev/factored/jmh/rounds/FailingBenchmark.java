package dev.factored.jmh.rounds;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** A benchmark whose {@code cores=2} configuration always throws: what a rounds run does with a failure. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class FailingBenchmark {

    @Param({"1", "2"})
    public String cores;

    @Benchmark
    public long work() {
        if (cores.equals("2")) {
            throw new IllegalStateException("deliberate failure on cores=2");
        }
        long s = 0;
        for (int i = 0; i < 1000; i++) {
            s += (long) i * i;
        }
        return s;
    }
}
