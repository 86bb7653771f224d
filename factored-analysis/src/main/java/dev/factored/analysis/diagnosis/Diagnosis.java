package dev.factored.analysis.diagnosis;

import dev.factored.analysis.diagnosis.Evidence.Measure;
import dev.factored.analysis.model.Bandwidth;
import dev.factored.analysis.model.Bound;
import dev.factored.analysis.model.Estimate;
import dev.factored.analysis.model.Finding;
import dev.factored.analysis.model.FindingKind;
import dev.factored.analysis.model.IdleSplit;
import dev.factored.analysis.model.Interference;
import dev.factored.analysis.model.Losses;
import dev.factored.analysis.model.Point;
import dev.factored.analysis.model.Quantities;
import dev.factored.analysis.model.ScalingModels;
import dev.factored.analysis.model.Severity;
import dev.factored.analysis.model.WorkSpanProfile;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * Explains a family's numbers as {@link Finding}s (METHOD.md §3 gaps and curvature), headline first, then
 * by the share of the ideal speedup each one accounts for. The rules live here; the words of every finding
 * live in {@link FindingWords}.
 *
 * <p>Four rules keep the verdicts to what the evidence carries. Only valid points are read (an
 * oversubscribed point, or one whose pool had another number of workers, says nothing about P). A
 * finding is only made when its confidence interval clears the threshold (or two intervals do not
 * overlap). A finding whose evidence rests on a configuration measured in a single JVM fork, or on a busy
 * machine, is tentative: its text says "may" and names the reason. And a finding names a cause (a serial
 * section, small tasks, memory bandwidth, GC) only when a measurement of the run backs it, and lists that
 * measurement in its evidence.
 */
public final class Diagnosis {

    /** A loss counts when its interval's low end exceeds this fraction of P. */
    static final double LOSS_SHARE = 0.05;
    /** A ratio of two times counts when it is at least this far from 1 and their intervals are apart. */
    static final double RATIO_MARGIN = 0.05;
    /** Efficiency (actual speedup / P) from which the scaling is called good. */
    static final double GOOD_EFFICIENCY = 0.8;

    /** Cilkscale's guidance: parallelism should be about this many times P for good scaling on P cores. */
    static final double PARALLEL_SLACK = 10;

    /** Share of I_P a part (or GC) must hold to be called the main source of idle time. */
    public static final double MAIN_IDLE_PART = 0.5;

    public static final String TENTATIVE_NOTE = "tentative: from a single JVM fork; run 2 or more forks to confirm";
    /** Starts the note of a finding that rests on a configuration measured on a busy machine. */
    public static final String DISTURBED_NOTE = "tentative: measured while the machine was busy";

    /** A finding before sorting: {@code share} is the fraction of P it accounts for, its sort key. */
    private record Ranked(Finding finding, double share) {
    }

    private final List<Ranked> found = new ArrayList<>();
    private final Quantities result;
    private final Program program;
    /** Why configurations of the family were disturbed, each sentence once (empty on a quiet machine). */
    private final List<String> disturbedBecause;

    private Diagnosis(Quantities result, Program program) {
        this.result = result;
        this.program = program;
        this.disturbedBecause = result.interference().stream().filter(Interference::disturbed)
                .map(Interference::because).distinct().toList();
    }

    /**
     * The one entry point: the findings of one family from its factoring.
     *
     * @param result  every quantity of the family, points ascending by P (valid or not; only valid ones are read)
     * @param program what kind of code it measures (unmodified code's idle is time off-CPU; advice names a param
     *                only where the benchmark has one)
     */
    public static List<Finding> diagnose(Quantities result, Program program) {
        return new Diagnosis(result, program).run();
    }

