package dev.factored.gate.terms;

/** Which way a number improves. Used to word results and to orient the baseline comparison. */
public enum Direction {
    /** Larger is better, e.g. a speedup or an efficiency. */
    HIGHER_IS_BETTER("higher-is-better"),
    /** Smaller is better, e.g. a time, a loss or an overhead. */
    LOWER_IS_BETTER("lower-is-better");

    private final String configName;

    Direction(String configName) {
        this.configName = configName;
    }

    /** The kebab-case name used in check.json. */
    public String configName() {
        return configName;
    }
}
