package dev.factored.analysis;

/** The kinds of {@link Finding}, by the id written to analysis.json. Headline kinds sum up a family. */
public enum FindingKind {
    SLOWER_THAN_BASELINE("slower-than-baseline", true),
    GOOD_SCALING("good-scaling", true),
    SPEEDUP("speedup", true),
    IDLE("idle", false),
    INFLATION("inflation", false),
    INFLATION_GAIN("inflation-gain", false),
    ALGORITHMIC_OVERHEAD("algorithmic-overhead", false),
    BASELINE_NOT_BEST("baseline-not-best", false),
    SCHEDULING_OVERHEAD("scheduling-overhead", false),
    ONE_WORKER_OVERHEAD("one-worker-overhead", false),
    INFLATION_SPECIFIC_SLOPES_DOWN("inflation-specific-slopes-down", false),
    INFLATION_SPECIFIC_FLATTENS("inflation-specific-flattens", false),
    INFLATION_GROWS("inflation-grows", false),
    IDLE_SPECIFIC_BENDS("idle-specific-bends", false),
    MAXIMAL_BENDS("maximal-bends", false),
    LOW_PARALLELISM("low-parallelism", false),
    LOW_BURDENED_PARALLELISM("low-burdened-parallelism", false),
    SHORT_STRANDS("short-strands", false),
    MEMORY_BANDWIDTH("memory-bandwidth", false),
    INFLATION_NOT_BANDWIDTH("inflation-not-bandwidth", false),
    NO_SINGLE_LOSS("no-single-loss", false);

    private final String id;
    private final boolean headline;

    FindingKind(String id, boolean headline) {
        this.id = id;
        this.headline = headline;
    }

    public String id() {
        return id;
    }

    /** Whether findings of this kind sum up the family and come first. */
    public boolean headline() {
        return headline;
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
