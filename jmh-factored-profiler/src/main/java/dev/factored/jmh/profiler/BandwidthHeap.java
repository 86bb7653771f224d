package dev.factored.jmh.profiler;

import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * The heap of the bandwidth test: P copies of the baseline each hold their own data, so a fork sized for one copy (the
 * benchmark's own {@code -Xmx}) runs out of memory at {@code bandwidth-P}. The baseline fork of the family says what one
 * copy holds and what its heap was; the host then gives the bandwidth fork room for P copies where the machine has the
 * memory, and otherwise runs as many copies as fit (the {@code Cores} state reads {@link #COPIES_PROPERTY}).
 */
public final class BandwidthHeap {

    /** System property of a bandwidth fork: the copies to run when fewer than P fit. */
    static final String COPIES_PROPERTY = "factored.bandwidthCopies";

    /**
     * The room each further copy gets beyond its live data: a copy allocates while it runs (the collector needs room
     * to move it), a quarter more than it holds, as the baseline's own heap gives more than its live data.
     */
    static final double ROOM_PER_COPY = 1.25;

    /** The share of the machine's memory one fork's heap may take: the host JVM and the system need the rest. */
    static final double MACHINE_SHARE = 0.5;

    private BandwidthHeap() {
    }

    /**
     * What a bandwidth fork gets.
     *
     * @param maxHeapBytes the heap to give it ({@code -Xmx}), or 0 to leave the benchmark's own
     * @param copies       the copies it runs (P when all fit)
     * @param note         one line for the console, or null when nothing changes
     */
    record Plan(long maxHeapBytes, int copies, String note) {
    }

    /**
     * Pure: the heap and copies of a {@code bandwidth-P} fork from what the family's baseline fork measured.
     *
     * @param what           the configuration, for the note
     * @param copies         P
     * @param liveBytes      one copy's data, from the baseline fork
     * @param baselineMax    the baseline fork's maximum heap (the benchmark's own -Xmx, or the JVM's default)
     * @param machineBytes   the machine's (or the container's) memory; 0 when unknown
     */
    static Plan plan(String what, int copies, long liveBytes, long baselineMax, long machineBytes) {
        // The benchmark's own heap holds P copies with room to spare: nothing to change.
        boolean fits = copies * liveBytes * ROOM_PER_COPY <= baselineMax;
        long needed = baselineMax + (long) Math.ceil((copies - 1) * liveBytes * ROOM_PER_COPY);
        if (copies < 2 || liveBytes <= 0 || baselineMax <= 0 || fits) {
            return new Plan(0, copies, null);
        }
        long allowed = (long) (machineBytes * MACHINE_SHARE);
        if (machineBytes <= 0 || needed <= allowed) {
            return new Plan(roundUpToMib(needed), copies, String.format(Locale.ROOT, "%s: %d copies of %s need a heap "
                    + "of %s (the baseline's %s and %s for each further copy): -Xmx%dm", what, copies, mib(liveBytes),
                    mib(needed), mib(baselineMax), mib((long) (liveBytes * ROOM_PER_COPY)), roundUpToMib(needed) >> 20));
        }
        int fit = (int) Math.max(1, 1 + Math.floor((allowed - baselineMax) / (liveBytes * ROOM_PER_COPY)));
        fit = Math.min(fit, copies);
        return new Plan(roundUpToMib(Math.max(baselineMax, allowed)), fit, String.format(Locale.ROOT, "%s: %d copies of "
                + "%s need a heap of %s, more than half of this machine's %s: runs %d copies on %d of its CPUs "
                + "(-Xmx%dm)", what, copies, mib(liveBytes), mib(needed), mib(machineBytes), fit, fit,
                roundUpToMib(Math.max(baselineMax, allowed)) >> 20));
    }

    /**
     * The heap in use now. At an iteration's end it holds the state one copy works on and the garbage not yet
     * collected: the least of those readings never undercounts a copy.
     */
    static long liveBytes() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /** The machine's (the container's, where the JVM sees a limit) memory, bytes; 0 when unknown. */
    static long machineBytes() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return Math.max(0, os.getTotalMemorySize());
        }
        return 0;
    }

    /** The copies this bandwidth fork runs: P, or fewer where the host said only those fit in memory. */
    public static int copies(int wanted) {
        String fit = System.getProperty(COPIES_PROPERTY);
        if (fit == null) {
            return wanted;
        }
        try {
            return Math.max(1, Math.min(wanted, Integer.parseInt(fit.strip())));
        } catch (NumberFormatException e) {
            return wanted;
        }
    }

    private static long roundUpToMib(long bytes) {
        return ((bytes + (1 << 20) - 1) >> 20) << 20;
    }

    private static String mib(long bytes) {
        return bytes >= 1L << 30 ? String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30))
                : String.format(Locale.ROOT, "%d MiB", (bytes + (1 << 20) - 1) >> 20);
    }
}
