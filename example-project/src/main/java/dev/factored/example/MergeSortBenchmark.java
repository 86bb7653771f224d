package dev.factored.example;

import dev.factored.jmh.Cores;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Cilk sort of random 32-bit integers, with the whole sort turning sequential below {@code cutoff}
 * elements. {@code sort}: 200,000 elements (the paper's small case); cutoff 200 shows scheduling
 * overhead, scarce parallelism and inflation at once; cutoff 10,000 trades overhead for parallelism.
 * {@code sortLarge}: 500,000 elements with cutoff 1,000, the paper's setting for good scaling.
 *
 * <p>Baseline: the same median-of-three quicksort the leaves use, on the whole array. It is what the
 * paper compares against, and with it the algorithmic overhead A = T_e − T_s is exactly the price of
 * the merge-sort structure (extra passes through the scratch array). {@code Arrays.sort} (dual-pivot
 * quicksort) would be a faster and equally legitimate baseline; it would move every speedup down and
 * grow A by the difference between the two sequential sorts.
 *
 * <p>Every operation first copies the fixed-seed input into the work array (System.arraycopy,
 * about 1% of a sort) so each sort sees unsorted data; the copy is part of every configuration
 * alike, so it adds to T_s and T_P equally and needs no per-invocation setup.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(3)
@Warmup(iterations = 5, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 500, timeUnit = TimeUnit.MILLISECONDS)
public class MergeSortBenchmark {

    /** The paper's small case: 200,000 elements; cutoff 200 and 10,000. */
    @State(Scope.Benchmark)
    public static class Small {
        /** Elements to sort. */
        @Param({"200000"})
        public int size;

        /** Below this many elements sorts and merges are sequential. */
        @Param({"200", "10000"})
        public int cutoff;

        SortData data;

        @Setup
        public void generate() {
            data = new SortData(size);
        }
    }

    /**
     * A larger case with the paper's cutoff for good scaling (1,000). The paper uses 10^7 and 10^8
     * elements; 500,000 keeps an operation near 50 ms on one core.
     */
    @State(Scope.Benchmark)
    public static class Large {
        @Param({"500000"})
        public int size;

        @Param({"1000"})
        public int cutoff;

        SortData data;

        @Setup
        public void generate() {
            data = new SortData(size);
        }
    }

    /** The fixed input and the arrays an operation sorts in. */
    static final class SortData {
        final int[] input;
        final int[] work;
        final int[] scratch;

        SortData(int size) {
            if (size < 0) {
                throw new IllegalArgumentException("size must not be negative, got " + size);
            }
            input = randomInts(size, 20_231_122L);
            work = new int[size];
            scratch = new int[size];
        }

        int[] freshCopy() {
            System.arraycopy(input, 0, work, 0, input.length);
            return work;
        }

        /** The input, fresh, in the array of one copy of the bandwidth test (copy 0: the one above). */
        int[] freshCopy(int copy) {
            if (copy == 0) {
                return freshCopy();
            }
            int[] own;
            synchronized (this) {
                while (copies.size() < copy) {
                    copies.add(new int[input.length]);
                }
                own = copies.get(copy - 1);
            }
            System.arraycopy(input, 0, own, 0, input.length);
            return own;
        }

        private final java.util.List<int[]> copies = new java.util.ArrayList<>();
    }

    /** {@code n} uniformly random ints from a fixed seed: every fork and configuration sorts the same data. */
    public static int[] randomInts(int n, long seed) {
        return new SplittableRandom(seed).ints(n).toArray();
    }

    @Benchmark
    public int[] sort(Cores cores, Small state) {
        return sort(cores, state.data, state.cutoff);
    }

    @Benchmark
    public int[] sortLarge(Cores cores, Large state) {
        return sort(cores, state.data, state.cutoff);
    }

    private static int[] sort(Cores cores, SortData data, int cutoff) {
        if (cores.isBaseline()) {
            return cores.baseline(copy -> CilkSort.sequential(data.freshCopy(copy))); // each copy its own array
        }
        return cores.invoke(CilkSort.task(data.freshCopy(), data.scratch, cutoff));
    }
}
