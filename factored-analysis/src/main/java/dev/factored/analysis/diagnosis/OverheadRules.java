package dev.factored.analysis.diagnosis;

import dev.factored.analysis.diagnosis.facts.Claim;
import dev.factored.analysis.diagnosis.facts.Evidence.Measure;
import dev.factored.analysis.diagnosis.facts.Evidence;
import dev.factored.analysis.model.finding.FindingKind;
import dev.factored.analysis.model.finding.Severity;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.point.Point;

/**
 * The sequential overheads. Reads T_s, T_e, T_1 and the algorithmic and scheduling losses at the largest valid P.
 * Decides algorithmic-overhead, baseline-not-best, scheduling-overhead and one-worker-overhead (without elision).
 */
final class OverheadRules extends Rules {

    OverheadRules(Diagnosis diagnosis) {
        super(diagnosis);
    }

    void algorithm(Estimate ts, Estimate te, Point last) {
        if (ts == null || te == null) {
            return;
        }
        double ratio = te.value() / ts.value();
        Estimate loss = last == null ? null : last.losses().algorithmic();
        Evidence ev = Evidence.of().with(Measure.BASELINE_TIME, ts).with(Measure.ELISION_TIME, te)
                .with(Measure.ALGORITHMIC_LOSS, loss);
        if (te.low() > ts.high() && ratio >= 1 + RATIO_MARGIN) {
            double share = loss == null ? ratio - 1 : loss.value() / last.cores();
            add(FindingKind.ALGORITHMIC_OVERHEAD, last == null ? null : last.cores(), Severity.of(share), share, ev,
                    new Claim.AlgorithmicOverhead(ratio, last == null ? 0 : last.cores(),
                            loss == null ? Double.NaN : loss.value()));
        } else if (elisionBeatsBaseline(ts, te)) {
            double share = loss == null ? 1 - ratio : -loss.value() / last.cores();
            add(FindingKind.BASELINE_NOT_BEST, null, Severity.of(share), share, ev,
                    new Claim.BaselineNotBest(1 / ratio));
        }
    }

    void scheduling(Estimate te, Estimate t1, Point last) {
        double ratio = t1.value() / te.value();
        if (t1.low() > te.high() && ratio >= 1 + RATIO_MARGIN) {
            Estimate loss = last == null ? null : last.losses().scheduling();
            double share = loss == null ? ratio - 1 : loss.value() / last.cores();
            Evidence ev = Evidence.of().with(Measure.ELISION_TIME, te).with(Measure.ONE_CORE_TIME, t1)
                    .with(Measure.SCHEDULING_LOSS, loss);
            Claim.Collector gc = oneWorkerGc(Claim.Collector.Against.ELISION, te, t1, ev);
            withPausesAtP(gc, last, ev);
            add(FindingKind.SCHEDULING_OVERHEAD, last == null ? null : last.cores(), Severity.of(share), share, ev,
                    new Claim.SchedulingOverhead(ratio, last == null ? 0 : last.cores(),
                            loss == null ? Double.NaN : loss.value(), program, gc));
        }
    }

    /**
     * Without an elision (unmodified code), T_1 over T_s is the algorithm's extra work and the tasks' cost
     * together: say so, since neither loss can be named alone.
     */
    void oneWorker(Estimate ts, Estimate te, Estimate t1, Point last) {
        if (te != null || ts == null || t1 == null) {
            return;
        }
        double ratio = t1.value() / ts.value();
        if (t1.low() > ts.high() && ratio >= 1 + RATIO_MARGIN) {
            double share = ratio - 1;
            Evidence ev = Evidence.of().with(Measure.BASELINE_TIME, ts).with(Measure.ONE_CORE_TIME, t1);
            Claim.Collector gc = oneWorkerGc(Claim.Collector.Against.BASELINE, ts, t1, ev);
            withPausesAtP(gc, last, ev);
            add(FindingKind.ONE_WORKER_OVERHEAD, last == null ? null : last.cores(), Severity.of(share), share, ev,
                    new Claim.OneWorkerOverhead(ratio, program, gc));
        }
    }

    /** Where the collector explains an overhead that is a loss at P ≥ 2: its pauses there, for the headline's figures. */
    private static void withPausesAtP(Claim.Collector gc, Point last, Evidence ev) {
        if (gc != null && last != null && last.cores() >= 2) {
            ev.with(Measure.GC_TIME, last.conditions().gcTime());
        }
    }
}
