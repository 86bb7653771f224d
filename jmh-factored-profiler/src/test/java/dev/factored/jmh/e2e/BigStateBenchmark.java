package dev.factored.jmh.e2e;

import dev.factored.forkjoin.FactoredTask;
import dev.factored.jmh.Cores;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * A state of 64 MiB under the benchmark's own heap of 96 MiB: one copy fits, the two of {@code bandwidth-2} do not
 * (as the 256 MB sweep under {@code -Xmx1g} did not at {@code bandwidth-16}). Each copy of the bandwidth test sums an
 * array of its own, made on first use.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms32m", "-Xmx96m"})
public class BigStateBenchmark {

    static final int LONGS = 8 << 20;

    private long[] data;
    private final List<long[]> copies = new ArrayList<>();

    @Setup
    public void fill() {
        data = new long[LONGS];
        for (int i = 0; i < LONGS; i++) {
            data[i] = i;
        }
    }

    private long[] arrayOf(int copy) {
        if (copy == 0) {
            return data;
        }
        synchronized (copies) {
            while (copies.size() < copy) {
                copies.add(data.clone());
            }
            return copies.get(copy - 1);
        }
    }

    @Benchmark
    public long sum(Cores cores) {
        if (cores.isBaseline()) {
            return cores.baseline(copy -> sum(arrayOf(copy), 0, LONGS));
        }
        return cores.invoke(new Sum(data, 0, LONGS));
    }

    static long sum(long[] a, int from, int to) {
        long s = 0;
        for (int i = from; i < to; i++) {
            s += a[i];
        }
        return s;
    }

    static final class Sum extends FactoredTask<Long> {
        private static final long serialVersionUID = 1L;
        private final long[] a;
        private final int from;
        private final int to;

        Sum(long[] a, int from, int to) {
            this.a = a;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= 1 << 20) {
                return sum(a, from, to);
            }
            int mid = (from + to) >>> 1;
            return forkJoin(new Sum(a, from, mid), new Sum(a, mid, to), Long::sum);
        }
    }
}
