package dev.factored.jmh.profiler;

import dev.factored.contract.CoresValue;
import dev.factored.contract.ProfilerMetrics;
import dev.factored.forkjoin.accounting.PoolStats;
import dev.factored.forkjoin.accounting.SpanStats;
import dev.factored.forkjoin.accounting.ThreadStates;
import dev.factored.jmh.machine.Interference;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.ScalarResult;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Turns the pool counters of one JMH iteration into the profiler's secondary metrics, per JMH
 * operation. Pure: everything comes in as arguments.
 */
final class IterationMetrics {

    static final String IDLE = ProfilerMetrics.IDLE;

    private IterationMetrics() {
    }

    /**
     * @param results       the metrics to hand to JMH
     * @param idleMissingBecause why {@value #IDLE} is left out (it could not be measured), or null
     */
    record Metrics(List<ScalarResult> results, String idleMissingBecause) {
    }

    /**
     * @param delta         pool counters of this iteration (all pools of the JVM)
     * @param operations    JMH operations that ran between beforeIteration and afterIteration
     *                      ({@code IterationResultMetaData.getAllOps()}); must be positive
     * @param unit          the benchmark's time unit, for {@value #IDLE}
     * @param configuration the fork's {@code cores} configuration, or null when it has none
     * @param cpus          CPUs the fork can use (availableProcessors)
     * @param pinned        whether the profiler pinned the fork
     * @param pinnable      whether pinning was possible on the host (false: no CPU list or no taskset);
     *                      null when unknown (the fork was not started by the profiler)
     */
    static Metrics of(PoolStats delta, long operations, TimeUnit unit, CoresValue configuration, int cpus,
                      boolean pinned, Boolean pinnable) {
        return of(delta, SpanStats.ZERO, operations, unit, configuration, cpus, pinned, pinnable);
    }

    /**
     * As above, with the span operations of the iteration: when there are any (cores=span), their work,
     * span and burdened span per operation, spawns and strands per operation, the burden and the clock cost.
     */
    static Metrics of(PoolStats delta, SpanStats spanDelta, long operations, TimeUnit unit,
                      CoresValue configuration, int cpus, boolean pinned, Boolean pinnable) {
        return of(delta, spanDelta, 0, operations, unit, configuration, cpus, pinned, pinnable);
    }

    /**
     * @param copiesRun copies of the baseline run in the iteration through Cores.baseline; for a bandwidth-P
     *                  configuration {@value ProfilerMetrics#WORKERS} is the copies per operation, so the analysis can
     *                  tell a benchmark whose baseline branch ran only one copy; under baseline it is
     *                  {@value ProfilerMetrics#COPIES}, so the rounds runner can tell before any bandwidth fork
     */
    static Metrics of(PoolStats delta, SpanStats spanDelta, long copiesRun, long operations, TimeUnit unit,
                      CoresValue configuration, int cpus, boolean pinned, Boolean pinnable) {
        return of(delta, spanDelta, copiesRun, null, operations, unit, configuration, cpus, pinned, pinnable);
    }

    /**
     * @param machine what the machine took from the fork's CPUs in the iteration ({@link Interference}); null when
     *                it could not be measured, and then its metrics are left out (missing, never zero)
     */
    static Metrics of(PoolStats delta, SpanStats spanDelta, long copiesRun, Interference.Delta machine,
                      long operations, TimeUnit unit, CoresValue configuration, int cpus, boolean pinned,
                      Boolean pinnable) {
        return of(delta, spanDelta, copiesRun, machine, Threads.NONE, operations, unit, configuration, cpus, pinned,
                pinnable);
    }

