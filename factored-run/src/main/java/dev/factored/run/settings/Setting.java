package dev.factored.run.settings;

/**
 * The settings a message may name, by key: the Maven parameter's name and the CLI option's stem
 * ({@code preset}: {@code <preset>} / {@code -Dfactored.preset} / {@code --preset}). A message holds the key; each front
 * end spells it its own way ({@link Spelling}).
 */
public enum Setting {
    CORES("cores"),
    INCLUDES("includes"),
    EXCLUDES("excludes"),
    PRESET("preset"),
    PARAMS("params"),
    JMH_ARGUMENTS("jmhArguments"),
    ORDER("order"),
    SHARE_FORKS("shareForks"),
    SEED("seed"),
    JVM("jvm"),
    ANALYSIS("analysis"),
    BASELINE("baseline"),
    UPDATE_BASELINE("updateBaseline"),
    RULE("rule");

    private final String key;

    Setting(String key) {
        this.key = key;
    }

    /** The parameter's name, e.g. {@code preset}. */
    public String key() {
        return key;
    }
}
