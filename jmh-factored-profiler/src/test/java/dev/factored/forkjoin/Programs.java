package dev.factored.forkjoin;

import java.util.ArrayList;
import java.util.List;

/** Small fork/join programs written against the FactoredTask API, as a user would write them. */
final class Programs {

    private Programs() {
    }

    static final class Fib extends FactoredTask<Long> {
        private static final long serialVersionUID = 1L;
        private final int n;

        Fib(int n) {
            this.n = n;
        }

        @Override
        protected Long compute() {
            if (n < 2) {
                return (long) n;
            }
            return forkJoin(new Fib(n - 1), new Fib(n - 2), Long::sum);
        }
    }

    /** Merge sort of a[lo, hi) using tmp; below CUTOFF it uses insertion sort. */
    static final class MergeSort extends FactoredTask<Void> {
        private static final long serialVersionUID = 1L;
        private static final int CUTOFF = 32;
        private final int[] a;
        private final int[] tmp;
        private final int lo;
        private final int hi;

        MergeSort(int[] a, int[] tmp, int lo, int hi) {
            this.a = a;
            this.tmp = tmp;
            this.lo = lo;
            this.hi = hi;
        }

        static int[] sort(FactoredPool pool, int[] input) {
            int[] a = input.clone();
            pool.invoke(new MergeSort(a, new int[a.length], 0, a.length));
            return a;
        }

        @Override
        protected Void compute() {
            if (hi - lo <= CUTOFF) {
                for (int i = lo + 1; i < hi; i++) {
                    int v = a[i];
                    int j = i - 1;
                    while (j >= lo && a[j] > v) {
                        a[j + 1] = a[j];
                        j--;
                    }
                    a[j + 1] = v;
                }
                return null;
            }
            int mid = (lo + hi) >>> 1;
            forkJoin(new MergeSort(a, tmp, lo, mid), new MergeSort(a, tmp, mid, hi));
            int i = lo;
            int j = mid;
            int k = lo;
            while (i < mid && j < hi) {
                tmp[k++] = a[i] <= a[j] ? a[i++] : a[j++];
            }
            while (i < mid) {
                tmp[k++] = a[i++];
            }
            while (j < hi) {
                tmp[k++] = a[j++];
            }
            System.arraycopy(tmp, lo, a, lo, hi - lo);
            return null;
        }
    }

    /** Sum of squares of i over [0, n) by a parallel loop with per-chunk partial sums. */
    static long parallelForSum(FactoredPool pool, int n, int grain) {
        int chunks = (n + grain - 1) / grain + 1;
        long[] partials = new long[chunks];
        int[] hits = new int[n];
        pool.parallelFor(0, n, grain, (from, to) -> {
            long s = 0;
            for (int i = from; i < to; i++) {
                s += (long) i * i;
                hits[i]++;
            }
            // Chunks do not overlap, so `from` identifies one; many chunks may share from / grain.
            synchronized (partials) {
                partials[from / grain] += s;
            }
        });
        for (int i = 0; i < n; i++) {
            if (hits[i] != 1) {
                throw new AssertionError("index " + i + " processed " + hits[i] + " times");
            }
        }
        long sum = 0;
        for (long p : partials) {
            sum += p;
        }
        return sum;
    }

    /** invokeAll over a list of tasks, each itself splitting once. */
    static final class Squares extends FactoredTask<List<Long>> {
        private static final long serialVersionUID = 1L;
        private final int n;

        Squares(int n) {
            this.n = n;
        }

        @Override
        protected List<Long> compute() {
            List<Square> parts = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                parts.add(new Square(i));
            }
            invokeAll(parts);
            List<Long> results = new ArrayList<>();
            for (Square s : parts) {
                results.add(s.result());
            }
            return results;
        }
    }

    static final class Square extends FactoredTask<Long> {
        private static final long serialVersionUID = 1L;
        private final long i;

        Square(long i) {
            this.i = i;
        }

        @Override
        protected Long compute() {
            Spin.spin(20_000);
            return i * i;
        }
    }
}
