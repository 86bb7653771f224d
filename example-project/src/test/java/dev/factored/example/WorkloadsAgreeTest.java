package dev.factored.example;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.forkjoin.FactoredPool;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every workload gives the same result in every configuration the suite measures: the baseline code,
 * the elision, the span run (the elision with strand timing), and pools of 1 and 2 workers. A benchmark whose configurations compute different
 * things would make every factored quantity meaningless.
 */
class WorkloadsAgreeTest {

    private static List<FactoredPool> pools;

    @BeforeAll
    static void openPools() {
        pools = List.of(FactoredPool.elision(), FactoredPool.span(0), FactoredPool.withWorkers(1),
                FactoredPool.withWorkers(2));
    }

    @AfterAll
    static void closePools() {
        pools.forEach(FactoredPool::close);
    }

    @Test
    void unmodifiedCodeAgreesWithItsBaseline() {
        long[] data = new java.util.SplittableRandom(1).longs(100_000, 0, 1000).toArray();
        long expected = PlainSumBenchmark.SumOfSquares.sequential(data, 0, data.length);
        try (dev.factored.forkjoin.MeasuredForkJoinPool pool = dev.factored.forkjoin.MeasuredForkJoinPool.withWorkers(2)) {
            for (int threshold : new int[] {1, 1000, 100_000, 1 << 20}) {
                assertEquals(expected, pool.invoke(new PlainSumBenchmark.SumOfSquares(data, 0, data.length, threshold)));
            }
        }
        int[] ints = new java.util.SplittableRandom(2).ints(100_000).toArray();
        assertArrayEquals(StreamHistogramBenchmark.sequential(ints), StreamHistogramBenchmark.parallel(ints));
    }

    @Test
    void cilkSortSortsLikeArraysSortInEveryConfiguration() {
        for (int size : new int[] {0, 1, 7, 20, 21, 1000, 50_000}) {
            for (int cutoff : new int[] {1, 30, 200, 10_000}) {
                int[] input = MergeSortBenchmark.randomInts(size, size * 31L + cutoff);
                int[] expected = input.clone();
                Arrays.sort(expected);
                assertArrayEquals(expected, CilkSort.sequential(input.clone()), "baseline, size " + size);
                for (FactoredPool pool : pools) {
                    int[] a = input.clone();
                    int[] sorted = pool.invoke(CilkSort.task(a, new int[size], cutoff));
                    assertArrayEquals(expected, sorted, pool + ", size " + size + ", cutoff " + cutoff);
                }
            }
        }
    }

    @Test
    void cilkSortHandlesDuplicatesAndSortedInput() {
        int[] fewValues = new int[20_000];
        for (int i = 0; i < fewValues.length; i++) {
            fewValues[i] = (i * 7919) % 5;
        }
        int[] descending = new int[20_000];
        for (int i = 0; i < descending.length; i++) {
            descending[i] = -i;
        }
        for (int[] input : List.of(fewValues, descending)) {
            int[] expected = input.clone();
            Arrays.sort(expected);
            assertArrayEquals(expected, CilkSort.sequential(input.clone()));
            for (FactoredPool pool : pools) {
                assertArrayEquals(expected, pool.invoke(CilkSort.task(input.clone(), new int[input.length], 100)),
                        pool.toString());
            }
        }
    }

    @Test
    void fibAgreesWithTheClosedSequence() {
        long[] known = {0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55};
        for (int n = 0; n < known.length; n++) {
            assertEquals(known[n], Fib.sequential(n));
        }
        for (int cutoff : new int[] {0, 2, 10, 25}) {
            for (FactoredPool pool : pools) {
                assertEquals(Fib.sequential(22), pool.invoke(Fib.task(22, cutoff)), pool + ", cutoff " + cutoff);
            }
        }
    }

    @Test
    void gapOrderVisitsEveryCellExactlyOnce() {
        for (int cells : new int[] {32, 1024, 3200, 64_000}) {
            for (int gap : new int[] {1, 2, 32}) {
                assertTrue(visitsEachCellOnce(cells, gap), "M " + cells + ", G " + gap);
            }
        }
        // Why check() insists that G divides M: otherwise the formula misses cells.
        assertTrue(!visitsEachCellOnce(1000, 32));
        assertEquals(32, ArraySweep.indexAt(1, 32, 1000));
        // After M/G steps the sweep wraps around and starts one cell further on.
        assertEquals(1, ArraySweep.indexAt(32, 32, 1024));
        assertEquals(33, ArraySweep.indexAt(33, 32, 1024));
        assertThrows(IllegalArgumentException.class, () -> ArraySweep.check(1000, 3, 1));
    }

