package dev.factored.gate;

import java.util.List;

/**
 * Everything the gate judges against.
 *
 * @param rules                     limits on the current run; may be empty
 * @param tolerance                 the relative change to a baseline that is accepted, e.g. 0.10: a time
 *                                  fails only when its ratio current/baseline is surely above 1 + tolerance,
 *                                  a speedup only when surely below 1 − tolerance
 * @param failOnMissing             fail when a family or configuration of the baseline is gone from the
 *                                  current run (otherwise only reported); new ones never fail
 * @param allowDifferentEnvironment compare with a baseline measured on a different JVM or CPU count
 *                                  (otherwise such a comparison fails, saying what differs)
 * @param seed                      bootstrap seed: the same inputs give the same verdict
 * @param resamples                 bootstrap resamples per interval
 * @param confidence                two-sided confidence level of the intervals, e.g. 0.95
 */
public record GateConfig(
        List<Rule> rules,
        double tolerance,
        boolean failOnMissing,
        boolean allowDifferentEnvironment,
        long seed,
        int resamples,
        double confidence) {

    public static final double DEFAULT_TOLERANCE = 0.10;
    public static final long DEFAULT_SEED = 42;
    public static final int DEFAULT_RESAMPLES = 2000;
    public static final double DEFAULT_CONFIDENCE = 0.95;

    public GateConfig {
        rules = rules == null ? List.of() : List.copyOf(rules);
        if (!(tolerance >= 0) || !Double.isFinite(tolerance) || tolerance >= 1) {
            throw new IllegalArgumentException("tolerance " + tolerance
                    + " is not valid; write a ratio in [0, 1) such as 0.1 or a percentage such as 10%");
        }
        if (resamples < 100) {
            throw new IllegalArgumentException("resamples " + resamples + " is too few for an interval; use at least 100");
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence " + confidence + " must lie strictly between 0 and 1");
        }
    }

    /** The given rules with every other setting at its default. */
    public static GateConfig of(List<Rule> rules) {
        return new GateConfig(rules, DEFAULT_TOLERANCE, false, false, DEFAULT_SEED, DEFAULT_RESAMPLES,
                DEFAULT_CONFIDENCE);
    }

    public GateConfig withTolerance(double newTolerance) {
        return new GateConfig(rules, newTolerance, failOnMissing, allowDifferentEnvironment, seed, resamples,
                confidence);
    }

    public GateConfig withFailOnMissing(boolean newFailOnMissing) {
        return new GateConfig(rules, tolerance, newFailOnMissing, allowDifferentEnvironment, seed, resamples,
                confidence);
    }

    public GateConfig withAllowDifferentEnvironment(boolean allow) {
        return new GateConfig(rules, tolerance, failOnMissing, allow, seed, resamples, confidence);
    }
}
