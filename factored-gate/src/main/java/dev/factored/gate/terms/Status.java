package dev.factored.gate.terms;

/** The outcome of one check. {@link #FAIL} fails the verdict; {@link #INCONCLUSIVE} only when asked to. */
public enum Status {
    PASS("pass"),
    FAIL("fail"),
    /**
     * Neither a pass nor a fail: the comparison cannot see a change as large as the tolerance at its noise
     * level, the check rests on a configuration measured on a busy machine whose interference can explain
     * the result ({@link dev.factored.gate.rules.BusyMachine}), or a rule's P is not a valid point on this run
     * ({@link dev.factored.gate.rules.Rule#pointIn}).
     * Fails the verdict only with failOnInconclusive.
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
