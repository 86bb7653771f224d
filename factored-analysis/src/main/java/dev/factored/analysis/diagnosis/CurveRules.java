package dev.factored.analysis.diagnosis;

import dev.factored.analysis.diagnosis.facts.Claim;
import dev.factored.analysis.diagnosis.facts.Evidence.Measure;
import dev.factored.analysis.diagnosis.facts.Evidence;
import dev.factored.analysis.model.finding.FindingKind;
import dev.factored.analysis.model.finding.Severity;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.point.Point;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * How the curves bend over P (METHOD.md §3). Reads the inflation-specific, idle-specific and maximal speedups at
 * every valid P (3 or more) and the work inflation at the first and last. Decides inflation-specific-slopes-down,
 * inflation-specific-flattens, inflation-grows, idle-specific-bends and maximal-bends.
 */
final class CurveRules extends Rules {

    CurveRules(Diagnosis diagnosis) {
        super(diagnosis);
    }

    void curvature(List<Point> points, Estimate t1) {
        Point last = points.get(points.size() - 1);
        int p = last.cores();
        double inflationShare = value(last.losses().inflation()) / p;
        double idleShare = value(last.losses().idle()) / p;
        double overheadShare = (value(last.losses().scheduling()) + value(last.losses().algorithmic())) / p;

        Shape inflationSpecific = Shape.of(points, s -> s.speedups().inflationSpecific());
        Evidence inflationEvidence = withBandwidth(curveEvidence(points, s -> s.speedups().inflationSpecific()));
        if (inflationSpecific == Shape.SLOPES_DOWN) {
            add(FindingKind.INFLATION_SPECIFIC_SLOPES_DOWN, p, Severity.of(inflationShare), inflationShare,
                    inflationEvidence, new Claim.InflationSpecificSlopesDown(bandwidthSaysIfRun(p)));
        } else if (inflationSpecific == Shape.FLATTENS) {
            add(FindingKind.INFLATION_SPECIFIC_FLATTENS, p, Severity.of(inflationShare), inflationShare,
                    inflationEvidence, new Claim.InflationSpecificFlattens(bandwidthSaysIfRun(p)));
        }
        if (t1 != null) {
            workInflationGrowth(points, t1, inflationShare);
        }
        Shape idleSpecific = Shape.of(points, s -> s.speedups().idleSpecific());
        if (idleSpecific != Shape.STRAIGHT) {
            add(FindingKind.IDLE_SPECIFIC_BENDS, p, Severity.of(idleShare), idleShare,
                    curveEvidence(points, s -> s.speedups().idleSpecific()),
                    new Claim.IdleSpecificBends(idleSpecific == Shape.SLOPES_DOWN, program.unmodified(), program));
        }
        Shape maximal = Shape.of(points, s -> s.speedups().maximal());
        if (maximal != Shape.STRAIGHT) {
            add(FindingKind.MAXIMAL_BENDS, p, Severity.of(overheadShare), overheadShare,
                    curveEvidence(points, s -> s.speedups().maximal()), new Claim.MaximalBends());
        }
    }

    /** The curve's estimates at every P, named e.g. {@code P=4}. */
    static Evidence curveEvidence(List<Point> points, Function<Point, Estimate> curve) {
        Evidence ev = Evidence.of();
        for (Point p : points) {
            ev.curvePoint(p.cores(), curve.apply(p));
        }
        return ev;
    }

    void workInflationGrowth(List<Point> points, Estimate t1, double share) {
        Point first = null;
        for (Point p : points) {
            if (p.cores() >= 2 && p.times().workInflation() != null) {
                first = p;
                break;
            }
        }
        Point last = points.get(points.size() - 1);
        if (first == null || first == last || last.times().workInflation() == null) {
            return;
        }
        Estimate a = first.times().workInflation();
        Estimate b = last.times().workInflation();
        if (b.low() > a.high() && b.value() > RATIO_MARGIN * t1.value()) {
            add(FindingKind.INFLATION_GROWS, last.cores(), Severity.of(share), share - 1e-9,
                    withBandwidth(Evidence.of().with(Measure.WORK_INFLATION, first.cores(), a)
                            .with(Measure.WORK_INFLATION, last.cores(), b).with(Measure.ONE_CORE_TIME, t1)),
                    new Claim.InflationGrows(first.cores(), a.value() / t1.value(), last.cores(), b.value() / t1.value(),
                            bandwidthSaysIfRun(last.cores())));
        }
    }

    /** How a speedup curve bends over P, judged only where the intervals leave no doubt. */
    enum Shape {
        STRAIGHT, FLATTENS, SLOPES_DOWN;

        static Shape of(List<Point> points, Function<Point, Estimate> curve) {
            List<Point> known = new ArrayList<>();
            for (Point p : points) {
                if (curve.apply(p) != null) {
                    known.add(p);
                }
            }
            if (known.size() < 3) {
                return STRAIGHT;
            }
            Point last = known.get(known.size() - 1);
            Estimate end = curve.apply(last);
            Point peak = known.get(0);
            for (Point p : known.subList(0, known.size() - 1)) {
                if (curve.apply(p).value() > curve.apply(peak).value()) {
                    peak = p;
                }
            }
            if (end.high() < curve.apply(peak).low()) {
                return SLOPES_DOWN;
            }
            // Flattening: the last step gains less than half of what a straight line through the origin
            // would, and even the interval's high end stays below that line.
            Point prev = known.get(known.size() - 2);
            Estimate before = curve.apply(prev);
            double proportional = before.value() * last.cores() / prev.cores();
            double gain = end.value() - before.value();
            if (gain < 0.5 * (proportional - before.value()) && end.high() < proportional - 1e-12 * proportional) {
                return FLATTENS;
            }
            return STRAIGHT;
        }
    }
}
