package dev.factored.benchmarks.gate;

import dev.factored.forkjoin.FactoredTask;

/**
 * The gate-calibration workload: a compute-and-memory sweep over an array of doubles (8 MiB, larger
 * than L2), each visited cell updated by ten multiply-adds. A slowdown of s visits (s − 1)·N cells
 * more, wrapping around to the start of the array: exactly s times the work of the same kind, in
 * every configuration.
 */
final class CalibrationWorkload {

    static final int GRAIN = 4096;
    private static final int ROUNDS = 10;

    private CalibrationWorkload() {
    }

    /** Visits {@code [from, to)} of the cells repeated end to end ({@code to <= 2·cells.length}). */
    static double sweep(double[] cells, int from, int to) {
        int n = cells.length;
        if (to <= n) {
            return sweepCells(cells, from, to);
        }
        if (from >= n) {
            return sweepCells(cells, from - n, to - n);
        }
        return sweepCells(cells, from, n) + sweepCells(cells, 0, to - n);
    }

    private static double sweepCells(double[] cells, int from, int to) {
        double checksum = 0;
        for (int i = from; i < to; i++) {
            double x = cells[i];
            for (int r = 0; r < ROUNDS; r++) {
                x = x * 0.999_999 + 1e-9;
            }
            cells[i] = x;
            checksum += x;
        }
        return checksum;
    }

    /** The parallel version: the same sweep split to chunks of {@link #GRAIN} visits. */
    static final class Sweep extends FactoredTask<Double> {
        private static final long serialVersionUID = 1L;
        private final transient double[] cells;
        private final int from;
        private final int to;

        Sweep(double[] cells, int from, int to) {
            this.cells = cells;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Double compute() {
            if (to - from <= GRAIN) {
                return sweep(cells, from, to);
            }
            int mid = (from + to) >>> 1;
            return forkJoin(new Sweep(cells, from, mid), new Sweep(cells, mid, to), Double::sum);
        }
    }
}
