package dev.factored.gate.terms;

/** What a {@link dev.factored.gate.comparison.ComparisonResult} compares between the baseline and the current run. */
public enum Compared {
    /** The time per operation of one configuration, T_s, T_e, T_1 or T_P. Lower is better. */
    TIME("time", Direction.LOWER_IS_BETTER),
    /** The actual speedup T_s / T_P at one P. Higher is better. */
    ACTUAL_SPEEDUP("actual-speedup", Direction.HIGHER_IS_BETTER),
    /** Whether both runs come from the same JVM and CPU counts. */
    ENVIRONMENT("environment", null),
    /** Whether a family or configuration is in both runs. */
    PRESENCE("presence", null);

    private final String configName;
    private final Direction direction;

    Compared(String configName, Direction direction) {
        this.configName = configName;
        this.direction = direction;
    }

    public String configName() {
        return configName;
    }

    /** Null for the non-numeric checks. */
    public Direction direction() {
        return direction;
    }
}
