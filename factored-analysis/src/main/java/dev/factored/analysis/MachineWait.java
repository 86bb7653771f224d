package dev.factored.analysis;

import dev.factored.analysis.model.measurement.Interference;

/**
 * D_P, the workers' wait behind other processes per operation, replicate by replicate, from the profiler's
 * {@code factored.descheduled} (METHOD.md §9). Never more than the CPU time other processes took from the
 * configuration's CPUs as the family's machine section states it: the profiler caps each iteration's part by that
 * iteration's foreign time taken at 0 or above, which on a quiet machine keeps the positive half of /proc/stat's tick
 * noise; a program with more runnable threads than CPUs (a parallel stream's caller beside P workers) then read as
 * waiting behind other processes, 0.225x of the 2x against 1.5 % of the CPUs in the machine section (issue 43). What
 * is left of the wait is the program's own.
 */
final class MachineWait {

    private MachineWait() {
    }

    /**
     * @param p            the workers
     * @param estimated    the idle time was estimated from CPU time (time off-CPU holds the wait)
     * @param descheduled  the profiler's wait behind other processes per operation
     * @param idle         the idle time per operation, or null when not measured
     * @param runnable     the time the workers were runnable per operation
     * @param time         T_P
     * @param machine      what other processes took from the configuration's CPUs, or null when not measured
     * @param cpus         the configuration's CPUs, or null (then P)
     * @return D_P per replicate; null for the instrumented pool without idle time (no busy time to split by)
     */
    static double[] of(int p, boolean estimated, double[] descheduled, double[] idle, double[] runnable,
            double[] time, Interference machine, Integer cpus) {
        if (!estimated && idle == null) {
            return null;
        }
        // replicate 0 is the point estimate, capped by the share's; the others by the top of the share's interval
        int n = machine != null && machine.cpus() != null ? machine.cpus() : cpus == null ? p : cpus;
        double taken = machine == null ? Double.POSITIVE_INFINITY : Math.max(0, machine.share().value()) * n;
        double takenAtMost = machine == null ? Double.POSITIVE_INFINITY : Math.max(0, machine.share().high()) * n;
        double[] out = new double[descheduled.length];
        for (int b = 0; b < out.length; b++) {
            double d = descheduled[b];
            if (estimated) {
                // time off-CPU holds the wait: never more than the idle it is part of
                d = idle == null ? d : Math.min(d, Math.max(0, idle[b]));
            } else if (runnable[b] > 0) {
                // the part that fell in busy time, B = P·T_P − I_P, the wait spread evenly over runnable time (a
                // searching worker is runnable too but idle; a parked one is not runnable)
                d *= Math.min(1, Math.max(0, p * time[b] - idle[b]) / runnable[b]);
            }
            out[b] = Math.min(d, (b == 0 ? taken : takenAtMost) * time[b]);
        }
        return out;
    }
}
