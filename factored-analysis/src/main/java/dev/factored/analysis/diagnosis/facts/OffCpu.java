package dev.factored.analysis.diagnosis.facts;

import dev.factored.analysis.input.JmhEntry;
import dev.factored.contract.ProfilerMetrics;

/**
 * Why the threads of unmodified parallel code were off the CPU at one configuration, from the profiler's looks at
 * their states ({@code factored.waitingForWork}, {@code factored.waitingInJoin}, {@code factored.blocked}): of the
 * looks that found a thread off the CPU, the share in each state, averaged over the iterations.
 *
 * @param noWork  parked in its own pool: no work reached it
 * @param join    waiting for a result: a join, the caller waiting for the pool, a CompletableFuture
 * @param blocked blocked on a monitor, parked on a lock or a queue, waiting or sleeping
 */
public record OffCpu(double noWork, double join, double blocked) {

    /** The shares the profiler published for this configuration, or null when it published none. */
    static OffCpu of(JmhEntry e) {
        Double noWork = e.secondaryMean(ProfilerMetrics.WAITING_FOR_WORK);
        Double join = e.secondaryMean(ProfilerMetrics.WAITING_IN_JOIN);
        Double blocked = e.secondaryMean(ProfilerMetrics.BLOCKED);
        return noWork == null || join == null || blocked == null ? null : new OffCpu(noWork, join, blocked);
    }
}
