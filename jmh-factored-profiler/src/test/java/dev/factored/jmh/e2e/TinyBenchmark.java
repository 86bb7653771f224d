package dev.factored.jmh.e2e;

import dev.factored.forkjoin.FactoredTask;
import dev.factored.jmh.Cores;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The smallest factored benchmark: a sum over an array, split recursively, measured by
 * {@link FactoredProfilerEndToEndTest} in real JMH forks. {@code Cores} comes from the library's main
 * classes, as it would from the jar in a user's project.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class TinyBenchmark {

    @Param({"20000"})
    public int size;

    @Benchmark
    public long sum(Cores cores) {
        if (cores.isBaseline()) {
            long s = 0;
            for (int i = 0; i < size; i++) {
                s += (long) i * i;
            }
            return s;
        }
        return cores.invoke(new Sum(0, size));
    }

    /** A mistake the profiler must catch: takes Cores but never runs anything on its pool. */
    @Benchmark
    public long unused(Cores cores) {
        return size * 31L + cores.configuration().cpus();
    }

    static final class Sum extends FactoredTask<Long> {
        private static final long serialVersionUID = 1L;
        private final int from;
        private final int to;

        Sum(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= 1000) {
                long s = 0;
                for (int i = from; i < to; i++) {
                    s += (long) i * i;
                }
                return s;
            }
            int mid = (from + to) >>> 1;
            return forkJoin(new Sum(from, mid), new Sum(mid, to), Long::sum);
        }
    }
}