    private List<Finding> run() {
        Estimate ts = result.times().baselineTime();
        Estimate te = result.times().elisionTime();
        Estimate t1 = result.times().oneCoreTime();
        List<Point> valid = result.points().stream().filter(Point::valid).toList();
        Point last = valid.isEmpty() ? null : valid.get(valid.size() - 1);
        boolean good = false;
        if (last != null && last.cores() >= 2 && last.speedups().actual() != null) {
            good = overall(last, ts, te);
        }
        int context = found.size();
        if (last != null) {
            losses(last, t1);
        }
        algorithm(ts, te, last);
        if (te != null && t1 != null) {
            scheduling(te, t1, last);
        }
        oneWorker(ts, te, t1, last);
        if (valid.size() >= 3) {
            curvature(valid, t1);
        }
        parallelism(result.profile(), last);
        Bandwidth bandwidth = result.bandwidth();
        if (bandwidth.measured() && !bandwidth.slowdown().disturbed()) {
            bandwidth(bandwidth, valid, t1);
        }
        if (!good && last != null && last.cores() >= 2 && found.size() == context && anyLoss(last)) {
            add(FindingKind.NO_SINGLE_LOSS, last.cores(), Severity.INFO, 0, Evidence.of(),
                    FindingWords.noSingleLoss(last.cores()));
        }
        scaling(result.scaling(), result.profile().bounds());
        found.sort(Comparator.comparing((Ranked r) -> !FindingKind.of(r.finding().kind()).headline())
                .thenComparing(Comparator.comparingDouble(Ranked::share).reversed()));
        return found.stream().map(Ranked::finding).toList();
    }

    /** Adds a finding, tentative (with the reason) when its evidence rests on a single fork or a busy machine. */
    private void add(FindingKind kind, Integer cores, Severity severity, double share, Evidence evidence,
            Wording words) {
        boolean disturbed = evidence.anyDisturbed();
        boolean tentative = disturbed || evidence.anySingleFork();
        String because = !tentative ? null
                : disturbed ? DISTURBED_NOTE + ": " + String.join("; ", disturbedBecause(cores)) : TENTATIVE_NOTE;
        found.add(new Ranked(new Finding(kind.id(), cores, severity, tentative, evidence.map(), words.text(because)),
                share));
    }

    /** Why the configurations a finding at P rests on were disturbed: the point's reasons, else the family's. */
    private List<String> disturbedBecause(Integer cores) {
        Point at = cores == null ? null
                : result.points().stream().filter(p -> p.cores() == cores).findFirst().orElse(null);
        return at != null && at.disturbed() ? at.disturbedBecause() : disturbedBecause;
    }

    /** The elision beats the baseline beyond both intervals: the baseline is not the best sequential code. */
    private static boolean elisionBeatsBaseline(Estimate ts, Estimate te) {
        return ts != null && te != null && te.high() < ts.low() && te.value() / ts.value() <= 1 - RATIO_MARGIN;
    }

    /**
     * The headline. Scaling is judged against the better sequential program: where the elision beats the
     * baseline, a speedup over the baseline flatters, so the speedup over the elision is given and judged. A
     * speedup above P is never called good on its own: it is said with what the run measured that explains it.
     */
    private boolean overall(Point last, Estimate ts, Estimate te) {
        int p = last.cores();
        Estimate actual = last.speedups().actual();
        Estimate overElision = elisionBeatsBaseline(ts, te) ? last.speedups().overElision() : null;
        double elisionFaster = overElision == null ? Double.NaN : ts.value() / te.value();
        double over = overElision == null ? Double.NaN : overElision.value();
        Evidence ev = Evidence.of().with(Measure.ACTUAL_SPEEDUP, actual).with(Measure.EFFICIENCY, last.efficiency());
        if (overElision != null) {
            ev.with(Measure.SPEEDUP_OVER_ELISION, overElision).with(Measure.BASELINE_TIME, ts)
                    .with(Measure.ELISION_TIME, te);
        }
        if (actual.high() < 1) {
            add(FindingKind.SLOWER_THAN_BASELINE, p, Severity.MAJOR, 1, ev,
                    FindingWords.slowerThanBaseline(p, actual.value()));
            return false;
        }
        Estimate judged = overElision != null ? overElision : actual;
        if (actual.value() > p) {
            Estimate inflation = last.losses().inflation();
            FindingWords.AboveP why = FindingWords.AboveP.UNEXPLAINED;
            double workRatio = Double.NaN;
            if (overElision != null) {
                why = FindingWords.AboveP.WEAK_BASELINE;
            } else if (inflationReadable(last, result.times().oneCoreTime()) && inflation.high() < 0
                    && !(program.unmodified() && inseparable(last.losses().idle(), inflation))) {
                why = FindingWords.AboveP.NEGATIVE_INFLATION;
                workRatio = 1 + last.workInflation().value() / result.times().oneCoreTime().value();
                ev.with(Measure.WORK_INFLATION, last.workInflation()).with(Measure.INFLATION_LOSS, inflation)
                        .with(Measure.ONE_CORE_TIME, result.times().oneCoreTime());
            }
            add(FindingKind.SUPERLINEAR, p, Severity.INFO, 1, ev,
                    FindingWords.superlinear(p, actual.value(), why, over, elisionFaster, workRatio));
            return judged.value() / p >= GOOD_EFFICIENCY;
        }
        double efficiency = judged.value() / p;
        if (efficiency >= GOOD_EFFICIENCY) {
            add(FindingKind.GOOD_SCALING, p, Severity.INFO, 1, ev,
                    FindingWords.goodScaling(p, actual.value(), over, elisionFaster));
            return true;
        }
        add(FindingKind.SPEEDUP, p, Severity.of(1 - efficiency), 1, ev,
                FindingWords.speedup(p, actual.value(), over, elisionFaster));
        return false;
    }

