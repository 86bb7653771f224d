package dev.factored.forkjoin;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time the host took from every thread on the machine, from the first line of {@code /proc/stat}: interrupts,
 * soft interrupts and steal (a hypervisor running another guest on this one's CPU). A thread loses this time while it
 * is running, so neither its CPU clock nor its run-queue wait counts it: an idle time estimated from CPU time reads
 * it as idle, while the exact accounting reads a worker holding a task as busy. A test reads it over a measurement
 * to widen its tolerance by what the host measurably took, or to leave a shape unjudged where the host took much.
 * Steal falls on a CPU that wants to run, so the share is of the CPUs' busy time, not of all their time: a
 * measurement that waits between its operations would otherwise dilute it (one read 28 % of all the time beside an
 * estimate 55 % of P·T_P off). {@code /proc/stat} counts in 10 ms ticks, so a share is read over a whole measurement
 * (seconds), never per operation.
 *
 * @param hostTicks interrupt, soft-interrupt and steal ticks, all CPUs
 * @param busyTicks every tick but idle and I/O wait, all CPUs
 */
record HostTime(long hostTicks, long busyTicks) {

    private static final Path PROC_STAT = Path.of("/proc/stat");
    /** Nothing to read here (not Linux). */
    static final HostTime UNAVAILABLE = new HostTime(-1, -1);

    static HostTime now() {
        try {
            String first = Files.readString(PROC_STAT).lines().findFirst().orElse("");
            String[] f = first.trim().split("\\s+");
            if (f.length < 9 || !f[0].equals("cpu")) {
                return UNAVAILABLE;
            }
            long busy = 0;
            for (int i = 1; i <= 8; i++) { // user nice system idle iowait irq softirq steal; guest is inside user
                busy += i == 4 || i == 5 ? 0 : Long.parseLong(f[i]);
            }
            return new HostTime(Long.parseLong(f[6]) + Long.parseLong(f[7]) + Long.parseLong(f[8]), busy);
        } catch (IOException | RuntimeException e) {
            return UNAVAILABLE;
        }
    }

    /** The host's share of the CPUs' busy time since {@code before}; 0 where nothing could be read. */
    double shareSince(HostTime before) {
        if (hostTicks < 0 || before.hostTicks < 0 || busyTicks <= before.busyTicks) {
            return 0;
        }
        return (double) (hostTicks - before.hostTicks) / (busyTicks - before.busyTicks);
    }
}
