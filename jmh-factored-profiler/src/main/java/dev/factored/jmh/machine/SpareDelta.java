package dev.factored.jmh.machine;

import java.util.Map;

/**
 * What other processes took, between two readings, from the spare CPUs the JVM's own threads run on when they are
 * apart from the program's ({@link ThreadPinning}), and what that cost those threads. The program does not run there,
 * but it can feel it: a safepoint waits for the VM thread, a collection for its concurrent threads, and code stays
 * interpreted while its compiler waits. Read at iteration boundaries only, from the same counters as the measured
 * CPUs' figures ({@link Interference}).
 *
 * @param cpuNanos         the spare CPUs' time: CPUs × wall time (from /proc/stat's ticks)
 * @param foreignNanos     CPU time of the spare CPUs spent on other processes and steal: their busy time less this
 *                         JVM's threads kept there and its collector's pause workers (signed, never clamped, so means
 *                         stay unbiased)
 * @param jvmWaitNanos     run-queue delay of the JVM's own threads kept on the spare CPUs, of every cause
 * @param machineWaitNanos the part of it attributed to other processes
 */
public record SpareDelta(double cpuNanos, double foreignNanos, double jvmWaitNanos, double machineWaitNanos) {

    /** Foreign time as a share of the spare CPUs' time; NaN when no time passed. */
    public double share() {
        return cpuNanos > 0 ? foreignNanos / cpuNanos : Double.NaN;
    }

    /** Between two readings of a reader whose JVM threads are apart and that reads spare CPUs. */
    static SpareDelta between(Interference.Reading start, Interference.Reading end) {
        long busyTicks = 0;
        long totalTicks = 0;
        for (int i = 0; i < start.spareBusyTicks().length; i++) {
            busyTicks += end.spareBusyTicks()[i] - start.spareBusyTicks()[i];
            totalTicks += end.spareTotalTicks()[i] - start.spareTotalTicks()[i];
        }
        double ownCpu = 0;
        double jvmWait = 0;
        for (Map.Entry<Long, Interference.ThreadTime> e : end.threads().entrySet()) {
            Interference.ThreadTime after = e.getValue();
            Interference.ThreadTime before = start.threads().getOrDefault(e.getKey(),
                    new Interference.ThreadTime(0, 0, after.role(), after.place()));
            // The collector's pause workers may run on the measured and the spare CPUs alike, and where they ran is
            // not counted: their whole time is taken as possibly here, so a collection reads as this JVM's rather
            // than as a neighbour's (the spare CPUs' foreign time reads low by their time on the measured CPUs).
            if (!after.onMeasured() || after.pauseWorker()) {
                ownCpu += after.cpuNanos() - before.cpuNanos();
            }
            if (after.jvm() && !after.onMeasured()) {
                jvmWait += after.waitNanos() - before.waitNanos();
            }
        }
        double foreign = (double) busyTicks * Interference.NANOS_PER_TICK - ownCpu;
        // The JVM's threads on the spare CPUs wait behind two competitors: other processes and each other (two
        // compilers on one spare CPU). Only the first is the machine's, by the one rule of the split (WaitSplit). A
        // neighbour on a spare CPU whose JVM threads never waited gives 0: the rule that marks a configuration
        // disturbed rests on this wait.
        return new SpareDelta((double) totalTicks * Interference.NANOS_PER_TICK, foreign, jvmWait,
                WaitSplit.machinePart(jvmWait, foreign, Math.max(0, ownCpu)));
    }
}
