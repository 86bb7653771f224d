package dev.factored.gate;

import dev.factored.gate.rules.Rule;
import java.util.List;

/**
 * Everything the gate judges against.
 *
 * @param rules                     limits on the current run; may be empty
 * @param tolerance                 the relative change to a baseline that is accepted, e.g. 0.10: a time
 *                                  fails only when it is supported to be more than 1 + tolerance times the
 *                                  baseline's, a speedup only when supported to be below 1 − tolerance times
 * @param failOnMissing             fail when a family or configuration of the baseline is gone from the
 *                                  current run (otherwise only reported); new ones never fail
 * @param allowDifferentEnvironment compare with a baseline measured on a different JVM or CPU count
 *                                  (otherwise such a comparison fails, saying what differs)
 * @param failOnInconclusive        fail the verdict when a comparison is inconclusive (it cannot see a
 *                                  change as large as the tolerance at its noise level)
 * @param alpha                     the family-wise error rate: the largest probability that an unchanged
 *                                  build fails any comparison of the run, e.g. 0.05
 * @param confidence                two-sided confidence level of the change intervals shown, e.g. 0.95
 * @param assumedNoise              the standard deviation of a run's log time to assume when nothing
 *                                  measures it (one fork per configuration and a baseline of one run), e.g.
 *                                  0.10 for about 10 % from run to run
 */
public record GateConfig(
        List<Rule> rules,
        double tolerance,
        boolean failOnMissing,
        boolean allowDifferentEnvironment,
        boolean failOnInconclusive,
        double alpha,
        double confidence,
        double assumedNoise) {

    public static final double DEFAULT_TOLERANCE = 0.10;
    public static final double DEFAULT_ALPHA = 0.05;
    public static final double DEFAULT_CONFIDENCE = 0.95;
    /** Measured on the reference 2-core VM: see the gate documentation (calibration). */
    public static final double DEFAULT_ASSUMED_NOISE = 0.10;

    public GateConfig {
        rules = rules == null ? List.of() : List.copyOf(rules);
        if (!(tolerance >= 0) || !Double.isFinite(tolerance) || tolerance >= 1) {
            throw new IllegalArgumentException("tolerance " + tolerance
                    + " is not valid; write a ratio in [0, 1) such as 0.1 or a percentage such as 10%");
        }
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("alpha " + alpha + " is not valid; write a probability strictly between 0"
                    + " and 1 such as 0.05 or a percentage such as 5%");
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence " + confidence + " must lie strictly between 0 and 1");
        }
        if (!(assumedNoise > 0) || !Double.isFinite(assumedNoise)) {
            throw new IllegalArgumentException("assumedNoise " + assumedNoise + " must be a positive fraction such as "
                    + "0.1");
        }
    }

    /** The given rules with every other setting at its default. */
    public static GateConfig of(List<Rule> rules) {
        return new GateConfig(rules, DEFAULT_TOLERANCE, false, false, false, DEFAULT_ALPHA, DEFAULT_CONFIDENCE,
                DEFAULT_ASSUMED_NOISE);
    }

    public GateConfig withTolerance(double newTolerance) {
        return new GateConfig(rules, newTolerance, failOnMissing, allowDifferentEnvironment, failOnInconclusive, alpha,
                confidence, assumedNoise);
    }

    public GateConfig withFailOnMissing(boolean newFailOnMissing) {
        return new GateConfig(rules, tolerance, newFailOnMissing, allowDifferentEnvironment, failOnInconclusive, alpha,
                confidence, assumedNoise);
    }

    public GateConfig withAllowDifferentEnvironment(boolean allow) {
        return new GateConfig(rules, tolerance, failOnMissing, allow, failOnInconclusive, alpha, confidence,
                assumedNoise);
    }

    public GateConfig withFailOnInconclusive(boolean fail) {
        return new GateConfig(rules, tolerance, failOnMissing, allowDifferentEnvironment, fail, alpha, confidence,
                assumedNoise);
    }

    public GateConfig withAssumedNoise(double noise) {
        return new GateConfig(rules, tolerance, failOnMissing, allowDifferentEnvironment, failOnInconclusive, alpha,
                confidence, noise);
    }
}
