package dev.factored.gate;

/** The outcome of one check. Only {@link #FAIL} fails the verdict. */
public enum Status {
    PASS("pass"),
    FAIL("fail"),
    /** Nothing to judge, e.g. a family that is new since the baseline. */
    SKIPPED("skipped");

    private final String configName;

    Status(String configName) {
        this.configName = configName;
    }

    /** The lower-case name used in check.json. */
    public String configName() {
        return configName;
    }
}
