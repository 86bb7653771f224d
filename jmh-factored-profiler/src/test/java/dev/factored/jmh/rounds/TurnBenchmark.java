package dev.factored.jmh.rounds;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** A family listed, never run: a turn and the configurations apart, with its own iteration counts. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@Warmup(iterations = 2)
@Measurement(iterations = 3)
public class TurnBenchmark {

    @Param({"baseline", "elision", "1+2"})
    public String cores;

    @Param({"10"})
    public String size;

    @Benchmark
    public int work() {
        return cores.length() + size.length();
    }
}
