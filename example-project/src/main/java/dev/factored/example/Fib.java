package dev.factored.example;

import dev.factored.forkjoin.FactoredTask;

/**
 * The doubly recursive Fibonacci function: almost no work per call, so task granularity is
 * everything. Below {@code cutoff} the recursion is a plain sequential call.
 */
public final class Fib {

    private Fib() {
    }

    /** The sequential baseline. */
    public static long sequential(int n) {
        return n < 2 ? n : sequential(n - 1) + sequential(n - 2);
    }

    /** fib(n) as fork/join tasks down to {@code cutoff}. */
    public static FactoredTask<Long> task(int n, int cutoff) {
        if (n < 0) {
            throw new IllegalArgumentException("fib is defined here for n >= 0, got " + n);
        }
        return new FibTask(n, Math.max(cutoff, 2));
    }

    private static final class FibTask extends FactoredTask<Long> {
        private static final long serialVersionUID = 1L;
        private final int n;
        private final int cutoff;

        FibTask(int n, int cutoff) {
            this.n = n;
            this.cutoff = cutoff;
        }

        @Override
        protected Long compute() {
            if (n < cutoff) {
                return sequential(n);
            }
            return forkJoin(new FibTask(n - 1, cutoff), new FibTask(n - 2, cutoff), Long::sum);
        }
    }
}