    private static boolean significant(Estimate loss, int p) {
        return loss != null && loss.low() > LOSS_SHARE * p;
    }

    private void losses(Point last, Estimate oneCoreTime) {
        int p = last.cores();
        if (p < 2) {
            return;
        }
        Estimate idle = last.losses().idle();
        Estimate inflation = last.losses().inflation();
        Estimate work = last.workInflation();
        boolean inflationReadable = inflationReadable(last, oneCoreTime);
        if (program.unmodified() && significant(idle, p) && inflationReadable && inflation.high() < -LOSS_SHARE * p
                && inseparable(idle, inflation)) {
            // Estimated idle over by as much as inflation is under: one effect, which the estimate cannot split.
            add(FindingKind.IDLE_OR_INFLATION, p, Severity.of((idle.value() + inflation.value()) / p),
                    (idle.value() + inflation.value()) / p,
                    Evidence.of().with(Measure.IDLE_LOSS, idle).with(Measure.INFLATION_LOSS, inflation)
                            .with(Measure.TIME, last.time()),
                    FindingWords.idleOrInflation(p, idle.value(), inflation.value()));
            return;
        }
        if (significant(idle, p)) {
            idleFinding(last, idle);
        }
        if (!inflationReadable) {
            return;
        }
        double ratio = 1 + work.value() / oneCoreTime.value();
        Evidence ev = Evidence.of().with(Measure.INFLATION_LOSS, inflation).with(Measure.WORK_INFLATION, work)
                .with(Measure.ONE_CORE_TIME, oneCoreTime);
        if (significant(inflation, p)) {
            add(FindingKind.INFLATION, p, Severity.of(inflation.value() / p), inflation.value() / p,
                    withBandwidth(ev),
                    FindingWords.inflation(p, inflation.value(), ratio, bandwidthSays(p)));
        } else if (inflation.high() < -LOSS_SHARE * p) {
            add(FindingKind.INFLATION_GAIN, p, Severity.INFO, -inflation.value() / p / 2, ev,
                    FindingWords.inflationGain(p, -inflation.value(), ratio));
        }
    }

    /**
     * Whether the work inflation at a point can be read as the program's: measured, with T_1 and the work, and not
     * on a busy machine (a worker descheduled by another process looks busy there). The one rule for the headline
     * and the loss findings.
     */
    private static boolean inflationReadable(Point point, Estimate oneCoreTime) {
        Estimate inflation = point.losses().inflation();
        return inflation != null && oneCoreTime != null && point.workInflation() != null && !inflation.disturbed();
    }

    /**
     * Whether a negative inflation could be the idle estimate's error (unmodified code): no larger than the estimated
     * idle itself, since true idle is never negative, so the estimate cannot be too high by more. No tighter bound
     * is measured per point (method.md: the estimate is low by 1-3 % of P·T_P where spinning counts as busy, and
     * high by what a thread off the CPU for another reason adds).
     */
    private static boolean inseparable(Estimate idleLoss, Estimate inflationLoss) {
        return idleLoss != null && -inflationLoss.value() <= idleLoss.value();
    }


    /** GC time per operation at a point (seconds), null when not measured. */
    private static Estimate gcTime(Point point) {
        return point.gcTime();
    }

