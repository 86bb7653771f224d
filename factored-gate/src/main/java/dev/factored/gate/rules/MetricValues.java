package dev.factored.gate.rules;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.point.Point;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a {@link Metric} out of a family's analysis, or explains why it is missing. Every metric is a
 * quantity the analysis publishes with its interval: the gate reads it, it never recomputes one.
 */
final class MetricValues {

    private MetricValues() {
    }

    /**
     * @param point the point at the rule's P; ignored (may be null) for metrics that do not depend on P
     * @return the published estimate, or null when the analysis could not give it
     */
    static Estimate measure(Metric metric, FamilyAnalysis family, Point point) {
        return switch (metric) {
            case ACTUAL_SPEEDUP -> point.speedups().actual();
            case EFFICIENCY -> point.shares().efficiency();
            case ALGORITHMIC_LOSS -> point.losses().algorithmic();
            case SCHEDULING_LOSS -> point.losses().scheduling();
            case IDLE_LOSS -> point.losses().idle();
            case INFLATION_LOSS -> point.losses().inflation();
            case OWN_WAITING_LOSS -> point.losses().ownWaiting();
            case IDLE_SHARE -> point.shares().idleShare();
            case INFLATION_SHARE -> point.shares().inflationShare();
            case SCHEDULING_OVERHEAD -> family.times().schedulingOverhead();
            case ALGORITHMIC_OVERHEAD -> family.times().algorithmicOverhead();
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
                case BASELINE -> family.times().baselineTime() == null;
                case ELISION -> family.times().elisionTime() == null;
                case ONE_CORE -> family.times().oneCoreTime() == null;
                case TIME_P -> point != null && point.times().time() == null;
                case IDLE_P -> point != null && point.times().idleTime() == null;
                case OWN_WAITING_P -> point != null && point.times().ownWaitingTime() == null;
            };
            if (absent) {
                missing.add(switch (input) {
                    case BASELINE -> "T_s (cores=baseline)";
                    case ELISION -> "T_e (cores=elision)";
                    case ONE_CORE -> "T_1 (cores=1)";
                    case TIME_P -> "T_P (cores=" + p + ")";
                    case IDLE_P -> "I_P (factored.idle at cores=" + p
                            + "; run with -prof dev.factored.jmh.FactoredProfiler)";
                    case OWN_WAITING_P -> "O_P (factored.workerWait at cores=" + p
                            + "; a profiler that publishes it, on Linux with schedstat)";
                });
            }
        }
        return missing;
    }

    /** The measured quantities a metric is computed from (METHOD.md symbols). */
    private enum Input { BASELINE, ELISION, ONE_CORE, TIME_P, IDLE_P, OWN_WAITING_P }

    private static List<Input> inputs(Metric metric) {
        return switch (metric) {
            case ACTUAL_SPEEDUP, EFFICIENCY -> List.of(Input.BASELINE, Input.TIME_P);
            case ALGORITHMIC_LOSS -> List.of(Input.BASELINE, Input.ELISION, Input.TIME_P);
            case SCHEDULING_LOSS -> List.of(Input.ELISION, Input.ONE_CORE, Input.TIME_P);
            case IDLE_LOSS, IDLE_SHARE -> List.of(Input.TIME_P, Input.IDLE_P);
            case INFLATION_LOSS, INFLATION_SHARE -> List.of(Input.ONE_CORE, Input.TIME_P, Input.IDLE_P);
            case OWN_WAITING_LOSS -> List.of(Input.TIME_P, Input.OWN_WAITING_P);
            case SCHEDULING_OVERHEAD -> List.of(Input.ONE_CORE, Input.ELISION);
            case ALGORITHMIC_OVERHEAD -> List.of(Input.ELISION, Input.BASELINE);
        };
    }
}
