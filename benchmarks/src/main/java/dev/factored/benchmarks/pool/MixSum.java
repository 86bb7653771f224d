package dev.factored.benchmarks.pool;

import dev.factored.forkjoin.FactoredTask;
import java.util.concurrent.RecursiveTask;

/**
 * One fork/join program written twice, line for line: a recursive sum of a mixing function over an
 * array, halving the range until it holds at most {@code grain} elements. Only the task superclass and
 * the fork/join call differ, so any difference in time is the pool's.
 */
public final class MixSum {

    private MixSum() {
    }

    /** The leaf's work: a few multiply/xor/shift steps per element, about 1 ns each. */
    public static long leaf(long[] data, int from, int to) {
        long sum = 0;
        for (int i = from; i < to; i++) {
            long x = data[i] * 0x9E3779B97F4A7C15L;
            x ^= x >>> 29;
            x *= 0xBF58476D1CE4E5B9L;
            sum += x ^ (x >>> 32);
        }
        return sum;
    }

    /** On a plain ForkJoinPool. */
    static final class Plain extends RecursiveTask<Long> {
        private static final long serialVersionUID = 1L;
        private final long[] data;
        private final int from;
        private final int to;
        private final int grain;

        Plain(long[] data, int from, int to, int grain) {
            this.data = data;
            this.from = from;
            this.to = to;
            this.grain = grain;
        }

        @Override
        protected Long compute() {
            if (to - from <= grain) {
                return leaf(data, from, to);
            }
            int mid = (from + to) >>> 1;
            Plain first = new Plain(data, from, mid, grain);
            Plain second = new Plain(data, mid, to, grain);
            second.fork();
            long a = first.compute();
            return a + second.join();
        }
    }

    /** On a FactoredPool. */
    public static final class Factored extends FactoredTask<Long> {
        private static final long serialVersionUID = 1L;
        private final long[] data;
        private final int from;
        private final int to;
        private final int grain;

        public Factored(long[] data, int from, int to, int grain) {
            this.data = data;
            this.from = from;
            this.to = to;
            this.grain = grain;
        }

        @Override
        protected Long compute() {
            if (to - from <= grain) {
                return leaf(data, from, to);
            }
            int mid = (from + to) >>> 1;
            Factored first = new Factored(data, from, mid, grain);
            Factored second = new Factored(data, mid, to, grain);
            return forkJoin(first, second, Long::sum);
        }
    }
}
