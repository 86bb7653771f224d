package dev.factored.jmh;

import java.util.Locale;

/**
 * A child JVM for {@link InterferenceTest}: spins its main thread through several windows and prints, per window,
 * the interference share of its CPUs and the run-queue delay attributed to other processes per wall time.
 * Usage: {@code InterferenceProbe <windows> <millis>}.
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
        long sink = 0;
        for (int w = 0; w < windows; w++) {
            // The wall time spans both readings, as the counts do: a reading takes milliseconds in the interpreter,
            // and on a busy machine it is preempted too (its wait, 70 ms of 400 at load 8, would otherwise be divided
            // by the spin's time alone: waits of 1.07 to 1.10 of the wall time, against shares of 0.87 to 0.90).
            long begin = System.nanoTime();
            Interference.Reading start = reader.read();
            long end = System.nanoTime() + millis * 1_000_000L;
            while (System.nanoTime() < end) {
                sink += System.identityHashCode(start) ^ sink;
            }
            Interference.Reading stop = reader.read();
            double wall = System.nanoTime() - begin;
            Interference.Delta d = Interference.between(start, stop);
            System.out.println(String.format(Locale.ROOT, "window %.4f %.4f %.4f %d", d.share(),
                    d.machineDelayNanos() / wall, d.programDelayNanos() / wall, sink & 1));
        }
    }
}
