package dev.factored.contract;

/**
 * A process that took CPU time from a fork's CPUs, as the profiler names it in a secondary result's label: {@code
 * factored.foreign:<pid>:<command>}, its value the process's share of the fork's CPUs' time in the iteration (0 to 1).
 * The profiler reports the largest few only in iterations that other processes disturbed, so that a warning can say
 * who took the CPU. The command is the kernel's {@code comm} (at most 15 bytes, any text but NUL): untrusted.
 *
 * @param pid     the process id
 * @param command the process's command name as the kernel keeps it
 */
public record ForeignProcess(long pid, String command) {

    /** The label's prefix. */
    public static final String PREFIX = "factored.foreign:";

    public ForeignProcess {
        if (pid <= 0) {
            throw new IllegalArgumentException("pid must be positive, got " + pid);
        }
        if (command == null) {
            throw new IllegalArgumentException("command must not be null");
        }
    }

    /** The secondary result's label for this process. */
    public String label() {
        return PREFIX + pid + ":" + command;
    }

    /** The process a label names, or null when the label is not one of {@link #PREFIX}'s or is malformed. */
    public static ForeignProcess ofLabel(String label) {
        if (label == null || !label.startsWith(PREFIX)) {
            return null;
        }
        int colon = label.indexOf(':', PREFIX.length());
        if (colon < 0) {
            return null;
        }
        try {
            long pid = Long.parseLong(label.substring(PREFIX.length(), colon));
            return pid > 0 ? new ForeignProcess(pid, label.substring(colon + 1)) : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
