package dev.factored.benchmarks.gate;

import dev.factored.forkjoin.FactoredTask;

/**
 * The gate-calibration workload: a compute-and-memory sweep over an array of doubles (8 MiB, larger
 * than L2), each cell updated by {@code rounds} multiply-adds. Ten rounds is the unchanged program;
 * twelve is a deliberate 20 % slowdown of every configuration.
 */
final class CalibrationWorkload {

    static final int GRAIN = 4096;

    private CalibrationWorkload() {
    }

    static double sweep(double[] cells, int from, int to, int rounds) {
        double checksum = 0;
        for (int i = from; i < to; i++) {
            double x = cells[i];
            for (int r = 0; r < rounds; r++) {
                x = x * 0.999_999 + 1e-9;
            }
            cells[i] = x;
            checksum += x;
        }
        return checksum;
    }

    /** The parallel version: the same sweep split to chunks of {@link #GRAIN} cells. */
    static final class Sweep extends FactoredTask<Double> {
        private static final long serialVersionUID = 1L;
        private final transient double[] cells;
        private final int from;
        private final int to;
        private final int rounds;

        Sweep(double[] cells, int from, int to, int rounds) {
            this.cells = cells;
            this.from = from;
            this.to = to;
            this.rounds = rounds;
        }

        @Override
        protected Double compute() {
            if (to - from <= GRAIN) {
                return sweep(cells, from, to, rounds);
            }
            int mid = (from + to) >>> 1;
            return forkJoin(new Sweep(cells, from, mid, rounds), new Sweep(cells, mid, to, rounds), Double::sum);
        }
    }
}