    private void idleFinding(Point last, Estimate idle) {
        int p = last.cores();
        Evidence ev = Evidence.of().with(Measure.IDLE_LOSS, idle).with(Measure.IDLE_TIME, last.idleTime())
                .with(Measure.TIME, last.time());
        Estimate gc = gcTime(last);
        double gcShare = gc == null || last.idleTime() == null || !(last.idleTime().value() > 0) ? Double.NaN
                : Math.min(1, p * gc.value() / last.idleTime().value());
        String why;
        if (program.unmodified()) {
            ev.with(Measure.GC_TIME, gc);
            why = FindingWords.idleOffCpu(p, gc == null ? Double.NaN : gc.value(), gcShare);
        } else if (last.idleSplit() != null) {
            IdleSplit split = last.idleSplit();
            double total = last.idleTime().value();
            List<Estimate> parts = split.parts();
            int main = -1;
            List<String> each = new ArrayList<>();
            for (int k = 0; k < parts.size(); k++) {
                if (total > 0 && parts.get(k).value() >= MAIN_IDLE_PART * total) {
                    main = k;
                }
                each.add(IdleSplit.NAMES.get(k) + " " + Words.percent(parts.get(k).value() / total));
                ev.idlePart(IdleSplit.NAMES.get(k), parts.get(k));
            }
            Estimate parallelism = result.profile().parallelism();
            boolean plenty = parallelism != null && parallelism.low() >= PARALLEL_SLACK * p;
            if (plenty && (main == IdleSplit.SERIAL || main == IdleSplit.OTHER)) {
                // The split sees one worker running alone or a shortage; the span says the tasks exist: hand-over.
                ev.with(Measure.PARALLELISM, parallelism).with(Measure.BURDEN, result.profile().burden());
                why = FindingWords.idleWhileParallel(main == IdleSplit.SERIAL ? "one worker running alone"
                        : "scattered through the operation", String.join(", ", each), parallelism.value(),
                        result.profile().burden(), p, program);
            } else {
                why = FindingWords.idleFromSplit(split, main, String.join(", ", each), p, program);
            }
        } else {
            why = FindingWords.idleNoTask(p);
        }
        if (!program.unmodified() && gcShare >= MAIN_IDLE_PART) {
            ev.with(Measure.GC_TIME, gc);
            why += FindingWords.gcPartOfIdle(p, gc.value(), gcShare);
        }
        add(FindingKind.IDLE, p, Severity.of(idle.value() / p), idle.value() / p, ev,
                FindingWords.idle(p, idle.value(), program.unmodified(), why));
    }

    /** The bandwidth test's copies and slowdown, or null: what inflation findings can cite about a shared limit. */
    private Evidence withBandwidth(Evidence ev) {
        Bandwidth bw = usableBandwidth();
        return bw == null ? ev : ev.with(Measure.BANDWIDTH_SLOWDOWN, bw.slowdown());
    }

    private Bandwidth usableBandwidth() {
        Bandwidth bw = result.bandwidth();
        return !bw.measured() || bw.slowdown().disturbed() ? null : bw;
    }

    /** What the bandwidth test says about inflation, for the curves: null when it was not run. */
    private String bandwidthSaysIfRun(int p) {
        return usableBandwidth() == null ? null : bandwidthSays(p);
    }

    /** What the bandwidth test says about inflation at P (or that it was not run). */
    private String bandwidthSays(int p) {
        Bandwidth bw = usableBandwidth();
        if (bw == null) {
            return FindingWords.bandwidthSays(null, p, false);
        }
        return FindingWords.bandwidthSays(bw.slowdown(), bw.copies(), bw.slowdown().low() > 1 + RATIO_MARGIN);
    }

