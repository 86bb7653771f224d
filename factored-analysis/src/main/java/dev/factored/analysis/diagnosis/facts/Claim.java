package dev.factored.analysis.diagnosis.facts;

import dev.factored.analysis.model.ScalingModels;
import dev.factored.analysis.model.family.Invalidity;
import dev.factored.analysis.model.measurement.Estimate;
import java.util.List;

/**
 * What a finding claims, as the facts its words are made of: one record per kind of finding, made by the rule that
 * decides it. A rule knows no English; the diagnosis has the words written from these facts (by the renderer,
 * {@code dev.factored.analysis.diagnosis.words}) only once the findings are decided and ordered.
 */
public sealed interface Claim {

    record SlowerThanBaseline(int p, double actual) implements Claim {
    }

    /** @param overElision NaN unless the elision beats the baseline, by {@code elisionFaster} */
    record GoodScaling(int p, double actual, double overElision, double elisionFaster) implements Claim {
    }

    record Speedup(int p, Estimate actual, double overElision, double elisionFaster) implements Claim {
    }

    record Superlinear(int p, double actual, AboveP why, double overElision, double elisionFaster,
            double workRatio) implements Claim {
    }

    /** No P ≥ 2 is valid: P could not be measured, for its first reason (as data, or as the point's text). */
    record NotMeasured(int p, Invalidity why, String reason, boolean oneWorkerValid) implements Claim {
    }

    /**
     * @param why      where the idle time comes from, as the measurement that backs it says
     * @param gcMostly GC pauses make most of instrumented idle time: {@code gcTime} per operation, {@code gcShare} of it
     */
    record Idle(int p, double loss, boolean estimated, IdleWhy why, boolean gcMostly, double gcTime,
            double gcShare) implements Claim {
    }

    /** @param gc what the collector took, where it accounts for the change in work; null otherwise */
    record Inflation(int p, double loss, double workRatio, SharedLimit shared, Collector gc) implements Claim {
    }

    /**
     * The program's own waiting at P: the workers waited for a CPU behind the program's other threads or the JVM's.
     *
     * @param loss   its part of the speedup, O_P / T_P
     * @param waited O_P, seconds per operation summed over the workers
     */
    record OwnWaiting(int p, double loss, double waited) implements Claim {
    }

    /** @param gc what the collector took, where it accounts for the change in work; null otherwise */
    record InflationGain(int p, double gain, double workRatio, Collector gc) implements Claim {
    }

    /**
     * The collector's stop-the-world pauses as the cause of a loss, seconds per operation: {@code reference} at the
     * configuration compared with ({@code against}: the baseline, the elision or one worker), {@code atP} at P workers,
     * which stop all P; {@code explained} the time of the loss the change accounts for, {@code of} the loss's time;
     * {@code offCpu}: the idle time was estimated from CPU time, so pauses are time off-CPU there, never work.
     */
    record Collector(Against against, double reference, int p, double atP, double explained, double of,
            boolean offCpu) {

        /** The configuration whose pauses the ones at P are compared with. */
        public enum Against { BASELINE, ELISION, ONE_WORKER }
    }

    /** @param gc the collector's pauses where they make most of the time off-CPU at P; null otherwise */
    record IdleOrInflation(int p, double idleLoss, double inflationLoss, Collector gc) implements Claim {
    }

    /** @param loss NaN when no P ≥ 2 gives the loss */
    record AlgorithmicOverhead(double ratio, int p, double loss) implements Claim {
    }

    record BaselineNotBest(double faster) implements Claim {
    }

    /** @param gc what the collector took, where it accounts for most of T_1 − T_e; null otherwise */
    record SchedulingOverhead(double ratio, int p, double loss, Program program, Collector gc) implements Claim {
    }

    /** @param gc what the collector took, where it accounts for most of T_1 − T_s; null otherwise */
    record OneWorkerOverhead(double ratio, Program program, Collector gc) implements Claim {
    }

    /** @param shared what the bandwidth test says, null when it was not run */
    record InflationSpecificSlopesDown(SharedLimit shared) implements Claim {
    }

    record InflationSpecificFlattens(SharedLimit shared) implements Claim {
    }

    record InflationGrows(int fromCores, double fromShare, int toCores, double toShare, SharedLimit shared)
            implements Claim {
    }

    record IdleSpecificBends(boolean slopesDown, boolean estimated, Program program) implements Claim {
    }

