package dev.factored.analysis.diagnosis;

import dev.factored.analysis.diagnosis.facts.Claim;
import dev.factored.analysis.diagnosis.facts.Evidence.Measure;
import dev.factored.analysis.diagnosis.facts.Evidence;
import dev.factored.analysis.diagnosis.facts.IdleCause;
import dev.factored.analysis.diagnosis.facts.Program;
import dev.factored.analysis.model.Bandwidth;
import dev.factored.analysis.model.WorkSpanProfile;
import dev.factored.analysis.model.family.Quantities;
import dev.factored.analysis.model.finding.FindingKind;
import dev.factored.analysis.model.finding.Severity;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.point.Point;

/**
 * What every rule of the diagnosis shares: the thresholds, the family's quantities and program, the sink for its
 * findings, and the readings more than one rule makes (is a loss significant, can the inflation be read, what the
 * bandwidth test says). A rule decides a finding's kind, P, severity, share and evidence, and the facts of its claim
 * ({@link Claim}); its words are written from those by the renderer
 * ({@link dev.factored.analysis.diagnosis.words}), after the rules have run.
 */
abstract class Rules {

    /** A loss counts when its interval's low end exceeds this fraction of P. */
    static final double LOSS_SHARE = 0.05;
    /** A ratio of two times counts when it is at least this far from 1 and their intervals are apart. */
    static final double RATIO_MARGIN = 0.05;
    /** Efficiency (actual speedup / P) from which the scaling is called good. */
    static final double GOOD_EFFICIENCY = 0.8;

    /** Cilkscale's guidance: parallelism should be about this many times P for good scaling on P cores. */
    static final double PARALLEL_SLACK = 10;
    /**
     * How far below the parallelism the burdened parallelism must lie for the burden (the cost of a steal) to be a
     * cause of its own: within this share of it, the burden only qualifies the parallelism, which is what limits.
     */
    static final double BURDEN_QUALIFIES = 0.2;
    /** Parallelism up to this many times P is near P: a few tasks more or less decide how many workers have work. */
    static final double NEAR_P = 2;
    /** The share of a loss's time a change in GC pause time must account for to be called its cause. */
    static final double GC_EXPLAINS = 0.5;

    final Quantities result;
    final Program program;
    private final Diagnosis diagnosis;

    Rules(Diagnosis diagnosis) {
        this.diagnosis = diagnosis;
        this.result = diagnosis.result();
        this.program = diagnosis.program();
    }

    /** Adds a finding through the diagnosis, which makes it tentative (with the reason) where its evidence says so. */
    final void add(FindingKind kind, Integer cores, Severity severity, double share, Evidence evidence, Claim claim) {
        diagnosis.add(kind, cores, severity, share, evidence, claim);
    }

    /**
     * The collector as the cause of what one worker takes over a sequential configuration ({@code against}: T_1 − T_s
     * at the baseline, the one-worker overhead; T_1 − T_e at the elision, the scheduling overhead): the pauses at one
     * worker above that configuration's, beyond both intervals, make at least {@value #GC_EXPLAINS} of the difference
     * (a boxed parallel stream: 644 ms of GC per operation at one worker against none at the baseline, of 889 ms).
     * Adds both GC times to the evidence when so; null when GC was not measured at both or does not account for it.
     */
    final Claim.Collector oneWorkerGc(Claim.Collector.Against against, Estimate reference, Estimate t1,
            Evidence evidence) {
        Estimate atOne = gcAtOne();
        boolean baseline = against == Claim.Collector.Against.BASELINE;
        Estimate atReference = baseline ? result.times().baselineGcTime() : result.times().elisionGcTime();
        double extra = t1.value() - reference.value();
        if (atOne == null || atReference == null || !(extra > 0) || atOne.low() <= atReference.high()
                || atOne.value() - atReference.value() < GC_EXPLAINS * extra) {
            return null;
        }
        evidence.with(Measure.ONE_CORE_GC_TIME, atOne)
                .with(baseline ? Measure.BASELINE_GC_TIME : Measure.ELISION_GC_TIME, atReference);
        return new Claim.Collector(against, atReference.value(), 1, atOne.value(),
                atOne.value() - atReference.value(), extra, program.unmodified());
    }

    /**
     * The collector as the cause of the work inflation at P (or of its gain), F_P = P·T_P − I_P − T_1, T_1 holding
     * one worker's pauses. A pause stops all P workers: with instrumented idle the workers' time in pauses is counted
     * as P·(GC per operation at P), against one worker's; with idle estimated from CPU time every pause is time
     * off-CPU, in I_P and never in the work, so what T_1 holds is all the change. Where that change goes the way of the
     * work, beyond both intervals, by at least {@value #GC_EXPLAINS} of it (a boxed parallel stream: 156 ms of pauses in
     * T_1, F_2 −197 ms), the collector is the cause. Adds both GC times to the evidence when so; null otherwise.
     */
    final Claim.Collector inflationGc(Point at, Estimate work, Evidence evidence) {
        int p = at.cores();
        Estimate atOne = gcAtOne();
        Estimate atP = at.conditions().gcTime();
        if (atOne == null || atP == null || work == null || work.value() == 0) {
            return null;
        }
        boolean offCpu = program.unmodified();
        double change = offCpu ? -atOne.value() : p * atP.value() - atOne.value();
        boolean apart = offCpu ? atOne.low() > 0
                : work.value() > 0 ? p * atP.low() > atOne.high() : p * atP.high() < atOne.low();
        if (!apart || Math.signum(change) != Math.signum(work.value())
                || Math.abs(change) < GC_EXPLAINS * Math.abs(work.value())) {
            return null;
        }
        evidence.with(Measure.GC_TIME, atP).with(Measure.ONE_CORE_GC_TIME, atOne);
        return new Claim.Collector(Claim.Collector.Against.ONE_WORKER, atOne.value(), p, atP.value(), change,
                work.value(), offCpu);
    }

