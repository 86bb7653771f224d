package dev.factored.analysis.diagnosis;

import dev.factored.analysis.diagnosis.facts.Claim;
import dev.factored.analysis.diagnosis.facts.Evidence.Measure;
import dev.factored.analysis.diagnosis.facts.Evidence;
import dev.factored.analysis.diagnosis.facts.IdleCause;
import dev.factored.analysis.model.finding.FindingKind;
import dev.factored.analysis.model.finding.Severity;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.point.IdleSplit;
import dev.factored.analysis.model.point.Point;
import java.util.List;

/**
 * The loss rules at the largest valid P. Reads the idle and inflation losses, the work inflation and T_1, the idle
 * split, GC time and the parallelism (for hand-over idle). Decides idle, inflation, inflation-gain and
 * idle-or-inflation (unmodified code, where the estimate cannot split the two).
 */
final class LossRules extends Rules {

    LossRules(Diagnosis diagnosis) {
        super(diagnosis);
    }

    void losses(Point last, Estimate oneCoreTime) {
        int p = last.cores();
        if (p < 2) {
            return;
        }
        Estimate idle = last.losses().idle();
        Estimate inflation = last.losses().inflation();
        Estimate work = last.times().workInflation();
        boolean inflationReadable = inflationReadable(last, oneCoreTime);
        if (program.unmodified() && significant(idle, p) && inflationReadable && inflation.high() < -LOSS_SHARE * p
                && inseparable(idle, inflation)) {
            // Estimated idle over by as much as inflation is under: one effect, which the estimate cannot split.
            Evidence ev = Evidence.of().with(Measure.IDLE_LOSS, idle).with(Measure.INFLATION_LOSS, inflation)
                    .with(Measure.TIME, last.times().time());
            add(FindingKind.IDLE_OR_INFLATION, p, Severity.of((idle.value() + inflation.value()) / p),
                    (idle.value() + inflation.value()) / p, ev,
                    new Claim.IdleOrInflation(p, idle.value(), inflation.value(), offCpuGc(last, ev)));
            return;
        }
        if (significant(idle, p)) {
            idleFinding(last, idle);
        }
        Estimate own = last.losses().ownWaiting();
        if (significant(own, p)) {
            add(FindingKind.OWN_WAITING, p, Severity.of(own.value() / p), own.value() / p,
                    Evidence.of().with(Measure.OWN_WAITING_LOSS, own)
                            .with(Measure.OWN_WAITING_TIME, last.times().ownWaitingTime())
                            .with(Measure.TIME, last.times().time()),
                    new Claim.OwnWaiting(p, own.value(), last.times().ownWaitingTime().value()));
        }
        if (!inflationReadable) {
            return;
        }
        double ratio = 1 + work.value() / oneCoreTime.value();
        Evidence ev = Evidence.of().with(Measure.INFLATION_LOSS, inflation).with(Measure.WORK_INFLATION, work)
                .with(Measure.ONE_CORE_TIME, oneCoreTime);
        if (significant(inflation, p)) {
            Claim.Collector gc = inflationGc(last, work, ev);
            add(FindingKind.INFLATION, p, Severity.of(inflation.value() / p), inflation.value() / p,
                    withBandwidth(ev),
                    new Claim.Inflation(p, inflation.value(), ratio, bandwidthSays(p), gc));
        } else if (inflation.high() < -LOSS_SHARE * p) {
            add(FindingKind.INFLATION_GAIN, p, Severity.INFO, -inflation.value() / p / 2, ev,
                    new Claim.InflationGain(p, -inflation.value(), ratio, inflationGc(last, work, ev)));
        }
    }

    void idleFinding(Point last, Estimate idle) {
        int p = last.cores();
        Evidence ev = Evidence.of().with(Measure.IDLE_LOSS, idle).with(Measure.IDLE_TIME, last.times().idleTime())
                .with(Measure.TIME, last.times().time());
        Estimate gc = gcTime(last);
        double gcShare = gc == null || last.times().idleTime() == null || !(last.times().idleTime().value() > 0)
                ? Double.NaN
                : Math.min(1, p * gc.value() / last.times().idleTime().value());
        Claim.IdleWhy why;
        if (program.unmodified()) {
            // the pauses at one worker beside them: where they make this time off-CPU, the headline gives both
            ev.with(Measure.GC_TIME, gc).with(Measure.ONE_CORE_GC_TIME, gc == null ? null : pausedAtOne());
            why = new Claim.OffTheCpu(p, gc == null ? Double.NaN : gc.value(), gcShare, program.offCpu().get(p));
        } else if (last.idleSplit() != null) {
            IdleSplit split = last.idleSplit();
            double total = last.times().idleTime().value();
            List<Estimate> parts = split.parts();
            for (int k = 0; k < parts.size(); k++) {
                ev.idlePart(IdleSplit.NAMES.get(k), parts.get(k));
            }
            int main = IdleCause.mainPart(ev.map(), total);
            Estimate parallelism = result.profile().parallelism();
            boolean plenty = parallelism != null && parallelism.low() >= PARALLEL_SLACK * p;
            boolean burdened = !plenty && burdenLimits(result.profile(), p);
            if ((plenty || burdened) && (main == IdleSplit.SERIAL || main == IdleSplit.OTHER)) {
                // The split sees one worker running alone or a shortage; the span says the tasks exist (plenty of
                // parallelism, or a parallelism that only the cost of stealing cuts): hand-over. The parallelism
                // in the evidence is what says so (IdleCause.HAND_OVER).
                ev.with(Measure.PARALLELISM, parallelism)
                        .with(Measure.BURDENED_PARALLELISM, burdened ? result.profile().burdenedParallelism() : null)
                        .with(Measure.BURDEN, result.profile().burden());
                why = new Claim.WhileParallel(main == IdleSplit.SERIAL, parts, total, parallelism.value(),
                        burdened ? result.profile().burdenedParallelism().value() : Double.NaN,
                        result.profile().burden(), p, program);
            } else {
                why = new Claim.FromSplit(main, parts, total, p, program);
            }
        } else {
            why = new Claim.NoTask(p);
        }
        boolean gcMostly = !program.unmodified() && gcShare >= IdleCause.MAIN_IDLE_PART;
        if (gcMostly) {
            ev.with(Measure.GC_TIME, gc).with(Measure.ONE_CORE_GC_TIME, pausedAtOne());
        }
        add(FindingKind.IDLE, p, Severity.of(idle.value() / p), idle.value() / p, ev,
                new Claim.Idle(p, idle.value(), program.unmodified(), why, gcMostly,
                        gc == null ? Double.NaN : gc.value(), gcShare));
    }

    /** The collector's pauses per operation at one worker where it paused there at all; null otherwise. */
    private Estimate pausedAtOne() {
        Estimate atOne = gcAtOne();
        return atOne != null && atOne.value() > 0 ? atOne : null;
    }

    /** GC time per operation at a point (seconds), null when not measured. */
    static Estimate gcTime(Point point) {
        return point.conditions().gcTime();
    }
}
