package dev.factored.analysis.model.finding;

/**
 * The kinds of {@link Finding}, by the id written to analysis.json, and the role each plays: a headline sums
 * up a family and comes first, a cause explains a loss, a warning says what limits trust in the numbers (its
 * findings carry {@link Severity#WARNING}; their texts are also the family's {@code warnings}).
 */
public enum FindingKind {
    SLOWER_THAN_BASELINE("slower-than-baseline", Role.HEADLINE),
    GOOD_SCALING("good-scaling", Role.HEADLINE),
    SPEEDUP("speedup", Role.HEADLINE),
    /** A speedup above P: said with what explains it, never as good scaling on its own. */
    SUPERLINEAR("superlinear", Role.HEADLINE),
    /** No P ≥ 2 gave a valid point: the headline says which P could not be measured and why, instead of a speedup. */
    NOT_MEASURED("not-measured", Role.HEADLINE),
    IDLE("idle", Role.CAUSE),
    INFLATION("inflation", Role.CAUSE),
    INFLATION_GAIN("inflation-gain", Role.CAUSE),
    /** A negative inflation no larger than the estimated idle (unmodified code): one effect the estimate cannot split. */
    IDLE_OR_INFLATION("idle-or-inflation", Role.CAUSE),
    /** The workers waited for a CPU behind the program's own threads (or the JVM's): the program's own waiting. */
    OWN_WAITING("own-waiting", Role.CAUSE),
    ALGORITHMIC_OVERHEAD("algorithmic-overhead", Role.CAUSE),
    BASELINE_NOT_BEST("baseline-not-best", Role.CAUSE),
    SCHEDULING_OVERHEAD("scheduling-overhead", Role.CAUSE),
    ONE_WORKER_OVERHEAD("one-worker-overhead", Role.CAUSE),
    INFLATION_SPECIFIC_SLOPES_DOWN("inflation-specific-slopes-down", Role.CAUSE),
    INFLATION_SPECIFIC_FLATTENS("inflation-specific-flattens", Role.CAUSE),
    INFLATION_GROWS("inflation-grows", Role.CAUSE),
    IDLE_SPECIFIC_BENDS("idle-specific-bends", Role.CAUSE),
    MAXIMAL_BENDS("maximal-bends", Role.CAUSE),
    LOW_PARALLELISM("low-parallelism", Role.CAUSE),
    LOW_BURDENED_PARALLELISM("low-burdened-parallelism", Role.CAUSE),
    SHORT_STRANDS("short-strands", Role.CAUSE),
    MEMORY_BANDWIDTH("memory-bandwidth", Role.CAUSE),
    INFLATION_NOT_BANDWIDTH("inflation-not-bandwidth", Role.CAUSE),
    NO_SINGLE_LOSS("no-single-loss", Role.CAUSE),
    /** The USL fit's coherency is above 0 on every replicate: the speedup is predicted to peak and then fall. */
    RETROGRADE_PREDICTED("retrograde-predicted", Role.CAUSE),
    /** Karp–Flatt's serial fraction grows with P beyond its intervals: overhead that grows with the workers. */
    SERIAL_FRACTION_GROWS("serial-fraction-grows", Role.CAUSE),
    /** The fitted model predicts more speedup than the span allows: from there the span limits, not the fit. */
    FIT_ABOVE_SPAN_BOUND("fit-above-span-bound", Role.CAUSE),
    /** The fitted model predicts less than Cilkview's lower bound: costs beyond scheduling are predicted to grow. */
    FIT_BELOW_SPAN_BOUND("fit-below-span-bound", Role.CAUSE),
    /** Unmodified parallel code at P ≥ 2 kept one thread busy (factored.threads, factored.busiestShare). */
    ONE_THREAD("one-thread", Role.CAUSE),

    CONFIGURATION_FAILED("configuration-failed", Role.WARNING),
    NO_BASELINE("no-baseline", Role.WARNING),
    NO_ELISION("no-elision", Role.WARNING),
    SPAN_UNRESOLVED("span-unresolved", Role.WARNING),
    ESTIMATED_IDLE("estimated-idle", Role.WARNING),
    NO_ONE_CORE("no-one-core", Role.WARNING),
    NO_PARALLEL("no-parallel", Role.WARNING),
    NO_PROFILER("no-profiler", Role.WARNING),
    NO_IDLE_METRIC("no-idle-metric", Role.WARNING),
    UNPINNED("unpinned", Role.WARNING),
    PINNING_UNKNOWN("pinning-unknown", Role.WARNING),
    INVALID_POINTS("invalid-points", Role.WARNING),
    BUSY_MACHINE("busy-machine", Role.WARNING),
    BANDWIDTH_COPIES("bandwidth-copies", Role.WARNING),
    SINGLE_FORK("single-fork", Role.WARNING),
    /** A configuration's forks fell into two groups that each ran steadily at their own speed. */
    FORK_MODES("fork-modes", Role.WARNING),
    /** A configuration's forks disagreed far beyond what the run's others expect: the others' noise leaves it out. */
    FORKS_APART("forks-apart", Role.WARNING),
    UNSTEADY("unsteady", Role.WARNING),
    /** Most operations of a configuration began after a pause in which the pool's workers parked. */
    AFTER_PAUSES("after-pauses", Role.WARNING),
    POOL_UNUSED("pool-unused", Role.WARNING),
    IDLE_AT_ONE_CORE("idle-at-one-core", Role.WARNING),
    NEGATIVE_INFLATION("negative-inflation", Role.WARNING),
    ABOVE_UPPER_BOUND("above-upper-bound", Role.WARNING),
    LARGE_ERRORS("large-errors", Role.WARNING),
    FEW_SAMPLES("few-samples", Role.WARNING),
    MIXED_JVMS("mixed-jvms", Role.WARNING),
    JMH_THREADS("jmh-threads", Role.WARNING),
    SPARE_THREADS("spare-threads", Role.WARNING),
    /** From some P on, workers share physical cores (SMT siblings): part of the inflation is the shared core. */
    SMT_POINTS("smt-points", Role.WARNING),
    /** From some P on, the workers span a second NUMA node or socket. */
    CROSSES_NODE("crosses-node", Role.WARNING);

    /** What a finding of a kind does in the family's story. */
    public enum Role {
        HEADLINE, CAUSE, WARNING
    }

    private final String id;
    private final Role role;

    FindingKind(String id, Role role) {
        this.id = id;
        this.role = role;
    }

    public String id() {
        return id;
    }

    public Role role() {
        return role;
    }

    /** Whether findings of this kind sum up the family and come first. */
    public boolean headline() {
        return role == Role.HEADLINE;
    }

    /** The kind with this id, or null for an id this version does not know (a newer file). */
    public static FindingKind of(String id) {
        for (FindingKind k : values()) {
            if (k.id.equals(id)) {
                return k;
            }
        }
        return null;
    }
}
