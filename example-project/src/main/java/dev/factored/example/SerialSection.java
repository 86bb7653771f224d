package dev.factored.example;

import dev.factored.forkjoin.FactoredTask;

/**
 * A workload with a known answer: the root task spins for {@code serialMicros} on its own, then
 * {@code parallelMicros} of spinning split into chunks of {@code chunkMicros}, forked as a balanced
 * tree. Spinning is a busy wait on {@link System#nanoTime()}, so its length does not depend on the
 * JIT or the cache. With P workers and ideal scheduling:
 * T_1 ≈ serial + parallel, T_P ≈ serial + parallel/P, and the idle time
 * I_P ≈ (P − 1)·serial plus a small tail at the end of the parallel part (Amdahl's law).
 */
public final class SerialSection {

    private SerialSection() {
    }

    /**
     * @throws IllegalArgumentException unless the times are non-negative and the parallel part is a
     *     whole number of chunks
     */
    public static void check(int serialMicros, int parallelMicros, int chunkMicros) {
        if (serialMicros < 0 || parallelMicros < 0 || chunkMicros < 1) {
            throw new IllegalArgumentException("serialMicros (" + serialMicros + ") and parallelMicros ("
                    + parallelMicros + ") must not be negative and chunkMicros (" + chunkMicros
                    + ") must be positive");
        }
        if (parallelMicros % chunkMicros != 0) {
            throw new IllegalArgumentException("parallelMicros " + parallelMicros
                    + " is not a whole number of chunks of " + chunkMicros + " µs");
        }
    }

    /** Busy-waits for {@code micros} microseconds; returns {@code micros} so callers can add up the work done. */
    public static long spin(long micros) {
        long end = System.nanoTime() + micros * 1000L;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
        return micros;
    }

    /** The sequential baseline: the same spinning in a plain loop. Returns the microseconds spun. */
    public static long sequential(int serialMicros, int parallelMicros, int chunkMicros) {
        check(serialMicros, parallelMicros, chunkMicros);
        long spun = spin(serialMicros);
        for (int i = parallelMicros / chunkMicros; i > 0; i--) {
            spun += spin(chunkMicros);
        }
        return spun;
    }

    /** The parallel version; its result is the microseconds spun, the same as {@link #sequential}'s. */
    public static FactoredTask<Long> task(int serialMicros, int parallelMicros, int chunkMicros) {
        check(serialMicros, parallelMicros, chunkMicros);
        return new FactoredTask<>() {
            private static final long serialVersionUID = 1L;

            @Override
            protected Long compute() {
                long serial = spin(serialMicros);
                return serial + new Chunks(0, parallelMicros / chunkMicros, chunkMicros).compute();
            }
        };
    }

    /** Chunks {@code [from, to)} of the parallel part, split in halves down to single chunks. */
    private static final class Chunks extends FactoredTask<Long> {
        private static final long serialVersionUID = 1L;
        private final int from;
        private final int to;
        private final int chunkMicros;

        Chunks(int from, int to, int chunkMicros) {
            this.from = from;
            this.to = to;
            this.chunkMicros = chunkMicros;
        }

        @Override
        protected Long compute() {
            if (to - from <= 1) {
                return to > from ? spin(chunkMicros) : 0L;
            }
            int mid = (from + to) >>> 1;
            return forkJoin(new Chunks(from, mid, chunkMicros), new Chunks(mid, to, chunkMicros), Long::sum);
        }
    }
}