    /**
     * The collector as most of the time off-CPU at P that the estimate cannot tell from a negative inflation: the
     * pauses, which stop all P workers, make at least {@value IdleCause#MAIN_IDLE_PART} of it. Adds the GC times at P
     * and at one worker to the evidence when so; null otherwise.
     */
    final Claim.Collector offCpuGc(Point at, Evidence evidence) {
        int p = at.cores();
        Estimate atP = at.conditions().gcTime();
        Estimate idle = at.times().idleTime();
        Estimate atOne = gcAtOne();
        if (atP == null || atOne == null || idle == null || !(idle.value() > 0)
                || p * atP.value() < IdleCause.MAIN_IDLE_PART * idle.value()) {
            return null;
        }
        evidence.with(Measure.GC_TIME, atP).with(Measure.ONE_CORE_GC_TIME, atOne);
        return new Claim.Collector(Claim.Collector.Against.ONE_WORKER, atOne.value(), p, atP.value(),
                p * atP.value(), idle.value(), true);
    }

    /**
     * The GC time per operation on one worker, null when not measured: read from the one-worker point whether it is
     * valid or not, as T_1 is, so that a loss that rests on T_1 is told with the pauses it holds (a finding that
     * rests on a disturbed one is tentative through its evidence).
     */
    final Estimate gcAtOne() {
        return result.points().stream().filter(point -> point.cores() == 1).findFirst()
                .map(point -> point.conditions().gcTime()).orElse(null);
    }

    static boolean significant(Estimate loss, int p) {
        return loss != null && loss.low() > LOSS_SHARE * p;
    }

    /**
     * Whether the work inflation at a point can be read as the program's: measured, with T_1 and the work, and not
     * on a busy machine (a worker descheduled by another process looks busy there). The one rule for the headline
     * and the loss findings.
     */
    static boolean inflationReadable(Point point, Estimate oneCoreTime) {
        Estimate inflation = point.losses().inflation();
        return inflation != null && oneCoreTime != null && point.times().workInflation() != null
                && !inflation.disturbed();
    }

    /**
     * Whether a negative inflation could be the idle estimate's error (unmodified code): no larger than the estimated
     * idle itself, since true idle is never negative, so the estimate cannot be too high by more. No tighter bound
     * is measured per point (method.md: the estimate is low by 1-3 % of P·T_P where spinning counts as busy, and
     * high by what a thread off the CPU for another reason adds).
     */
    static boolean inseparable(Estimate idleLoss, Estimate inflationLoss) {
        return idleLoss != null && -inflationLoss.value() <= idleLoss.value();
    }

    /**
     * Whether the cost of stealing, not the span, limits the parallelism at P, so that larger tasks would help:
     * the burdened parallelism is below P and lies clearly (both intervals) more than {@link #BURDEN_QUALIFIES}
     * below the parallelism, and the dag is not one of few tasks with a parallelism near P ({@link #fewTasksNearP}),
     * where larger tasks would leave workers without any.
     */
    static boolean burdenLimits(WorkSpanProfile profile, int p) {
        Estimate par = profile.parallelism();
        Estimate burdened = profile.burdenedParallelism();
        return p >= 2 && par != null && burdened != null && burdened.high() < p
                && burdened.high() < (1 - BURDEN_QUALIFIES) * par.low() && !fewTasksNearP(profile, p);
    }

    /**
     * Whether the parallelism is below or near P ({@link #NEAR_P}) and the dag has fewer than
     * {@link #PARALLEL_SLACK} tasks per worker: more, smaller tasks are what would help, never larger ones.
     */
    static boolean fewTasksNearP(WorkSpanProfile profile, int p) {
        Estimate par = profile.parallelism();
        Estimate spawns = profile.spawns();
        return par != null && spawns != null && par.low() <= NEAR_P * p && spawns.value() + 1 < PARALLEL_SLACK * p;
    }

    /** The bandwidth test's copies and slowdown, or null: what inflation findings can cite about a shared limit. */
    Evidence withBandwidth(Evidence ev) {
        Bandwidth bw = usableBandwidth();
        return bw == null ? ev : ev.with(Measure.BANDWIDTH_SLOWDOWN, bw.slowdown());
    }

    Bandwidth usableBandwidth() {
        Bandwidth bw = result.bandwidth();
        return !bw.measured() || bw.slowdown().disturbed() ? null : bw;
    }

    /** What the bandwidth test says about inflation, for the curves: null when it was not run. */
    Claim.SharedLimit bandwidthSaysIfRun(int p) {
        return usableBandwidth() == null ? null : bandwidthSays(p);
    }

    /** What the bandwidth test says about inflation at P (a null slowdown: it was not run, at P's copies). */
    Claim.SharedLimit bandwidthSays(int p) {
        Bandwidth bw = usableBandwidth();
        if (bw == null) {
            return new Claim.SharedLimit(null, p, false);
        }
        return new Claim.SharedLimit(bw.slowdown(), bw.copies(), bw.slowdown().low() > 1 + RATIO_MARGIN);
    }

    /** The elision beats the baseline beyond both intervals: the baseline is not the best sequential code. */
    static boolean elisionBeatsBaseline(Estimate ts, Estimate te) {
        return ts != null && te != null && te.high() < ts.low() && te.value() / ts.value() <= 1 - RATIO_MARGIN;
    }

    static double value(Estimate e) {
        return e == null ? 0 : e.value();
    }
}
