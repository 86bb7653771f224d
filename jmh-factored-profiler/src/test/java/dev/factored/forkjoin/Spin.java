package dev.factored.forkjoin;

/** Busy-waits on the clock: work whose duration is known, whatever the JIT or the cache does. */
final class Spin {

    private Spin() {
    }

    /** Spins for at least {@code nanos} and returns the nanoseconds it actually took. */
    static long spin(long nanos) {
        long start = System.nanoTime();
        long now = start;
        while (now - start < nanos) {
            Thread.onSpinWait();
            now = System.nanoTime();
        }
        return now - start;
    }

    static long median(long[] values) {
        long[] sorted = values.clone();
        java.util.Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    static double median(double[] values) {
        double[] sorted = values.clone();
        java.util.Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