    private void algorithm(Estimate ts, Estimate te, Point last) {
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
                    FindingWords.algorithmicOverhead(ratio, last == null ? 0 : last.cores(),
                            loss == null ? Double.NaN : loss.value()));
        } else if (elisionBeatsBaseline(ts, te)) {
            double share = loss == null ? 1 - ratio : -loss.value() / last.cores();
            add(FindingKind.BASELINE_NOT_BEST, null, Severity.of(share), share, ev,
                    FindingWords.baselineNotBest(1 / ratio));
        }
    }

    private void scheduling(Estimate te, Estimate t1, Point last) {
        double ratio = t1.value() / te.value();
        if (t1.low() > te.high() && ratio >= 1 + RATIO_MARGIN) {
            Estimate loss = last == null ? null : last.losses().scheduling();
            double share = loss == null ? ratio - 1 : loss.value() / last.cores();
            add(FindingKind.SCHEDULING_OVERHEAD, last == null ? null : last.cores(), Severity.of(share), share,
                    Evidence.of().with(Measure.ELISION_TIME, te).with(Measure.ONE_CORE_TIME, t1)
                            .with(Measure.SCHEDULING_LOSS, loss),
                    FindingWords.schedulingOverhead(ratio, last == null ? 0 : last.cores(),
                            loss == null ? Double.NaN : loss.value(), program));
        }
    }

    /**
     * Without an elision (unmodified code), T_1 over T_s is the algorithm's extra work and the tasks' cost
     * together: say so, since neither loss can be named alone.
     */
    private void oneWorker(Estimate ts, Estimate te, Estimate t1, Point last) {
        if (te != null || ts == null || t1 == null) {
            return;
        }
        double ratio = t1.value() / ts.value();
        if (t1.low() > ts.high() && ratio >= 1 + RATIO_MARGIN) {
            double share = ratio - 1;
            add(FindingKind.ONE_WORKER_OVERHEAD, last == null ? null : last.cores(), Severity.of(share), share,
                    Evidence.of().with(Measure.BASELINE_TIME, ts).with(Measure.ONE_CORE_TIME, t1),
                    FindingWords.oneWorkerOverhead(ratio, program));
        }
    }

    private void curvature(List<Point> points, Estimate t1) {
        Point last = points.get(points.size() - 1);
        int p = last.cores();
        double inflationShare = value(last.losses().inflation()) / p;
        double idleShare = value(last.losses().idle()) / p;
        double overheadShare = (value(last.losses().scheduling()) + value(last.losses().algorithmic())) / p;

        Shape inflationSpecific = Shape.of(points, s -> s.speedups().inflationSpecific());
        Evidence inflationEvidence = withBandwidth(curveEvidence(points, s -> s.speedups().inflationSpecific()));
        if (inflationSpecific == Shape.SLOPES_DOWN) {
            add(FindingKind.INFLATION_SPECIFIC_SLOPES_DOWN, p, Severity.of(inflationShare), inflationShare,
                    inflationEvidence, FindingWords.inflationSpecificSlopesDown(bandwidthSaysIfRun(p)));
        } else if (inflationSpecific == Shape.FLATTENS) {
            add(FindingKind.INFLATION_SPECIFIC_FLATTENS, p, Severity.of(inflationShare), inflationShare,
                    inflationEvidence, FindingWords.inflationSpecificFlattens(bandwidthSaysIfRun(p)));
        }
        if (t1 != null) {
            workInflationGrowth(points, t1, inflationShare);
        }
        Shape idleSpecific = Shape.of(points, s -> s.speedups().idleSpecific());
        if (idleSpecific != Shape.STRAIGHT) {
            add(FindingKind.IDLE_SPECIFIC_BENDS, p, Severity.of(idleShare), idleShare,
                    curveEvidence(points, s -> s.speedups().idleSpecific()),
                    FindingWords.idleSpecificBends(idleSpecific == Shape.SLOPES_DOWN, program.unmodified(), program));
        }
        Shape maximal = Shape.of(points, s -> s.speedups().maximal());
        if (maximal != Shape.STRAIGHT) {
            add(FindingKind.MAXIMAL_BENDS, p, Severity.of(overheadShare), overheadShare,
                    curveEvidence(points, s -> s.speedups().maximal()), FindingWords.maximalBends());
        }
    }

    /**
     * The bandwidth test read against work inflation at the same P (Cilkview §5): copies of the sequential
     * program that slow each other down by about as much as the parallel run inflates its work point at a
     * shared limit such as memory bandwidth; copies that do not slow down while the work inflates point at
     * what only the parallel program does: sharing between its workers.
     */
    private void bandwidth(Bandwidth bw, List<Point> valid, Estimate t1) {
        int p = bw.copies();
        Estimate slowdown = bw.slowdown();
        Point at = valid.stream().filter(x -> x.cores() == p).findFirst().orElse(null);
        Estimate inflation = at == null ? null : at.workInflation();
        double inflated = inflation == null || t1 == null ? Double.NaN : inflation.value() / t1.value();
        if (slowdown.low() > 1 + RATIO_MARGIN) {
            double share = 1 - 1 / slowdown.value();
            String then = !(inflated > 0) ? "" : "; the parallel run at " + Words.cores(p) + " does "
                    + Words.percent(inflated) + " more work than one worker, of which this limit can explain about "
                    + Words.percent(Math.min(inflated, slowdown.value() - 1));
            add(FindingKind.MEMORY_BANDWIDTH, p, Severity.of(share), share,
                    Evidence.of().with(Measure.BANDWIDTH_SLOWDOWN, slowdown).with(Measure.WORK_INFLATION, inflation)
                            .with(Measure.ONE_CORE_TIME, t1),
                    FindingWords.memoryBandwidth(p, slowdown.value(), then));
        } else if (slowdown.high() < 1 + RATIO_MARGIN && at != null && significant(at.losses().inflation(), p)
                && !at.losses().inflation().disturbed()) {
            double share = at.losses().inflation().value() / p;
            add(FindingKind.INFLATION_NOT_BANDWIDTH, p, Severity.of(share), share,
                    Evidence.of().with(Measure.BANDWIDTH_SLOWDOWN, slowdown).with(Measure.WORK_INFLATION, inflation)
                            .with(Measure.INFLATION_LOSS, at.losses().inflation()),
                    FindingWords.inflationNotBandwidth(p, slowdown.value(), p, inflated));
        }
    }

    /**
     * Cilkview's checks at the largest valid P: too little parallelism for these cores, a grain too small
     * for the burden of stealing, and strands shorter than one steal.
     */
    private void parallelism(WorkSpanProfile profile, Point last) {
        Estimate par = profile.parallelism();
        Estimate burdened = profile.burdenedParallelism();
        int p = last == null ? 0 : last.cores();
        if (p >= 2 && par != null && par.high() < PARALLEL_SLACK * p) {
            // The greedy-scheduler bound T_P <= T_1/P + T_inf: the span alone can cost up to this share of P.
            double share = p / (par.value() + p);
            add(FindingKind.LOW_PARALLELISM, p, Severity.of(share), share,
                    Evidence.of().with(Measure.PARALLELISM, par).with(Measure.WORK, profile.work())
                            .with(Measure.SPAN, profile.span()),
                    FindingWords.lowParallelism(par.value(), PARALLEL_SLACK * p, p, share));
        }
        boolean burdenedFlagged = p >= 2 && burdened != null && burdened.high() < p;
        if (burdenedFlagged) {
            double share = 1 - Bound.lowerOverWork(p, burdened.value()) / p;
            add(FindingKind.LOW_BURDENED_PARALLELISM, p, Severity.of(share), share,
                    Evidence.of().with(Measure.BURDENED_PARALLELISM, burdened).with(Measure.PARALLELISM, par)
                            .with(Measure.BURDEN, profile.burden()),
                    FindingWords.lowBurdenedParallelism(burdened.value(), p, par, profile.burden().value(), program));
        }
        Estimate strand = profile.averageStrand();
        Estimate burden = profile.burden();
        Estimate scheduling = last == null ? null : last.losses().scheduling();
        // Short strands are a cause only where they cost something measured (a significant scheduling loss)
        // and the burdened parallelism has not already said it: on a VM whose steal takes tens of µs (a
        // parked worker woken) nearly every strand is shorter, also in programs that scale well.
        if (strand != null && burden != null && strand.high() < burden.value() && !burdenedFlagged && p >= 2
                && significant(scheduling, p)) {
            double share = Math.max(0, scheduling.value() / p);
            add(FindingKind.SHORT_STRANDS, p, share > 0 ? Severity.of(share) : Severity.MINOR, share,
                    Evidence.of().with(Measure.AVERAGE_STRAND, strand).with(Measure.BURDEN, burden)
                            .with(Measure.SCHEDULING_LOSS, scheduling),
                    FindingWords.shortStrands(strand.value(), burden.value(), program));
        }
    }

    /**
     * What the fitted scaling models predict beyond the measured points, where the prediction clears its interval:
     * a peak (USL's coherency above 0), a serial fraction that grows with P (Karp–Flatt), and where the fit leaves
     * Cilkview's bounds. Extrapolations, so never a loss of the measured speedup: severity info, ranked last.
     */
    private void scaling(ScalingModels models, List<Bound> bounds) {
        if (models == null || !models.fitted()) {
            return;
        }
        List<Integer> fitted = models.fittedTo();
        int largest = fitted.get(fitted.size() - 1);
        List<ScalingModels.KarpFlatt> metric = models.karpFlatt();
        ScalingModels.KarpFlatt first = metric.isEmpty() ? null : metric.get(0);
        ScalingModels.KarpFlatt lastMetric = metric.isEmpty() ? null : metric.get(metric.size() - 1);
        boolean grows = first != null && lastMetric != first
                && lastMetric.serialFraction().low() > first.serialFraction().high();
        Evidence growth = grows ? Evidence.of().with(Measure.KARP_FLATT, first.cores(), first.serialFraction())
                .with(Measure.KARP_FLATT, lastMetric.cores(), lastMetric.serialFraction()) : Evidence.of();
        Estimate peak = models.peak();
        if (peak != null) { // every replicate has κ > 0
            ScalingModels.Projection atPeak = projectionAt(models, (int) Math.round(peak.value()));
            add(FindingKind.RETROGRADE_PREDICTED, largest, Severity.INFO, 0, growth.with(Measure.PEAK, peak)
                    .with(Measure.COHERENCY, models.coherency()).with(Measure.CONTENTION, models.contention()),
                    FindingWords.retrogradePredicted(fitted, peak, atPeak == null || atPeak.usl() == null ? Double.NaN
                            : atPeak.usl().value(), models.contention(), models.coherency(), grows ? first : null,
                            grows ? lastMetric : null));
        } else if (grows) {
            add(FindingKind.SERIAL_FRACTION_GROWS, largest, Severity.INFO, 0, growth,
                    FindingWords.serialFractionGrows(first, lastMetric, models.amdahl()));
        }
        for (Bound bound : bounds) {
            ScalingModels.Projection fit = bound.cores() > largest ? projectionAt(models, bound.cores()) : null;
            if (fit == null || fit.usl() == null) {
                continue;
            }
            Evidence ev = Evidence.of().with(Measure.USL_SPEEDUP, bound.cores(), fit.usl())
                    .with(Measure.UPPER_BOUND, bound.cores(), bound.upper())
                    .with(Measure.LOWER_BOUND, bound.cores(), bound.lower());
            if (fit.usl().low() > bound.upper().high()) {
                add(FindingKind.FIT_ABOVE_SPAN_BOUND, bound.cores(), Severity.INFO, 0, ev,
                        FindingWords.fitAboveSpanBound(bound.cores(), fit.usl().value(), bound.upper().value()));
                break;
            }
            if (fit.usl().high() < bound.lower().low()) {
                add(FindingKind.FIT_BELOW_SPAN_BOUND, bound.cores(), Severity.INFO, 0, ev,
                        FindingWords.fitBelowSpanBound(bound.cores(), fit.usl().value(), bound.lower().value()));
                break;
            }
        }
    }

    private static ScalingModels.Projection projectionAt(ScalingModels models, int cores) {
        for (ScalingModels.Projection p : models.projection()) {
            if (p.cores() == cores) {
                return p;
            }
        }
        return null;
    }

    /** The curve's estimates at every P, named e.g. {@code P=4}. */
    private static Evidence curveEvidence(List<Point> points, Function<Point, Estimate> curve) {
        Evidence ev = Evidence.of();
        for (Point p : points) {
            ev.curvePoint(p.cores(), curve.apply(p));
        }
        return ev;
    }

    private void workInflationGrowth(List<Point> points, Estimate t1, double share) {
        Point first = null;
        for (Point p : points) {
            if (p.cores() >= 2 && p.workInflation() != null) {
                first = p;
                break;
            }
        }
        Point last = points.get(points.size() - 1);
        if (first == null || first == last || last.workInflation() == null) {
            return;
        }
        Estimate a = first.workInflation();
        Estimate b = last.workInflation();
        if (b.low() > a.high() && b.value() > RATIO_MARGIN * t1.value()) {
            String growth = " (from " + Words.percent(a.value() / t1.value()) + " of the one-core work at "
                    + Words.cores(first.cores()) + " to " + Words.percent(b.value() / t1.value()) + " at "
                    + Words.cores(last.cores()) + ")";
            add(FindingKind.INFLATION_GROWS, last.cores(), Severity.of(share), share - 1e-9,
                    withBandwidth(Evidence.of().with(Measure.WORK_INFLATION, first.cores(), a)
                            .with(Measure.WORK_INFLATION, last.cores(), b).with(Measure.ONE_CORE_TIME, t1)),
                    FindingWords.inflationGrows(growth, bandwidthSaysIfRun(last.cores())));
        }
    }

    private static boolean anyLoss(Point p) {
        Losses l = p.losses();
        return l.algorithmic() != null || l.scheduling() != null || l.idle() != null || l.inflation() != null;
    }

    private static double value(Estimate e) {
        return e == null ? 0 : e.value();
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
