package dev.factored.example;

import dev.factored.jmh.Cores;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * fib(30) with fork/join down to {@code cutoff}. Cutoff 10 forks about 29,000 tiny tasks per
 * operation: the 1-worker time T_1 sits visibly above the elision T_e (scheduling overhead S_1).
 * The elision may stay close to the baseline: the JIT inlines the sequential calls and can often
 * scalar-replace the task objects, so the algorithmic overhead A is small. Cutoff 25 forks 19 tasks
 * whose leaves are sequential fib(24) and fib(23): S_1 and A vanish and 2 workers find enough
 * parallelism; what idle time remains is the start and the end of each operation.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(3)
@Warmup(iterations = 5, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 500, timeUnit = TimeUnit.MILLISECONDS)
public class FibBenchmark {

    @State(Scope.Benchmark)
    public static class Input {
        @Param({"30"})
        public int n;

        /** Calls below this n run sequentially. */
        @Param({"10", "25"})
        public int cutoff;
    }

    @Benchmark
    public long fib(Cores cores, Input input) {
        if (cores.isBaseline()) {
            return cores.baseline(copy -> Fib.sequential(input.n));
        }
        return cores.invoke(Fib.task(input.n, input.cutoff));
    }
}
