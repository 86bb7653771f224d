package dev.factored.gate;

import dev.factored.analysis.ConfigurationRun;
import dev.factored.analysis.Estimate;
import dev.factored.analysis.FamilyAnalysis;
import dev.factored.analysis.Point;
import java.util.ArrayList;
import java.util.List;

/** Reads a {@link Metric} out of a family's analysis, or explains why it is missing. */
final class MetricValues {

    /** A metric's estimate, null when not measured; {@code note} says how the interval was made, if unusual. */
    record Measured(Estimate estimate, String note) {
    }

    private final RatioBootstrap bootstrap;

    MetricValues(RatioBootstrap bootstrap) {
        this.bootstrap = bootstrap;
    }

    /**
     * @param point the point at the rule's P; ignored (may be null) for metrics that do not depend on P
     */
    Measured measure(Metric metric, FamilyAnalysis family, Point point) {
        return switch (metric) {
            case ACTUAL_SPEEDUP -> plain(point.speedups() == null ? null : point.speedups().actual());
            case EFFICIENCY -> plain(divide(point.speedups() == null ? null : point.speedups().actual(), point.cores()));
            case ALGORITHMIC_LOSS -> plain(point.losses() == null ? null : point.losses().algorithmic());
            case SCHEDULING_LOSS -> plain(point.losses() == null ? null : point.losses().scheduling());
            case IDLE_LOSS -> plain(point.losses() == null ? null : point.losses().idle());
            case INFLATION_LOSS -> plain(point.losses() == null ? null : point.losses().inflation());
            // loss / P: I_P / T_P / P = I_P / (P·T_P); P is exact, so the interval scales with it.
            case IDLE_SHARE -> plain(divide(point.losses() == null ? null : point.losses().idle(), point.cores()));
            case INFLATION_SHARE -> plain(divide(point.losses() == null ? null : point.losses().inflation(), point.cores()));
            case SCHEDULING_OVERHEAD -> overhead(family, "1", family.oneCoreTime(), "elision", family.elisionTime());
            case ALGORITHMIC_OVERHEAD -> overhead(family, "elision", family.elisionTime(), "baseline", family.baselineTime());
        };
    }

    /**
     * The inputs of the metric that were not measured, e.g. {@code T_s (cores=baseline)}, for the reason
     * of a failure. Empty when all inputs exist (then the analysis itself left the value null).
     */
    static List<String> missingInputs(Metric metric, FamilyAnalysis family, Point point) {
        String p = point == null ? "P" : Integer.toString(point.cores());
        List<String> missing = new ArrayList<>();
        for (Input input : inputs(metric)) {
            boolean absent = switch (input) {
                case BASELINE -> family.baselineTime() == null;
                case ELISION -> family.elisionTime() == null;
                case ONE_CORE -> family.oneCoreTime() == null;
                case TIME_P -> point != null && point.time() == null;
                case IDLE_P -> point != null && point.idleTime() == null;
            };
            if (absent) {
                missing.add(switch (input) {
                    case BASELINE -> "T_s (cores=baseline)";
                    case ELISION -> "T_e (cores=elision)";
                    case ONE_CORE -> "T_1 (cores=1)";
                    case TIME_P -> "T_P (cores=" + p + ")";
                    case IDLE_P -> "I_P (factored.idle at cores=" + p
                            + "; run with -prof dev.factored.jmh.FactoredProfiler)";
                });
            }
        }
        return missing;
    }

    /** The measured quantities a metric is computed from (METHOD.md symbols). */
    private enum Input { BASELINE, ELISION, ONE_CORE, TIME_P, IDLE_P }

    private static List<Input> inputs(Metric metric) {
        return switch (metric) {
            case ACTUAL_SPEEDUP, EFFICIENCY -> List.of(Input.BASELINE, Input.TIME_P);
            case ALGORITHMIC_LOSS -> List.of(Input.BASELINE, Input.ELISION, Input.TIME_P);
            case SCHEDULING_LOSS -> List.of(Input.ELISION, Input.ONE_CORE, Input.TIME_P);
            case IDLE_LOSS, IDLE_SHARE -> List.of(Input.TIME_P, Input.IDLE_P);
            case INFLATION_LOSS, INFLATION_SHARE -> List.of(Input.ONE_CORE, Input.TIME_P, Input.IDLE_P);
            case SCHEDULING_OVERHEAD -> List.of(Input.ONE_CORE, Input.ELISION);
            case ALGORITHMIC_OVERHEAD -> List.of(Input.ELISION, Input.BASELINE);
        };
    }

    private static Measured plain(Estimate e) {
        return new Measured(e, null);
    }

    private static Estimate divide(Estimate e, int p) {
        return e == null ? null : new Estimate(e.value() / p, e.low() / p, e.high() / p);
    }

    /**
     * numerator / denominator − 1 for two sequential configurations. Resampled from the raw samples
     * when both are stored (the analysis has no joint interval for this ratio); otherwise the
     * conservative ratio of the stored intervals.
     */
    private Measured overhead(FamilyAnalysis family, String numeratorCores, Estimate numerator,
                              String denominatorCores, Estimate denominator) {
        RatioBootstrap.Input a = RatioBootstrap.input(RatioBootstrap.CURRENT, family, numeratorCores);
        RatioBootstrap.Input b = RatioBootstrap.input(RatioBootstrap.CURRENT, family, denominatorCores);
        if (a != null && b != null) {
            return new Measured(bootstrap.estimate(m -> m[0] / m[1] - 1, a, b), null);
        }
        if (numerator == null || denominator == null) {
            return new Measured(null, null);
        }
        Estimate ratio = RatioBootstrap.conservativeRatio(numerator, denominator);
        return new Measured(new Estimate(ratio.value() - 1, ratio.low() - 1, ratio.high() - 1),
                "raw samples missing: interval from the stored estimates, conservatively widened");
    }

    /** The raw time samples of one configuration, or null when not stored. */
    static double[][] samples(FamilyAnalysis family, String cores) {
        ConfigurationRun run = configuration(family, cores);
        return run == null ? null : run.timeSamples();
    }

    static ConfigurationRun configuration(FamilyAnalysis family, String cores) {
        if (family.configurations() == null) {
            return null;
        }
        for (ConfigurationRun run : family.configurations()) {
            if (cores.equals(run.cores())) {
                return run;
            }
        }
        return null;
    }
}
