package dev.factored.jmh.rounds;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** A benchmark that cannot run in turn, as unmodified parallel code cannot: what a rounds run does with its turn. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class TurnFailingBenchmark {

    @Param({"1+2"})
    public String cores;

    @Benchmark
    public long work() {
        if (cores.contains("+")) {
            throw new IllegalStateException("deliberate failure in turn");
        }
        long s = 0;
        for (int i = 0; i < 1000; i++) {
            s += (long) i * i;
        }
        return s;
    }
}
