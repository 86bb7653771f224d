package dev.factored.jmh.machine;

/**
 * This machine as this process found it on its first reading, before anything moved the process. The profiler's host
 * moves its own threads off the CPUs of every fork it starts, so a later reading of {@code /proc/self/status} (or
 * {@code Runtime.availableProcessors()}) gives that fork's spare CPUs, not the machine's: the host's pinning plans and
 * its recorded identity read this one, the same for every run whatever configuration's fork comes first.
 */
public final class MachineAtStart {

    private static CpuTopology topology;

    private MachineAtStart() {
    }

    /** The topology with the allowed CPUs and the quota as this process first read them. */
    public static synchronized CpuTopology topology() {
        if (topology == null) {
            topology = CpuTopology.ofThisMachine();
        }
        return topology;
    }
}