    /**
     * What ran on which thread in an iteration of unmodified code: the counted threads' CPU time and the
     * measured pools' part of it, and the iteration's wall time.
     *
     * @param cpuNanos      each thread's CPU time in the iteration, the caller's (summed over its operations) first
     *                      when it ran any; empty when no counted thread ran
     * @param measuredNanos of it, the CPU time of the workers of {@code Cores.forkJoinPool()} pools
     * @param wallNanos     the iteration's wall time, from before its first operation to after its last
     */
    record Threads(List<Long> cpuNanos, boolean callerFirst, long measuredNanos, long wallNanos) {
        static final Threads NONE = new Threads(List.of(), false, 0, 0);
        /** A thread counts as one that ran when it ran at least this share of the counted CPU time. */
        static final double RAN = 0.01;

        long total() {
            return cpuNanos.stream().mapToLong(Long::longValue).sum();
        }
    }

    /**
     * @param threads what ran on which thread ({@link Threads}); with no pool operation in the iteration but work
     *                on a measured pool's workers (code that hands tasks to {@code Cores.forkJoinPool()} without
     *                {@code cores.call}), the idle time is estimated over the whole iteration, P·wall − their CPU time
     */
    static Metrics of(PoolStats delta, SpanStats spanDelta, long copiesRun, Interference.Delta machine,
                      Threads threads, long operations, TimeUnit unit, CoresValue configuration, int cpus,
                      boolean pinned, Boolean pinnable) {
        if (operations <= 0) {
            throw new IllegalArgumentException("an iteration needs at least one operation, got " + operations);
        }
        double ops = operations;
        long pooledOps = delta.counts().operations() - delta.counts().elisionOperations();
        int workers = pooledOps > 0 ? delta.workers()
                : configuration != null && configuration.kind() == CoresValue.Kind.WORKERS ? configuration.workers()
                : configuration != null && configuration.isBandwidth() ? (int) Math.round(copiesRun / (double) operations)
                : 0;
        String idleMissingBecause = null;
        boolean usesPool = configuration != null && !configuration.isBaseline() && !configuration.isBandwidth();
        boolean unwrapped = usesPool && delta.counts().operations() == 0 && threads.measuredNanos() > 0
                && configuration.kind() == CoresValue.Kind.WORKERS;
        if (unwrapped) {
            workers = configuration.workers();
        } else if (usesPool && delta.counts().operations() == 0) {
            idleMissingBecause = "the benchmark ran no operation on a FactoredPool";
        } else if (delta.counts().concurrentOperations() > 0) {
            idleMissingBecause = delta.counts().concurrentOperations() + " operations overlapped on one pool";
        }

        List<ScalarResult> results = new ArrayList<>();
        if (unwrapped) {
            long idle = Math.max(0, (long) workers * threads.wallNanos() - threads.measuredNanos());
            results.add(avg(IDLE, idle / (double) unit.toNanos(1) / ops, TimeValue.tuToString(unit) + "/op"));
        } else if (idleMissingBecause == null) {
            double idlePerOp = delta.times().idleNanos() / (double) unit.toNanos(1) / ops;
            results.add(avg(IDLE, idlePerOp, TimeValue.tuToString(unit) + "/op"));
        }
        results.add(avg(ProfilerMetrics.WORKERS, workers, "workers"));
        if (configuration != null && configuration.isBaseline()) {
            results.add(avg(ProfilerMetrics.COPIES, copiesRun / ops, "copies"));
        }
        results.add(avg(ProfilerMetrics.CPUS, cpus, "cpus"));
        results.add(avg(ProfilerMetrics.PINNED, pinned ? 1 : 0, "bool"));
        if (pinnable != null) {
            results.add(avg(ProfilerMetrics.PINNABLE, pinnable ? 1 : 0, "bool"));
        }
        if (unwrapped) {
            results.add(avg(ProfilerMetrics.ESTIMATED, 1, "share"));
        } else if (delta.counts().estimatedOperations() > 0) {
            results.add(avg(ProfilerMetrics.ESTIMATED,
                    delta.counts().estimatedOperations() / (double) delta.counts().operations(), "share"));
            long following = delta.timed().followingOperations();
            results.add(avg(ProfilerMetrics.AFTER_PAUSE,
                    following > 0 ? delta.timed().afterPauseOperations() / (double) following : 0, "share"));
        }
        long total = threads.total();
        if (usesPool && total > 0) {
            long ran = threads.cpuNanos().stream().filter(c -> c >= Threads.RAN * total).count();
            long busiest = threads.cpuNanos().stream().mapToLong(Long::longValue).max().orElse(0);
            results.add(avg(ProfilerMetrics.THREADS, ran, "threads"));
            results.add(avg(ProfilerMetrics.BUSIEST_SHARE, busiest / (double) total, "share"));
            results.add(avg(ProfilerMetrics.CALLER_SHARE,
                    threads.callerFirst() ? threads.cpuNanos().get(0) / (double) total : 0, "share"));
        }
        results.add(avg(ProfilerMetrics.STEALS, delta.counts().steals() / ops, "#/op"));
        results.add(avg(ProfilerMetrics.TASKS, delta.counts().forks() / ops, "#/op"));
        results.add(avg(ProfilerMetrics.POOL_OPS, delta.counts().operations() / ops, "#/op"));
        if (machine != null && machine.cpuNanos() > 0) {
            double perOp = unit.toNanos(1) * ops;
            String timeUnit = TimeValue.tuToString(unit) + "/op";
            results.add(avg(ProfilerMetrics.INTERFERENCE, machine.foreignNanos() / perOp, timeUnit));
            results.add(avg(ProfilerMetrics.INTERFERENCE_SHARE, Math.min(1, Math.max(0, machine.share())), "share"));
            results.add(avg(ProfilerMetrics.INTERFERENCE_READING, machine.share(), "signed share"));
            results.add(avg(ProfilerMetrics.JVM_SHARE, machine.jvmShare(), "share"));
            results.add(avg(ProfilerMetrics.RUN_DELAY, machine.programDelayNanos() / perOp, timeUnit));
            results.add(avg(ProfilerMetrics.DESCHEDULED, machine.workerDelayNanos() / perOp, timeUnit));
            results.add(avg(ProfilerMetrics.WORKER_WAIT, machine.workerWaitNanos() / perOp, timeUnit));
            results.add(avg(ProfilerMetrics.RUNNABLE, (machine.workerCpuNanos() + machine.workerWaitNanos()) / perOp,
                    timeUnit));
            if (machine.spare() != null && machine.spare().cpuNanos() > 0) {
                results.add(avg(ProfilerMetrics.SPARE_INTERFERENCE, machine.spare().share(), "signed share"));
                results.add(avg(ProfilerMetrics.SPARE_WAIT, machine.spare().machineWaitNanos() / perOp, timeUnit));
            }
        }
        if (spanDelta.operations() > 0 && delta.counts().concurrentOperations() == 0) {
            // Per span operation, not per JMH op: the two differ only when a JMH op runs several operations.
            double spanOps = spanDelta.operations();
            double perUnit = unit.toNanos(1);
            String timeUnit = TimeValue.tuToString(unit) + "/op";
            results.add(avg(ProfilerMetrics.WORK, spanDelta.workNanos() / perUnit / spanOps, timeUnit));
            results.add(avg(ProfilerMetrics.SPAN, spanDelta.spanNanos() / perUnit / spanOps, timeUnit));
            results.add(avg(ProfilerMetrics.BURDENED_SPAN, spanDelta.burdenedNanos() / perUnit / spanOps, timeUnit));
            results.add(avg(ProfilerMetrics.SPAWNS, spanDelta.spawns() / spanOps, "#/op"));
            results.add(avg(ProfilerMetrics.STRANDS, spanDelta.strands() / spanOps, "#/op"));
            results.add(avg(ProfilerMetrics.BURDEN, spanDelta.burdenNanos(), "ns"));
            results.add(avg(ProfilerMetrics.CLOCK_COST, spanDelta.clockCostNanos(), "ns"));
        }
        return new Metrics(List.copyOf(results), idleMissingBecause);
    }

