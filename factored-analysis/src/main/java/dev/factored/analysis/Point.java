package dev.factored.analysis;

/**
 * One parallel configuration (P workers) of a family. Times are seconds per operation.
 *
 * @param cores          P
 * @param time           T_P
 * @param idleTime       I_P, the idle time of all P workers summed, per operation; null if the
 *                       profiler did not report {@code factored.idle}
 * @param workInflation  F_P = P·T_P − I_P − T_1; null without T_1 or I_P
 * @param speedups       the six curves at P
 * @param losses         the four losses at P
 * @param oversubscribed P is larger than the CPUs the fork could use
 * @param pinned         the fork was pinned to its CPUs (null: unknown, no profiler data)
 */
public record Point(
        int cores,
        Estimate time,
        Estimate idleTime,
        Estimate workInflation,
        Speedups speedups,
        Losses losses,
        boolean oversubscribed,
        Boolean pinned) {
}
