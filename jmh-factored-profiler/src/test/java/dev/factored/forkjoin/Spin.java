package dev.factored.forkjoin;

/** Busy-waits on the clock: work whose duration is known, whatever the JIT or the cache does. */
public final class Spin {

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

    private static final java.lang.management.ThreadMXBean THREADS =
            java.lang.management.ManagementFactory.getThreadMXBean();

    /**
     * Spins until the calling thread has run for {@code nanos} of CPU time: a fixed amount of work, like real
     * code, that a descheduled thread finishes late instead of early (a spin on the wall clock ends at its
     * deadline even if the thread was off the CPU for most of it). Returns the CPU time it actually took, which
     * overshoots {@code nanos} by up to one clock read.
     */
    public static long spinCpu(long nanos) {
        long start = THREADS.getCurrentThreadCpuTime();
        long spent;
        while ((spent = THREADS.getCurrentThreadCpuTime() - start) < nanos) {
            Thread.onSpinWait();
        }
        return spent;
    }

    /**
     * What one read of the thread's CPU clock costs, the median gap between back-to-back reads: the part of
     * {@link #spinCpu}'s own work that falls outside the time it returns (half of its first read and half of its
     * last).
     */
    static long cpuClockRead() {
        long[] gaps = new long[2_001];
        for (int round = 0; round < 2; round++) { // the first round warms the path
            long previous = THREADS.getCurrentThreadCpuTime();
            for (int i = 0; i < gaps.length; i++) {
                long now = THREADS.getCurrentThreadCpuTime();
                gaps[i] = now - previous;
                previous = now;
            }
        }
        return median(gaps);
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