    record MaximalBends() implements Claim {
    }

    /** @param inflated the work inflation at the copies' P as a share of T_1, NaN when not measured */
    record MemoryBandwidth(int copies, double slowdown, double inflated) implements Claim {
    }

    record InflationNotBandwidth(int copies, double slowdown, int p, double inflated) implements Claim {
    }

    /** @param burdened NaN when not measured; {@code tasks} the dag's tasks per operation, NaN when not measured */
    record LowParallelism(double parallelism, double slack, int p, double share, Burden burden,
            double burdened, double tasks) implements Claim {
    }

    record LowBurdenedParallelism(double burdened, int p, Estimate parallelism, double burden, Program program)
            implements Claim {
    }

    record ShortStrands(double strand, double burden, Program program) implements Claim {
    }

    record NoSingleLoss(int p) implements Claim {
    }

    /** @param from where Karp–Flatt's serial fraction grows from, to {@code to}; both null when it does not grow */
    record RetrogradePredicted(List<Integer> fitted, Estimate peak, double peakSpeedup, Estimate contention,
            Estimate coherency, ScalingModels.KarpFlatt from, ScalingModels.KarpFlatt to) implements Claim {
        public RetrogradePredicted {
            fitted = List.copyOf(fitted);
        }
    }

    record SerialFractionGrows(ScalingModels.KarpFlatt from, ScalingModels.KarpFlatt to, Estimate amdahl)
            implements Claim {
    }

    record FitAboveSpanBound(int p, double fitted, double upper) implements Claim {
    }

    record FitBelowSpanBound(int p, double fitted, double lower) implements Claim {
    }

    record RanOnOneThread(int p, double busiestShare, Reason reason) implements Claim {

        /** Why one thread did the work, as far as the measurements tell. */
        public enum Reason {
            /** The caller did it: the work never reached a pool's workers. */
            CALLER,
            /** A worker did it while spare threads ran: workers blocked (a join from outside a pool, managedBlock). */
            BLOCKED,
            /** One worker did it: the operation offered one task at a time. */
            ONE_WORKER
        }
    }

    /** Where idle time comes from, as the measurement that backs it says; worded by the renderer. */
    sealed interface IdleWhy {
    }

    /**
     * Unmodified code: time off-CPU; {@code gcShare} of it GC pauses of {@code gcTime} (NaN when not measured), and
     * what the looks at the threads found ({@code looked}, null when the profiler did not look).
     */
    record OffTheCpu(int p, double gcTime, double gcShare, OffCpu looked) implements IdleWhy {
    }

    /**
     * A serial-looking ({@code serial}) or scattered split while the span run finds the work existed: a parallelism
     * plenty for P, or one the cost of a steal cuts to {@code burdened} (NaN where it is plenty).
     *
     * @param parts the idle split's parts (of {@code total}), in the order of IdleSplit's names
     */
    record WhileParallel(boolean serial, List<Estimate> parts, double total, double parallelism, double burdened,
            Estimate burden, int p, Program program) implements IdleWhy {
        public WhileParallel {
            parts = List.copyOf(parts);
        }
    }

    /** The idle split's part that holds most of it ({@code main}, -1 when none does). */
    record FromSplit(int main, List<Estimate> parts, double total, int p, Program program) implements IdleWhy {
        public FromSplit {
            parts = List.copyOf(parts);
        }
    }

    /** Instrumented idle time without a split: the workers had no task. */
    record NoTask(int p) implements IdleWhy {
    }

    /** Why a speedup exceeds P, as far as the run measured it. */
    enum AboveP { WEAK_BASELINE, NEGATIVE_INFLATION, UNEXPLAINED }

    /** What the burdened parallelism adds to a low parallelism's finding, where it is below P but no cause. */
    enum Burden {
        /** Not below P (or not measured): nothing to add. */
        NONE,
        /** Near the parallelism: the span limits, the cost of a steal only qualifies it. */
        SPAN_LIMITS,
        /** Few tasks for a parallelism near P: larger tasks would leave workers without any. */
        FEW_TASKS
    }

    /**
     * What the bandwidth test says about a work inflation: {@code copies} of the baseline slowed down by
     * {@code slowdown} (a limit the cores share when {@code slowed}); a null slowdown: the test was not run.
     */
    record SharedLimit(Estimate slowdown, int copies, boolean slowed) {
    }
}