    /**
     * The JVM's own part of the iteration: stop-the-world collection time per operation, the common pool's spare
     * threads at its end (only when there are any: most configurations never compensate), and the time its JIT
     * compilers spent compiling as a share of the iteration's wall time (a measured iteration that still compiles runs
     * code that is still changing, on CPUs the compilers share). When every pool operation of the iteration was
     * timed at both ends ({@link PoolStats.Timed}), the collection time is theirs alone: a {@code Level.Invocation}
     * teardown's {@code System.gc()} is not the operation's. Otherwise (a baseline, code that runs no pool) the pauses
     * a {@code System.gc()} caused are left out as far as the time JMH did not measure can hold them
     * ({@code unmeasuredNanos}: the iteration's wall time less the operations' time): a teardown's collections lie
     * there, an operation's own {@code System.gc()} in an iteration of nothing but operations cannot.
     */
    static List<ScalarResult> jvm(JvmActivity.Delta jvm, PoolStats pools, long operations, TimeUnit unit,
                                  long iterationWallNanos, long unmeasuredNanos) {
        List<ScalarResult> results = new ArrayList<>();
        long poolOperations = pools.counts().operations();
        boolean allTimed = poolOperations > 0 && pools.timed().operations() == poolOperations;
        double gcNanos = allTimed ? pools.timed().gcMillis() * 1e6
                : jvm.gcNanos() - Math.min(Math.max(0, jvm.explicitGcNanos()), Math.max(0, unmeasuredNanos));
        results.add(avg(ProfilerMetrics.GC, gcNanos / unit.toNanos(1) / operations,
                TimeValue.tuToString(unit) + "/op"));
        if (jvm.spares() > 0) {
            results.add(avg(ProfilerMetrics.SPARES, jvm.spares(), "threads"));
        }
        if (jvm.compileNanos() >= 0 && iterationWallNanos > 0) {
            // summed over the compiler threads: above 1 while C1 and C2 compile at once, so not a share
            results.add(avg(ProfilerMetrics.JIT, jvm.compileNanos() / (double) iterationWallNanos, "compiler s/s"));
        }
        return List.copyOf(results);
    }

