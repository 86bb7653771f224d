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
        Interference reader = Interference.openOrWhy(why);
        if (reader == null) {
            System.out.println("unavailable " + why);
            System.exit(2);
        }
        long sink = 0;
        for (int w = 0; w < windows; w++) {
            Interference.Reading start = reader.read();
            long begin = System.nanoTime();
            long end = begin + millis * 1_000_000L;
            while (System.nanoTime() < end) {
                sink += System.identityHashCode(start) ^ sink;
            }
            double wall = System.nanoTime() - begin;
            Interference.Delta d = Interference.between(start, reader.read());
            System.out.println(String.format(Locale.ROOT, "window %.4f %.4f %.4f %d", d.share(),
                    d.machineDelayNanos() / wall, d.programDelayNanos() / wall, sink & 1));
        }
    }
}
