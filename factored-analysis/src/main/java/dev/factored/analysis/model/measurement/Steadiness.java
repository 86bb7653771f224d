package dev.factored.analysis.model.measurement;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.factored.contract.CoresValue;
import java.util.List;

/**
 * Whether one configuration's measured iterations ran code that had stopped changing (METHOD.md, "steady state"): per
 * fork, the shape of its iteration times (a change-point segmentation) and the iterations in which the JIT compilers
 * or a collection still ran. Nothing is dropped for it: the marks say how much of the measurement was not yet steady,
 * and the run gives later forks of the configuration the warm-up its first ones lacked ({@link #learnedWarmup}).
 *
 * @param cores               the configuration
 * @param iterations          measured iterations over all forks
 * @param compilingIterations of them, those in which the compilers worked for at least {@link #COMPILING} of the
 *                            iteration's wall time; null when the profiler did not measure compile time
 * @param collectingIterations of them, those with a stop-the-world collection; null when not measured
 * @param learnedWarmup       the most measured iterations of one fork that were still warm-up (before its steady
 *                            level, see {@link Fork#stillWarming()}): the warm-up, in iterations of the measurement's
 *                            length, later forks need beyond what they got; 0 when every fork was steady
 * @param forks               each fork's shape, in fork order
 */
@JsonPropertyOrder({"cores", "iterations", "compilingIterations", "collectingIterations", "learnedWarmup", "forks"})
public record Steadiness(CoresValue cores, int iterations,
        @JsonInclude(JsonInclude.Include.NON_NULL) Integer compilingIterations,
        @JsonInclude(JsonInclude.Include.NON_NULL) Integer collectingIterations,
        int learnedWarmup, List<Fork> forks) {

    /** The compile time, as a share of an iteration's wall time, from which the iteration is marked as compiling. */
    public static final double COMPILING = 0.2;

    public Steadiness {
        forks = List.copyOf(forks == null ? List.of() : forks);
    }

    /** The shape of one fork's iteration times, as Barrett et al. classify a series. */
    public enum Shape {
        /** One level throughout. */
        @JsonProperty("flat") FLAT,
        /** Slower first, then a steady level: the warm-up had not ended when the measurement began. */
        @JsonProperty("warmup") WARMUP,
        /** Faster first, then slower: the code got slower while measured (a deoptimization, a growing heap). */
        @JsonProperty("slowdown") SLOWDOWN,
        /** The last level holds one iteration: the fork never settled. */
        @JsonProperty("no-steady-state") NO_STEADY_STATE,
        /** Fewer than three iterations: no shape can be told. */
        @JsonProperty("too-short") TOO_SHORT
    }

    /**
     * One fork.
     *
     * @param shape      the shape of its times
     * @param steadyFrom the first iteration (from 0) of its last level, which outliers of one iteration do not
     *                   break; 0 when flat or too short; null when it never settled
     * @param compiling  the iterations (from 0) marked as compiling; null when compile time was not measured
     * @param collecting the iterations (from 0) with a stop-the-world collection; null when not measured
     */
    @JsonPropertyOrder({"shape", "steadyFrom", "compiling", "collecting"})
    public record Fork(Shape shape, Integer steadyFrom,
            @JsonInclude(JsonInclude.Include.NON_NULL) List<Integer> compiling,
            @JsonInclude(JsonInclude.Include.NON_NULL) List<Integer> collecting) {

        public Fork {
            compiling = compiling == null ? null : List.copyOf(compiling);
            collecting = collecting == null ? null : List.copyOf(collecting);
        }

        /**
         * Its measured iterations that were still warm-up: where its times fell to their steady level (a warm-up
         * shape), those before it, and the first steady one too when the compilers were still at work from the first
         * iteration through it (code still changing). Compiling alone, with times flat, is marked, not warm-up: what
         * the compilers changed did not change the time.
         */
        @JsonIgnore
        public int stillWarming() {
            if (shape != Shape.WARMUP || steadyFrom == null) {
                return 0;
            }
            int byCompiler = 0;
            while (compiling != null && compiling.contains(byCompiler)) {
                byCompiler++;
            }
            return Math.max(steadyFrom, Math.min(byCompiler, steadyFrom + 1));
        }
    }

    /**
     * Whether a fork was not steady in its measured iterations: still warming up, slower later, or never settled.
     * Compiling alone is marked, not unsteady ({@link Fork#stillWarming()}).
     */
    @JsonIgnore
    public boolean unsteady() {
        return forks.stream().anyMatch(f -> f.shape() == Shape.WARMUP || f.shape() == Shape.SLOWDOWN
                || f.shape() == Shape.NO_STEADY_STATE);
    }
}
