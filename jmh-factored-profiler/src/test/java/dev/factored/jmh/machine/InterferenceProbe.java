package dev.factored.jmh.machine;

import java.util.Locale;

/**
 * A child JVM for {@link InterferenceTest}: spins its main thread through several windows and prints, per window,
 * the interference share of its CPUs, the run-queue delay attributed to other processes and its own run-queue delay
 * per wall time, and the share of its CPUs the hypervisor stole or the kernel's interrupts took (which /proc/stat
 * counts as busy and no thread of the guest as waiting).
 * Usage: {@code InterferenceProbe <windows> <millis> [<neighbour's pid>]}; with a neighbour, each window also has
 * the neighbour's own run-queue delay per wall time (else -1), and every window the share of its wall time in which
 * the probe's spinning thread was runnable (running or waiting to run, by the kernel's count).
 */
public final class InterferenceProbe {

    private InterferenceProbe() {
    }

    public static void main(String[] args) throws Exception {
        int windows = Integer.parseInt(args[0]);
        long millis = Long.parseLong(args[1]);
        StringBuilder why = new StringBuilder();
        Interference reader = Interference.openOrWhy(null, why);
        if (reader == null) {
            System.out.println("unavailable " + why);
            System.exit(2);
        }
        int[] cpus = CpuSet.readAllowed(CpuSet.PROC_SELF_STATUS).toArray();
        java.nio.file.Path neighbour = args.length > 2 ? java.nio.file.Path.of("/proc", args[2], "schedstat") : null;
        long sink = 0;
        for (int w = 0; w < windows; w++) {
            // The wall time spans both readings, as the counts do: a reading takes milliseconds in the interpreter,
            // and on a busy machine it is preempted too (its wait, 70 ms of 400 at load 8, would otherwise be divided
            // by the spin's time alone: waits of 1.07 to 1.10 of the wall time, against shares of 0.87 to 0.90).
            long begin = System.nanoTime();
            long[] stealBefore = steal(cpus);
            long neighbourBefore = neighbour == null ? 0 : waited(neighbour);
            long[] selfBefore = Interference.parseSchedstat(java.nio.file.Files.readString(SELF));
            Interference.Reading start = reader.read();
            long end = System.nanoTime() + millis * 1_000_000L;
            while (System.nanoTime() < end) {
                sink += System.identityHashCode(start) ^ sink;
            }
            Interference.Reading stop = reader.read();
            long[] stealAfter = steal(cpus);
            long neighbourAfter = neighbour == null ? 0 : waited(neighbour);
            long[] selfAfter = Interference.parseSchedstat(java.nio.file.Files.readString(SELF));
            double wall = System.nanoTime() - begin;
            Interference.Delta d = Interference.between(start, stop);
            double stolen = (stealAfter[0] - stealBefore[0]) / (double) Math.max(1, stealAfter[1] - stealBefore[1]);
            double runnable = (selfAfter[0] - selfBefore[0] + selfAfter[1] - selfBefore[1]) / wall;
            System.out.println(String.format(Locale.ROOT, "window %.4f %.4f %.4f %.4f %.4f %.4f %d", d.share(),
                    d.machineDelayNanos() / wall, d.programDelayNanos() / wall, stolen,
                    neighbour == null ? -1 : (neighbourAfter - neighbourBefore) / wall, runnable, sink & 1));
        }
    }

    private static final java.nio.file.Path SELF = java.nio.file.Path.of("/proc/thread-self/schedstat");

    private static long waited(java.nio.file.Path schedstat) throws java.io.IOException {
        return Interference.parseSchedstat(java.nio.file.Files.readString(schedstat))[1];
    }

    /** The ticks of irq, softirq and steal and all ticks of the given CPUs, summed, from /proc/stat. */
    private static long[] steal(int[] cpus) throws java.io.IOException {
        long stolen = 0;
        long total = 0;
        for (String line : java.nio.file.Files.readAllLines(Interference.PROC_STAT)) {
            String[] f = line.trim().split("\\s+");
            if (f[0].length() > 3 && f[0].startsWith("cpu")
                    && java.util.Arrays.stream(cpus).anyMatch(c -> f[0].equals("cpu" + c))) {
                for (int k = 1; k < Math.min(f.length, 9); k++) {
                    total += Long.parseLong(f[k]);
                }
                stolen += Long.parseLong(f[6]) + Long.parseLong(f[7]) + Long.parseLong(f[8]);
            }
        }
        return new long[] {stolen, total};
    }
}
