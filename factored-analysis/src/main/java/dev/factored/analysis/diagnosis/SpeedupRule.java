package dev.factored.analysis.diagnosis;

import dev.factored.analysis.diagnosis.facts.Claim;
import dev.factored.analysis.diagnosis.facts.Evidence.Measure;
import dev.factored.analysis.diagnosis.facts.Evidence;
import dev.factored.analysis.model.finding.FindingKind;
import dev.factored.analysis.model.finding.Severity;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.point.Point;

/**
 * The headline rule. Reads the largest valid point's actual speedup and efficiency, T_s and T_e (to judge against the
 * better sequential program) and, above P, the work inflation that explains it. Decides one of the headline kinds:
 * slower-than-baseline, superlinear, good-scaling or speedup. A kind that says more than "a speedup" is a verdict,
 * given only when the whole interval is beyond its threshold (below 1, above P, at or above 80 % of P); otherwise
 * the headline is a speedup whose words give the range (METHOD.md §11: a verdict a second run gives again).
 */
final class SpeedupRule extends Rules {

    SpeedupRule(Diagnosis diagnosis) {
        super(diagnosis);
    }

    /**
     * The headline. Scaling is judged against the better sequential program: where the elision beats the
     * baseline, a speedup over the baseline flatters, so the speedup over the elision is given and judged. A
     * speedup above P is never called good on its own: it is said with what the run measured that explains it.
     */
    boolean overall(Point last, Estimate ts, Estimate te) {
        int p = last.cores();
        Estimate actual = last.speedups().actual();
        Estimate overElision = elisionBeatsBaseline(ts, te) ? last.speedups().overElision() : null;
        double elisionFaster = overElision == null ? Double.NaN : ts.value() / te.value();
        double over = overElision == null ? Double.NaN : overElision.value();
        Evidence ev = Evidence.of().with(Measure.ACTUAL_SPEEDUP, actual)
                .with(Measure.EFFICIENCY, last.shares().efficiency());
        if (overElision != null) {
            ev.with(Measure.SPEEDUP_OVER_ELISION, overElision).with(Measure.BASELINE_TIME, ts)
                    .with(Measure.ELISION_TIME, te);
        }
        if (actual.high() < 1) {
            add(FindingKind.SLOWER_THAN_BASELINE, p, Severity.MAJOR, 1, ev,
                    new Claim.SlowerThanBaseline(p, actual.value()));
            return false;
        }
        Estimate judged = overElision != null ? overElision : actual;
        if (actual.low() > p) {
            Estimate inflation = last.losses().inflation();
            Claim.AboveP why = Claim.AboveP.UNEXPLAINED;
            double workRatio = Double.NaN;
            if (overElision != null) {
                why = Claim.AboveP.WEAK_BASELINE;
            } else if (inflationReadable(last, result.times().oneCoreTime()) && inflation.high() < 0
                    && !(program.unmodified() && inseparable(last.losses().idle(), inflation))) {
                why = Claim.AboveP.NEGATIVE_INFLATION;
                workRatio = 1 + last.times().workInflation().value() / result.times().oneCoreTime().value();
                ev.with(Measure.WORK_INFLATION, last.times().workInflation()).with(Measure.INFLATION_LOSS, inflation)
                        .with(Measure.ONE_CORE_TIME, result.times().oneCoreTime());
            }
            add(FindingKind.SUPERLINEAR, p, Severity.INFO, 1, ev,
                    new Claim.Superlinear(p, actual.value(), why, over, elisionFaster, workRatio));
            return judged.low() / p >= GOOD_EFFICIENCY;
        }
        double efficiency = judged.value() / p;
        if (judged.low() / p >= GOOD_EFFICIENCY) {
            add(FindingKind.GOOD_SCALING, p, Severity.INFO, 1, ev,
                    new Claim.GoodScaling(p, actual.value(), over, elisionFaster));
            return true;
        }
        add(FindingKind.SPEEDUP, p, Severity.of(1 - efficiency), 1, ev,
                new Claim.Speedup(p, actual, over, elisionFaster));
        return false;
    }
}