    @Test
    void incrementalSweepFollowsTheGapFormula() {
        int cells = 3200;
        for (int gap : new int[] {1, 32}) {
            // Steps [1234, 2345) start mid-wrap: exactly the formula's cells must change, by L = 1.
            long[] array = new long[cells];
            ArraySweep.sweepSteps(array, gap, 1, 1234, 2345);
            for (int i = 0; i < cells; i++) {
                boolean expectedTouched = false;
                for (long step = 1234; step < 2345; step++) {
                    if (ArraySweep.indexAt(step, gap, cells) == i) {
                        expectedTouched = true;
                        break;
                    }
                }
                assertEquals(expectedTouched ? 1 : 0, array[i], "G " + gap + ", cell " + i);
            }
        }
    }

    @Test
    void arraySweepLeavesTheSameArrayInEveryConfiguration() {
        int cells = 64_000;
        for (int gap : new int[] {1, 32}) {
            for (int additions : new int[] {1, 3}) {
                long perUpdate = (long) additions * (additions + 1) / 2;
                // Five whole passes, as the in-cache benchmark does.
                long[] expected = initial(cells);
                ArraySweep.sequential(expected, gap, additions, 0, 5L * cells);
                for (int i = 0; i < cells; i++) {
                    assertEquals(i + 5 * perUpdate, expected[i], "baseline, cell " + i);
                }
                for (FactoredPool pool : pools) {
                    long[] array = initial(cells);
                    long token = pool.invoke(ArraySweep.task(array, gap, additions, 0, 5L * cells));
                    assertArrayEquals(expected, array, pool + ", G " + gap + ", L " + additions);
                    assertEquals(expected[0], token);
                }
            }
        }
    }

    @Test
    void movingWindowsAddUpToWholePasses() {
        // Windows of 24,000 steps over 64,000 cells (as the beyond-cache benchmark does with its
        // windows): 8 windows = 3 passes, some windows straddling a pass boundary.
        int cells = 64_000;
        int window = 24_000;
        for (int gap : new int[] {1, 32}) {
            long[] expected = initial(cells);
            for (int i = 0; i < cells; i++) {
                expected[i] += 3;
            }
            long[] sequential = initial(cells);
            for (int op = 0; op < 8; op++) {
                ArraySweep.sequential(sequential, gap, 1, (long) op * window % cells, window);
            }
            assertArrayEquals(expected, sequential, "baseline, G " + gap);
            for (FactoredPool pool : pools) {
                long[] array = initial(cells);
                for (int op = 0; op < 8; op++) {
                    pool.invoke(ArraySweep.task(array, gap, 1, (long) op * window % cells, window));
                }
                assertArrayEquals(expected, array, pool + ", G " + gap);
            }
        }
    }

    @Test
    void sweepBenchmarkStateWrapsItsWindowAroundTheArray() {
        ArraySweepBenchmark.Cells state = new ArraySweepBenchmark.Cells();
        int steps = ArraySweepBenchmark.STEPS_PER_OPERATION;
        state.cells = steps / 2 * 3;
        state.gap = 32;
        state.additions = 1;
        state.allocate();
        assertEquals(0, state.takeWindow());
        assertEquals(steps, state.takeWindow());
        assertEquals(steps / 2, state.takeWindow());
        assertEquals(0, state.takeWindow());
    }

    @Test
    void serialSectionSpinsTheSameMicrosecondsInEveryConfiguration() {
        long expected = SerialSection.sequential(300, 1000, 50);
        assertEquals(1300, expected);
        for (FactoredPool pool : pools) {
            assertEquals(expected, pool.invoke(SerialSection.task(300, 1000, 50)), pool.toString());
        }
        assertThrows(IllegalArgumentException.class, () -> SerialSection.check(0, 1001, 50));
    }

    @Test
    void serialSectionTakesAtLeastItsSpinTime() {
        // Lower bounds only: a loaded machine may stretch the run, never shorten a busy wait.
        assertAtLeastMillis(3, () -> SerialSection.sequential(1000, 2000, 50));
        for (FactoredPool pool : pools) {
            // With 2 workers the parallel part can overlap, the serial part cannot.
            long minimum = pool.workers() == 2 ? 2 : 3;
            assertAtLeastMillis(minimum, () -> pool.invoke(SerialSection.task(1000, 2000, 50)));
        }
    }

    private static boolean visitsEachCellOnce(int cells, int gap) {
        int[] visits = new int[cells];
        for (long i = 0; i < cells; i++) {
            visits[ArraySweep.indexAt(i, gap, cells)]++;
        }
        return Arrays.stream(visits).allMatch(v -> v == 1);
    }

    private static void assertAtLeastMillis(long millis, Supplier<Long> run) {
        long start = System.nanoTime();
        run.get();
        long elapsed = System.nanoTime() - start;
        assertTrue(elapsed >= millis * 1_000_000L, "took " + elapsed + " ns, less than " + millis + " ms");
    }

    private static long[] initial(int cells) {
        long[] array = new long[cells];
        for (int i = 0; i < cells; i++) {
            array[i] = i;
        }
        return array;
    }
}
