package dev.factored.jmh.rounds;

import dev.factored.forkjoin.FactoredTask;
import dev.factored.jmh.Cores;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/** A baseline written as the bandwidth test needs it, through {@code cores.baseline(copy -> ...)}: it runs copies. */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class CopyingBenchmark {

    @Benchmark
    public long sum(Cores cores) {
        if (cores.isBaseline()) {
            return cores.baseline(copy -> squares(20_000 + copy));
        }
        return cores.invoke(new Squares(20_000));
    }

    private static final class Squares extends FactoredTask<Long> {
        private static final long serialVersionUID = 1L;
        private final int n;

        Squares(int n) {
            this.n = n;
        }

        @Override
        protected Long compute() {
            return squares(n);
        }
    }

    private static long squares(int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            s += (long) i * i;
        }
        return s;
    }
}
