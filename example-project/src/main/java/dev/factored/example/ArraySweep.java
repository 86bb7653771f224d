package dev.factored.example;

import dev.factored.forkjoin.FactoredTask;
import dev.factored.forkjoin.RangeBody;

/**
 * The array sweep of Acar, Charguéraud and Rainey §4: passes over an array of 64-bit cells; processing a cell adds {@code additions} integers to its value and writes it back.
 * With gap G the i-th processed cell is at index {@code (i·G + ⌊i·G/M⌋) mod M}: for G = 1 that is
 * plain index order, for larger G consecutive steps land G cells (G·8 bytes) apart, so every cell is
 * still processed exactly once per pass (when G divides M) but nearly every access misses the cache
 * line of the previous one. A parallel pass splits the index range down to chunks of {@value #GRAIN}.
 *
 * <p>The paper does R = 4·10^8 / M whole passes. Here an operation is a fixed number of steps of the
 * endless sweep (pass after pass), starting where the previous operation stopped: for an M that
 * divides it, that is exactly R whole passes; for an M larger than it, a window that moves through
 * the array from one operation to the next, so the cache never holds the cells it is about to touch.
 * That keeps the total work per operation fixed and an operation in milliseconds for every M.
 */
public final class ArraySweep {

    /** The paper's chunk size of the parallel loop. */
    public static final int GRAIN = 1000;

    private ArraySweep() {
    }

    /**
     * @throws IllegalArgumentException unless {@code 1 <= gap <= cells}, {@code gap} divides the
     *     number of cells (else the formula skips cells), and {@code additions >= 0}
     */
    public static void check(int cells, int gap, int additions) {
        if (cells < 1) {
            throw new IllegalArgumentException("the array needs at least one cell, got " + cells);
        }
        if (gap < 1 || gap > cells || cells % gap != 0) {
            throw new IllegalArgumentException("gap " + gap + " must be between 1 and the cell count "
                    + cells + " and divide it, or some cells are processed twice and others never");
        }
        if (additions < 0) {
            throw new IllegalArgumentException("additions must not be negative, got " + additions);
        }
    }

    /** The index processed at step {@code i} of a pass: (i·G + ⌊i·G/M⌋) mod M. */
    public static int indexAt(long i, int gap, int cells) {
        long scaled = i * gap;
        return (int) ((scaled + scaled / cells) % cells);
    }

    /**
     * Processes steps {@code [from, to)} of one pass. The index is advanced incrementally
     * (p = i·G mod M, q = ⌊i·G/M⌋) so a step costs an add and two compares, not a division.
     */
    public static void sweepSteps(long[] cells, int gap, int additions, int from, int to) {
        int m = cells.length;
        long start = (long) from * gap;
        int p = (int) (start % m);
        int q = (int) (start / m);
        for (int i = from; i < to; i++) {
            int index = p + q;
            if (index >= m) {
                index -= m;
            }
            long value = cells[index];
            for (int k = 0; k < additions; k++) {
                value += k + 1;
            }
            cells[index] = value;
            p += gap;
            if (p >= m) {
                p -= m;
                q++;
            }
        }
    }

    /**
     * Splits steps {@code [firstStep, firstStep + steps)} of the endless sweep (pass after pass over
     * {@code cells} cells) at pass boundaries and hands each piece to {@code segment} as step indices
     * within its pass. Pieces run one after another, so no two of them touch the same cell at once.
     */
    static void forEachPassSegment(int cells, long firstStep, long steps, RangeBody segment) {
        long step = firstStep;
        long end = firstStep + steps;
        while (step < end) {
            long passStart = step - step % cells;
            long segmentEnd = Math.min(end, passStart + cells);
            segment.run((int) (step - passStart), (int) (segmentEnd - passStart));
            step = segmentEnd;
        }
    }

    /**
     * The sequential baseline: the plain loop over steps {@code [firstStep, firstStep + steps)}.
     * Returns a token read from the array so the work cannot be discarded.
     */
    public static long sequential(long[] cells, int gap, int additions, long firstStep, long steps) {
        forEachPassSegment(cells.length, firstStep, steps,
                (from, to) -> sweepSteps(cells, gap, additions, from, to));
        return cells[0];
    }

    /** The same steps as one operation: each piece of a pass is a parallel loop, pieces run in order. */
    public static FactoredTask<Long> task(long[] cells, int gap, int additions, long firstStep, long steps) {
        return new FactoredTask<>() {
            private static final long serialVersionUID = 1L;

            @Override
            protected Long compute() {
                forEachPassSegment(cells.length, firstStep, steps, (from, to) -> parallelFor(from, to, GRAIN,
                        (chunkFrom, chunkTo) -> sweepSteps(cells, gap, additions, chunkFrom, chunkTo)));
                return cells[0];
            }
        };
    }
}
