package it.samemachine;

import dev.factored.forkjoin.FactoredTask;
import dev.factored.jmh.Cores;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** A divide-and-conquer sum of squares: the smallest real fork/join benchmark. */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
public class SumBenchmark {

    static final int GRAIN = 4096;

    @Param({"200000"})
    public int size;

    private long[] data;

    @Setup
    public void fill() {
        SplittableRandom random = new SplittableRandom(1);
        data = new long[size];
        for (int i = 0; i < size; i++) {
            data[i] = random.nextInt(1000);
        }
    }

    @Benchmark
    public long sumOfSquares(Cores cores) {
        if (cores.isBaseline()) {
            return sequential(data, 0, data.length);
        }
        return cores.invoke(new SumTask(data, 0, data.length));
    }

    static long sequential(long[] data, int from, int to) {
        long sum = 0;
        for (int i = from; i < to; i++) {
            sum += data[i] * data[i];
        }
        return sum;
    }

    static final class SumTask extends FactoredTask<Long> {
        private static final long serialVersionUID = 1L;
        private final long[] data;
        private final int from;
        private final int to;

        SumTask(long[] data, int from, int to) {
            this.data = data;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= GRAIN) {
                return sequential(data, from, to);
            }
            int mid = (from + to) >>> 1;
            return forkJoin(new SumTask(data, from, mid), new SumTask(data, mid, to), Long::sum);
        }
    }
}
