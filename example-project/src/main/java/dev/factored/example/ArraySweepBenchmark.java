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
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The array sweep (Acar et al. §4) with the total number of cell updates per operation fixed at
 * {@value #STEPS_PER_OPERATION} = 2^20 (the paper's 4·10^8, scaled down so that an operation stays in
 * milliseconds even when every access misses the cache).
 * M = 2^16 cells (512 KB) fit in the per-core L2 cache: an operation is 16 whole passes, each a
 * parallel loop. M = 2^25 cells (256 MB) are far beyond the last-level cache (105 MB here): an
 * operation is 1/32 of a pass, and the next operation continues where it stopped (see
 * {@link ArraySweep}).
 *
 * <p>What to expect: in cache the passes are compute-bound and scale (apart from the barrier after
 * each short pass); beyond the cache every step is a trip to memory, the parallel runs compete for
 * memory bandwidth and the work inflation F_P grows (the inflation-specific speedup flattens). Gap
 * 32 makes every access touch a new cache line and exaggerates the effect.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 3, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 5, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 500, timeUnit = TimeUnit.MILLISECONDS)
public class ArraySweepBenchmark {

    /** Cell updates per operation, whatever M (R·M in the paper). */
    public static final int STEPS_PER_OPERATION = 1 << 20;

    @State(Scope.Benchmark)
    public static class Cells {
        /** M: 2^16 cells (512 KB) fit in L2; 2^25 cells (256 MB) are far beyond the last-level cache. */
        @Param({"65536", "33554432"})
        public int cells;

        /** G: 1 = index order, 32 = a new cache line at every step. */
        @Param({"1", "32"})
        public int gap;

        /** L: integer additions per cell update. */
        @Param({"1"})
        public int additions;

        long[] array;
        /** Where the next operation starts in the endless sweep, in [0, M). */
        long nextStep;

        @Setup
        public void allocate() {
            ArraySweep.check(cells, gap, additions);
            array = new long[cells];
            for (int i = 0; i < cells; i++) {
                array[i] = i;
            }
            nextStep = 0;
        }

        /** The array of one copy of the bandwidth test: copy 0 sweeps the state's, the others their own. */
        long[] arrayOf(int copy) {
            if (copy == 0) {
                return array;
            }
            synchronized (this) {
                while (copies.size() < copy) {
                    copies.add(array.clone());
                }
                return copies.get(copy - 1);
            }
        }

        private final java.util.List<long[]> copies = new java.util.ArrayList<>();

        long takeWindow() {
            long first = nextStep;
            nextStep = (first + STEPS_PER_OPERATION) % cells;
            return first;
        }
    }

    @Benchmark
    public long sweep(Cores cores, Cells state) {
        long first = state.takeWindow();
        if (cores.isBaseline()) {
            return cores.baseline(copy -> ArraySweep.sequential(state.arrayOf(copy), state.gap, state.additions, first,
                    STEPS_PER_OPERATION));
        }
        return cores.invoke(ArraySweep.task(state.array, state.gap, state.additions, first, STEPS_PER_OPERATION));
    }
}
