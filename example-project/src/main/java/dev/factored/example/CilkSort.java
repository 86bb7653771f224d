package dev.factored.example;

import dev.factored.forkjoin.FactoredTask;

/**
 * Cilk sort (Acar, Charguéraud and Rainey §3.1, after cilksort.c of the Cilk distribution): a merge
 * sort of 32-bit integers that splits into four quarters sorted in parallel, then merges them
 * pairwise with a merge that is itself parallel. Below {@code cutoff} elements the whole sort turns
 * sequential ({@link #quicksort}, which insertion-sorts runs of {@value #INSERTION_LIMIT} or fewer);
 * a merge of fewer than {@code cutoff} elements is a plain sequential merge.
 *
 * <p>cilksort.c has separate thresholds for the sort and the merge (both 2048 there); one
 * {@code cutoff} for both keeps the benchmark to the single knob the paper varies.
 */
public final class CilkSort {

    /** Sub-arrays this small or smaller are insertion-sorted. */
    public static final int INSERTION_LIMIT = 20;

    private CilkSort() {
    }

    /** A task that sorts {@code a} in place, using {@code tmp} (same length or longer) as scratch. */
    public static FactoredTask<int[]> task(int[] a, int[] tmp, int cutoff) {
        if (cutoff < 1) {
            throw new IllegalArgumentException("cutoff must be at least 1, got " + cutoff);
        }
        if (tmp.length < a.length) {
            throw new IllegalArgumentException("scratch array holds " + tmp.length
                    + " elements, the data " + a.length);
        }
        return new FactoredTask<>() {
            private static final long serialVersionUID = 1L;

            @Override
            protected int[] compute() {
                new SortTask(a, 0, tmp, 0, a.length, cutoff).compute();
                return a;
            }
        };
    }

    /** The sequential baseline: sorts {@code a} in place with the same quicksort the leaves use. */
    public static int[] sequential(int[] a) {
        quicksort(a, 0, a.length - 1);
        return a;
    }

    /** Sorts {@code a[lo..hi]} (inclusive) with a median-of-three quicksort. */
    static void quicksort(int[] a, int lo, int hi) {
        while (hi - lo + 1 > INSERTION_LIMIT) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] < a[lo]) {
                swap(a, lo, mid);
            }
            if (a[hi] < a[lo]) {
                swap(a, lo, hi);
            }
            if (a[hi] < a[mid]) {
                swap(a, mid, hi);
            }
            int pivot = a[mid];
            int i = lo;
            int j = hi;
            while (i <= j) {
                while (a[i] < pivot) {
                    i++;
                }
                while (a[j] > pivot) {
                    j--;
                }
                if (i <= j) {
                    swap(a, i, j);
                    i++;
                    j--;
                }
            }
            // Recurse into the smaller side and loop on the larger: stack depth stays O(log n).
            if (j - lo < hi - i) {
                quicksort(a, lo, j);
                lo = i;
            } else {
                quicksort(a, i, hi);
                hi = j;
            }
        }
        insertionSort(a, lo, hi);
    }

    static void insertionSort(int[] a, int lo, int hi) {
        for (int i = lo + 1; i <= hi; i++) {
            int v = a[i];
            int j = i - 1;
            while (j >= lo && a[j] > v) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    }

    private static void swap(int[] a, int i, int j) {
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }

    /** Merges the sorted runs {@code src[lo1, hi1)} and {@code src[lo2, hi2)} into {@code dst} at {@code d}. */
    static void sequentialMerge(int[] src, int lo1, int hi1, int lo2, int hi2, int[] dst, int d) {
        while (lo1 < hi1 && lo2 < hi2) {
            dst[d++] = src[lo1] <= src[lo2] ? src[lo1++] : src[lo2++];
        }
        System.arraycopy(src, lo1, dst, d, hi1 - lo1);
        System.arraycopy(src, lo2, dst, d + (hi1 - lo1), hi2 - lo2);
    }

    /** The first index in {@code [lo, hi)} whose element is not less than {@code value}. */
    static int lowerBound(int[] a, int lo, int hi, int value) {
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] < value) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Sorts {@code a[lo, lo + size)} in place; {@code tmp[tlo, tlo + size)} is scratch. */
    private static final class SortTask extends FactoredTask<Void> {
        private static final long serialVersionUID = 1L;
        private final transient int[] a;
        private final transient int[] tmp;
        private final int lo;
        private final int tlo;
        private final int size;
        private final int cutoff;

        SortTask(int[] a, int lo, int[] tmp, int tlo, int size, int cutoff) {
            this.a = a;
            this.lo = lo;
            this.tmp = tmp;
            this.tlo = tlo;
            this.size = size;
            this.cutoff = cutoff;
        }

        @Override
        protected Void compute() {
            if (size < cutoff || size < 4) {
                quicksort(a, lo, lo + size - 1);
                return null;
            }
            int quarter = size / 4;
            int b = lo + quarter;
            int c = b + quarter;
            int d = c + quarter;
            int end = lo + size;
            int tb = tlo + quarter;
            int tc = tb + quarter;
            int td = tc + quarter;
            // The four quarters in parallel, as cilksort.c's four spawns.
            invokeAll(new SortTask(a, lo, tmp, tlo, quarter, cutoff),
                      new SortTask(a, b, tmp, tb, quarter, cutoff),
                      new SortTask(a, c, tmp, tc, quarter, cutoff),
                      new SortTask(a, d, tmp, td, end - d, cutoff));
            forkJoin(new MergeTask(a, lo, b, b, c, tmp, tlo, cutoff),
                     new MergeTask(a, c, d, d, end, tmp, tc, cutoff));
            new MergeTask(tmp, tlo, tc, tc, tlo + size, a, lo, cutoff).compute();
            return null;
        }
    }

    /**
     * Merges {@code src[lo1, hi1)} and {@code src[lo2, hi2)} into {@code dst} at {@code d}: split the
     * larger run at its middle, binary-search that element in the other run, place it, and merge the
     * two lower and the two upper parts in parallel.
     */
    private static final class MergeTask extends FactoredTask<Void> {
        private static final long serialVersionUID = 1L;
        private final transient int[] src;
        private final transient int[] dst;
        private final int lo1;
        private final int hi1;
        private final int lo2;
        private final int hi2;
        private final int d;
        private final int cutoff;

        MergeTask(int[] src, int lo1, int hi1, int lo2, int hi2, int[] dst, int d, int cutoff) {
            this.src = src;
            this.dst = dst;
            this.d = d;
            this.cutoff = cutoff;
            if (hi2 - lo2 > hi1 - lo1) {
                this.lo1 = lo2;
                this.hi1 = hi2;
                this.lo2 = lo1;
                this.hi2 = hi1;
            } else {
                this.lo1 = lo1;
                this.hi1 = hi1;
                this.lo2 = lo2;
                this.hi2 = hi2;
            }
        }

        @Override
        protected Void compute() {
            int n1 = hi1 - lo1;
            int n2 = hi2 - lo2;
            if (n1 + n2 < cutoff || n1 == 0) {
                sequentialMerge(src, lo1, hi1, lo2, hi2, dst, d);
                return null;
            }
            int split1 = (lo1 + hi1) >>> 1;
            int split2 = lowerBound(src, lo2, hi2, src[split1]);
            int lowSize = (split1 - lo1) + (split2 - lo2);
            dst[d + lowSize] = src[split1];
            forkJoin(new MergeTask(src, lo1, split1, lo2, split2, dst, d, cutoff),
                     new MergeTask(src, split1 + 1, hi1, split2, hi2, dst, d + lowSize + 1, cutoff));
            return null;
        }
    }
}
