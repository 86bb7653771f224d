package dev.factored.gate;

/** The outcome of one check. {@link #FAIL} fails the verdict; {@link #INCONCLUSIVE} only when asked to. */
public enum Status {
    PASS("pass"),
    FAIL("fail"),
    /**
     * Not failed, but the comparison cannot see a change as large as the tolerance at its noise level:
     * neither a pass nor a fail (fails the verdict only with failOnInconclusive).
     */
    INCONCLUSIVE("inconclusive"),
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