    /**
     * Why the counted threads were off the CPU: of the looks that found one off it ({@link ThreadStates}), the share in
     * each state; empty when none did.
     */
    /**
     * The time the iteration's measured operations took by JMH's score, ns: score × operations for a time per
     * operation, operations / score for a throughput; -1 when the score says nothing.
     */
    static long measuredNanos(Mode mode, double score, long measuredOps, TimeUnit unit) {
        if (!(score > 0) || measuredOps <= 0 || !Double.isFinite(score)) {
            return -1;
        }
        double unitNanos = unit.toNanos(1);
        return (long) (mode == Mode.Throughput ? measuredOps / score * unitNanos : score * measuredOps * unitNanos);
    }

    static List<ScalarResult> offCpu(long[] looks) {
        long off = looks[ThreadStates.State.NO_WORK.ordinal()] + looks[ThreadStates.State.JOIN.ordinal()]
                + looks[ThreadStates.State.BLOCKED.ordinal()];
        if (off <= 0) {
            return List.of();
        }
        return List.of(
                avg(ProfilerMetrics.WAITING_FOR_WORK, looks[ThreadStates.State.NO_WORK.ordinal()] / (double) off,
                        "share"),
                avg(ProfilerMetrics.WAITING_IN_JOIN, looks[ThreadStates.State.JOIN.ordinal()] / (double) off, "share"),
                avg(ProfilerMetrics.BLOCKED, looks[ThreadStates.State.BLOCKED.ordinal()] / (double) off, "share"));
    }

    private static ScalarResult avg(String label, double value, String unit) {
        return new ScalarResult(label, value, unit, AggregationPolicy.AVG);
    }
}
