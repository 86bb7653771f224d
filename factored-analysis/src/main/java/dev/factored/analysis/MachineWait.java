package dev.factored.analysis;

import dev.factored.analysis.model.measurement.Interference;

/**
 * The workers' wait for a CPU while they held work, split once into its two parts, replicate by replicate (METHOD.md
 * §9): D_P, the wait behind other processes, from the profiler's {@code factored.descheduled}, and O_P, the program's
 * own waiting, the rest of the workers' wait of every cause ({@code factored.workerWait}): the wait behind the
 * program's other threads (a parallel stream's caller beside P workers: more runnable threads than CPUs) and behind
 * the JVM's own threads on the same CPUs.
 *
 * <p>D_P is never more than the CPU time other processes took from the configuration's CPUs as the family's machine
 * section states it: the profiler caps each iteration's part by that iteration's foreign time, which files from before
 * the cap was signed took at 0 or above, keeping the positive half of /proc/stat's tick noise; a program crowding
 * itself then read as waiting behind other processes, 0.225x of the 2x against 1.5 % of the CPUs in the machine
 * section (issue 43). Whatever of the wait is not the machine's is the program's own.
 */
final class MachineWait {

    /**
     * The two parts per replicate, seconds per operation.
     *
     * @param machine D_P, the wait behind other processes
     * @param own     O_P, the program's own waiting; null when the workers' wait of every cause was not measured (then
     *                it stays in the idle time or the work inflation, as before the profiler published it)
     */
    record Parts(double[] machine, double[] own) {
    }

    private MachineWait() {
    }

    /**
     * @param p            the workers
     * @param estimated    the idle time was estimated from CPU time (time off-CPU holds the wait)
     * @param descheduled  the profiler's wait behind other processes per operation
     * @param workerWait   the workers' wait of every cause per operation, or null when not measured
     * @param idle         the idle time per operation, or null when not measured
     * @param runnable     the time the workers were runnable per operation
     * @param time         T_P
     * @param machine      what other processes took from the configuration's CPUs, or null when not measured
     * @param cpus         the configuration's CPUs, or null (then P)
     * @return the parts per replicate; null for the instrumented pool without idle time (no busy time to split by)
     */
    static Parts of(int p, boolean estimated, double[] descheduled, double[] workerWait, double[] idle,
            double[] runnable, double[] time, Interference machine, Integer cpus) {
        if (!estimated && idle == null) {
            return null;
        }
        // replicate 0 is the point estimate, capped by the share's; the others by the top of the share's interval
        int n = machine != null && machine.cpus() != null ? machine.cpus() : cpus == null ? p : cpus;
        double taken = machine == null ? Double.POSITIVE_INFINITY : Math.max(0, machine.share().value()) * n;
        double takenAtMost = machine == null ? Double.POSITIVE_INFINITY : Math.max(0, machine.share().high()) * n;
        double[] out = new double[descheduled.length];
        double[] own = workerWait == null ? null : new double[descheduled.length];
        for (int b = 0; b < out.length; b++) {
            // the whole wait in the busy time, and of it the machine's part: a signed mean is taken at 0 here, once
            double all = own == null ? Math.max(0, descheduled[b]) : Math.max(0, workerWait[b]);
            double d = Math.max(0, descheduled[b]);
            double inBusy = 1;
            if (estimated) {
                // time off-CPU holds the wait: never more than the idle it is part of
                all = idle == null ? all : Math.min(all, Math.max(0, idle[b]));
            } else if (runnable[b] > 0) {
                // the part that fell in busy time, B = P·T_P − I_P, the wait spread evenly over runnable time (a
                // searching worker is runnable too but idle; a parked one is not runnable)
                inBusy = Math.min(1, Math.max(0, p * time[b] - idle[b]) / runnable[b]);
            }
            all *= inBusy;
            out[b] = Math.min(Math.min(d * inBusy, all), (b == 0 ? taken : takenAtMost) * time[b]);
            if (own != null) {
                own[b] = all - out[b];
            }
        }
        return new Parts(out, own);
    }
}
