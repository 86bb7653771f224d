package dev.factored.analysis;

import dev.factored.analysis.diagnosis.words.ValidityWords;
import dev.factored.analysis.input.ActivitySamples;
import dev.factored.analysis.model.ReferenceTimes;
import dev.factored.analysis.model.ScalingModels;
import dev.factored.analysis.model.SpeedupProjection;
import dev.factored.analysis.model.WorkSpanProfile;
import dev.factored.analysis.model.family.Family;
import dev.factored.analysis.model.family.ForkNoise;
import dev.factored.analysis.model.family.Invalidity;
import dev.factored.analysis.model.family.Quantities;
import dev.factored.analysis.model.measurement.ConfigurationRun;
import dev.factored.analysis.model.measurement.CpuLabels;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.measurement.Interference;
import dev.factored.analysis.model.point.Disturbance;
import dev.factored.analysis.model.point.Factors;
import dev.factored.analysis.model.point.IdleSplit;
import dev.factored.analysis.model.point.Losses;
import dev.factored.analysis.model.point.MachineShares;
import dev.factored.analysis.model.point.Point;
import dev.factored.analysis.model.point.PointConditions;
import dev.factored.analysis.model.point.PointTimes;
import dev.factored.analysis.model.point.Speedups;
import dev.factored.contract.CoresValue;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntToDoubleFunction;

/**
 * Every quantity of METHOD.md §2–§4 for one family, with bootstrap intervals: the one place they are
 * computed. Views (report, gate, Markdown, log) read them from the records and derive nothing.
 *
 * <p>Every configuration is resampled into B means (index 0 holds the means of the samples themselves;
 * independently, or with the forks drawn jointly for configurations measured in turn: {@link Resampling}); every
 * derived quantity is then computed from those means, replicate by replicate, so speedups are ratios of means, never
 * means of ratios, and a ratio of configurations measured in turn is a paired comparison. A configuration that was not
 * measured makes every quantity it would have fed null.
 */
public final class Factoring {

    /** Relative tolerance of the identity P = actual + losses; it only absorbs floating-point rounding. */
    static final double IDENTITY_TOLERANCE = 1e-9;

    private final Family family;
    private final AnalysisOptions options;
    private final ActivitySamples activity;
    private final int n;
    /** What the machine took from each configuration that the profiler measured it for, by canonical cores. */
    private final Map<CoresValue, Interference> interference = new LinkedHashMap<>();
    /** Why each point is not valid, by P (empty for a valid one). */
    private final Map<Integer, List<Invalidity>> invalidity = new LinkedHashMap<>();

    /** The replicates of each configuration (paired for configurations measured in turn). */
    private final Resampling resampling;

    private Factoring(Family family, AnalysisOptions options, ActivitySamples activity, ForkNoise forkNoise) {
        this.family = family;
        this.options = options;
        this.activity = activity;
        this.resampling = new Resampling(family.id(), family.configurations(), options, forkNoise);
        this.n = options.resamples() + 1;
        for (int c = 0; c < family.configurations().size(); c++) {
            ConfigurationRun run = family.configurations().get(c);
            Interference i = MachineShare.of(family.id(), run,
                    c < family.entries().size() ? family.entries().get(c) : null, options);
            if (i != null) {
                interference.put(run.cores(), i);
            }
        }
    }

    static Quantities compute(Family family, AnalysisOptions options) {
        return compute(family, options, ActivitySamples.NONE);
    }

    static Quantities compute(Family family, AnalysisOptions options, ActivitySamples activity) {
        return compute(family, options, activity, ForkNoise.UNKNOWN);
    }

    /**
     * @param forkNoise the run's noise between forks: every configuration's replicates draw the fork level from it
     *                  ({@link ForkNoise#forConfiguration}), so that an interval shows the fork-to-fork noise even
     *                  where one or two forks cannot measure it
     */
    static Quantities compute(Family family, AnalysisOptions options, ActivitySamples activity,
            ForkNoise forkNoise) {
        return new Factoring(family, options, activity, forkNoise).compute();
    }

    /**
     * Resampled means of one quantity, and whether any configuration it comes from was measured in a
     * single fork (its interval then rests on the fork noise borrowed from the run, or on its iterations only).
     */
    private record Series(double[] values, boolean singleFork, boolean disturbed) {
    }

    /**
     * Resampled means of one configuration's time and (if measured) idle, descheduled, runnable and GC time, and the
     * workers' wait of every cause.
     */
    private record Means(Series time, Series idle, Series descheduled, Series runnable, Series gc, Series workerWait) {
    }

    private Means means(ConfigurationRun run) {
        if (run == null) {
            return null;
        }
        Resampling.Drawn drawn = resampling.of(run);
        double[][] pairedOut = drawn.paired();
        double[] time = drawn.time();
        boolean single = run.forks() < 2;
        Interference machine = interference.get(run.cores());
        boolean disturbed = machine != null && machine.disturbed();
        int k = 0;
        Series idle = run.idleSamples() == null ? null : new Series(pairedOut[k++], single, disturbed);
        Series descheduled = run.readings().descheduledSamples() == null ? null : new Series(pairedOut[k++], single,
                disturbed);
        Series runnable = run.readings().runnableSamples() == null ? null : new Series(pairedOut[k++], single,
                disturbed);
        Series gc = run.readings().gcSamples() == null ? null : new Series(pairedOut[k++], single, disturbed);
        Series workerWait = run.readings().workerWaitSamples() == null ? null
                : new Series(pairedOut[k], single, disturbed);
        return new Means(new Series(time, single, disturbed), idle, descheduled, runnable, gc, workerWait);
    }

    private Quantities compute() {
        Means baseline = means(family.configuration(CoresValue.BASELINE_VALUE));
        Means elision = means(family.configuration(CoresValue.ELISION_VALUE));
        Means one = means(family.configuration(CoresValue.workers(1)));
        Series ts = baseline == null ? null : baseline.time();
        Series te = elision == null ? null : elision.time();
        Series t1 = one == null ? null : one.time();

        List<Point> points = new ArrayList<>();
        List<ScalingFit.Measured> fitted = new ArrayList<>();
        List<Projection.Measured> projected = new ArrayList<>();
        boolean fittedSingleFork = false;
        boolean fittedDisturbed = false;
        for (ConfigurationRun run : family.configurations()) {
            CoresValue cores = run.cores();
            if (!cores.isParallel()) {
                continue;
            }
            Means m = cores.workers() == 1 ? one : means(run);
            boolean estimated = Boolean.TRUE.equals(run.idleEstimated());
            // Estimated idle is time off-CPU: a worker waiting for a CPU (behind another process or the program's own
            // threads) is in it, not in inflation, and so the wait is never more than the estimated idle it is part of
            // (the idle left is never negative).
            MachineWait.Parts waits = m.descheduled() == null ? null : MachineWait.of(cores.workers(), estimated,
                    m.descheduled().values(), m.workerWait() == null ? null : m.workerWait().values(),
                    m.idle() == null ? null : m.idle().values(), m.runnable().values(), m.time().values(),
                    interference.get(run.cores()), run.cpus());
            Series wait = waits == null ? null
                    : new Series(waits.machine(), m.descheduled().singleFork(), m.descheduled().disturbed());
            Series own = waits == null || waits.own() == null ? null
                    : new Series(waits.own(), m.workerWait().singleFork(), m.workerWait().disturbed());
            Series idle = !estimated || wait == null || m.idle() == null ? m.idle() : new Series(
                    series(b -> m.idle().values()[b] - wait.values()[b] - (own == null ? 0 : own.values()[b])),
                    m.idle().singleFork(), m.idle().disturbed());
            IdleSplits.Split split = idle == null ? null : IdleSplits.of(family.id(), run.cores(), idle.values(),
                    idle.singleFork(), idle.disturbed(), activity, options);
            Point point = point(cores.workers(), run, ts, te, t1, m.time(), idle,
                    estimated && m.idle() == null ? null : wait, estimated && m.idle() == null ? null : own, m.gc(),
                    split == null ? null : split.split());
            points.add(point);
            if (point.valid()) {
                fitted.add(new ScalingFit.Measured(cores.workers(), m.time().values()));
                projected.add(new Projection.Measured(cores.workers(), m.time().values(),
                        idle == null ? null : idle.values(), split == null ? null : split.serial()));
                fittedSingleFork |= m.time().singleFork();
                fittedDisturbed |= m.time().disturbed();
            }
        }
        ScalingModels scaling = ScalingFit.fit(fitted, t1 == null ? null : t1.values(), ts == null ? null
                : ts.values(), fittedSingleFork || (ts != null && ts.singleFork()),
                fittedDisturbed || (ts != null && ts.disturbed()), options);
        WorkSpan.Replicates dag = WorkSpan.replicates(family, options);
        WorkSpanProfile profile = WorkSpan.compute(dag, options, ts == null ? null : ts.values(),
                ts != null && ts.singleFork(), t1 == null ? null : t1.values(), t1 != null && t1.singleFork());
        // The idle times come from the points' own configurations, so the points' flags are theirs too.
        Projection.SharedMemory shared = sharedMemory(ts);
        SpeedupProjection projection = ts == null ? null : Projection.project(projected, ts.values(),
                dag == null ? null : dag.shape(), shared, fittedSingleFork || ts.singleFork() || (dag != null
                        && dag.singleFork()), fittedDisturbed || ts.disturbed(), options);
        return new Quantities(new ReferenceTimes(estimate(ts), estimate(te), estimate(t1),
                estimate(b -> t1.values()[b] / te.values()[b] - 1, t1, te),
                estimate(b -> te.values()[b] / ts.values()[b] - 1, te, ts),
                baseline == null ? null : Estimate.nonNegative(estimate(baseline.gc())),
                elision == null ? null : Estimate.nonNegative(estimate(elision.gc()))),
                Collections.unmodifiableList(points), profile, Projection.SharedMemory.bandwidth(shared, options),
                List.copyOf(interference.values()), scaling, projection, Map.copyOf(invalidity));
    }

    /** The bandwidth test with the most copies, replicate by replicate, or null when none ran. */
    private Projection.SharedMemory sharedMemory(Series ts) {
        ConfigurationRun widest = null;
        int widestCopies = 0;
        for (ConfigurationRun run : family.configurations()) {
            int copies = run.bandwidthCopies();
            if (copies > widestCopies) {
                widest = run;
                widestCopies = copies;
            }
        }
        if (widest == null || ts == null) {
            return null;
        }
        Series copies = means(widest).time();
        return new Projection.SharedMemory(widestCopies, series(b -> copies.values()[b] / ts.values()[b]),
                copies.singleFork() || ts.singleFork(), copies.disturbed() || ts.disturbed());
    }


    private Point point(int p, ConfigurationRun run, Series ts, Series te, Series t1, Series tp, Series ip,
            Series dp, Series op, Series gc, IdleSplit idleSplit) {
        double[] s = ts == null ? null : ts.values();
        double[] e = te == null ? null : te.values();
        double[] one = t1 == null ? null : t1.values();
        double[] t = tp.values();
        double[] i = ip == null ? null : ip.values();
        // D_P: the workers waited to run behind other processes while they held work. Their wall-clock busy time
        // grew by it, which would read as inflation; it is the machine's, so it is its own part.
        double[] d = dp == null ? null : dp.values();
        // O_P: the workers waited for a CPU behind the program's own threads (more runnable threads than CPUs) or the
        // JVM's on the same CPUs while they held work: the program's, but not work, so it is its own part too.
        double[] o = op == null || dp == null ? null : op.values();
        // F_P = P·T_P − I_P − T_1 (− D_P − O_P): the parallel run's work beyond the one-worker run's. (With estimated
        // idle, D_P and O_P have been taken out of I_P instead, and F_P is as it was.)
        Series inflation = all(t1, ip) ? new Series(series(b -> p * t[b] - i[b] - one[b] - (d == null ? 0 : d[b])
                - (o == null ? 0 : o[b])), t1.singleFork() || tp.singleFork(), t1.disturbed() || tp.disturbed()) : null;
        double[] f = inflation == null ? null : inflation.values();
        Speedups speedups = new Speedups(
                Estimate.exact(p),
                estimate(b -> p * s[b] / e[b], ts, te),
                estimate(b -> p * s[b] / one[b], ts, t1),
                estimate(b -> p * s[b] / (one[b] + i[b]), ts, t1, ip),
                estimate(b -> p * s[b] / (p * t[b] - i[b]), ts, tp, ip),
                estimate(b -> s[b] / t[b], ts, tp),
                estimate(b -> e[b] / t[b], te, tp));
        Losses losses = new Losses(
                estimate(b -> (e[b] - s[b]) / t[b], te, ts, tp),
                estimate(b -> (one[b] - e[b]) / t[b], t1, te, tp),
                Estimate.nonNegative(estimate(b -> i[b] / t[b], ip, tp)),
                estimate(b -> f[b] / t[b], inflation, tp),
                te != null ? null : estimate(b -> (one[b] - s[b]) / t[b], t1, ts, tp),
                inflation == null ? null : Estimate.nonNegative(estimate(b -> d[b] / t[b], dp, tp)),
                inflation == null || o == null ? null : Estimate.nonNegative(estimate(b -> o[b] / t[b], op, tp)));
        checkIdentity(family.id().label(), p, speedups, losses);
        // The shares and Roth's factors are fractions of the machine's time P·T_P; the machine's part is a wait, never
        // below 0, its interval neither (a bootstrap's extrapolated tail is not a negative wait). Dividing by the exact P
        // moves every replicate by the same factor, so a loss / P has exactly the loss's interval / P.
        Estimate efficiency = divided(speedups.actual(), p);
        // Without an elision (unmodified code) S_1 and A are one overhead, T_1 − T_s: its own factor, so that the
        // factors still add up to 1.
        Factors factors = te != null ? new Factors(
                efficiency,
                estimate(b -> (one[b] - e[b] + i[b]) / (p * t[b]), t1, te, ip, tp),
                estimate(b -> (e[b] - s[b] + f[b]) / (p * t[b]), te, ts, inflation, tp),
                inflation == null ? null : Estimate.nonNegative(estimate(b -> d[b] / (p * t[b]), dp, tp)), null,
                divided(losses.ownWaiting(), p)) : new Factors(
                efficiency,
                Estimate.nonNegative(estimate(b -> i[b] / (p * t[b]), ip, tp)),
                estimate(b -> f[b] / (p * t[b]), inflation, tp),
                inflation == null ? null : Estimate.nonNegative(estimate(b -> d[b] / (p * t[b]), dp, tp)),
                estimate(b -> (one[b] - s[b]) / (p * t[b]), t1, ts, tp), divided(losses.ownWaiting(), p));
        List<Invalidity> why = Validity.reasons(p, run, interference.get(run.cores()));
        invalidity.put(p, why);
        List<String> invalid = why.stream().map(w -> ValidityWords.reason(p, w)).toList();
        List<String> disturbedBecause = disturbedBecause(CoresValue.BASELINE_VALUE, CoresValue.ELISION_VALUE, CoresValue.workers(1),
                run.cores());
        CpuLabels labels = run.readings().cpuLabels();
        boolean oversubscribed = (run.cpus() != null && p > run.cpus()) || (labels != null && labels.overQuota(p));
        return new Point(p, invalid.isEmpty(), invalid, Disturbance.because(disturbedBecause),
                new PointTimes(estimate(tp), Estimate.nonNegative(estimate(ip)), Estimate.nonNegative(estimate(dp)),
                        estimate(inflation), o == null ? null : Estimate.nonNegative(estimate(op))),
                speedups, losses, new MachineShares(efficiency, divided(losses.idle(), p), divided(losses.inflation(),
                p)),
                factors, idleSplit, new PointConditions(oversubscribed, run.pinned(),
                Estimate.nonNegative(estimate(gc)),
                        run.readings().spareThreads(), labels));
    }

    /** The sentences of the given configurations that were disturbed, each configuration once, in the given order. */
    private List<String> disturbedBecause(CoresValue... cores) {
        List<String> because = new ArrayList<>();
        java.util.Set<CoresValue> seen = new java.util.HashSet<>();
        for (CoresValue c : cores) {
            Interference machine = interference.get(c);
            if (machine != null && machine.disturbed() && seen.add(c)) {
                because.add(machine.because());
            }
        }
        return because;
    }

    private static Estimate divided(Estimate e, int p) {
        return e == null ? null : e.dividedBy(p);
    }

    /** Fact 2.4 divided by T_P: P = actual + algorithmic + scheduling + idle + inflation (+ interference + own waiting). */
    static void checkIdentity(String familyLabel, int p, Speedups s, Losses l) {
        boolean split = l.algorithmic() != null && l.scheduling() != null;
        if (s.actual() == null || (!split && l.overhead() == null) || l.idle() == null || l.inflation() == null) {
            return;
        }
        double machine = l.interference() == null ? 0 : l.interference().value();
        double own = l.ownWaiting() == null ? 0 : l.ownWaiting().value();
        double[] terms = split
                ? new double[] {s.actual().value(), l.algorithmic().value(), l.scheduling().value(), l.idle().value(),
                        l.inflation().value(), machine, own}
                : new double[] {s.actual().value(), l.overhead().value(), 0, l.idle().value(), l.inflation().value(),
                        machine, own};
        double sum = 0;
        double magnitude = p;
        for (double t : terms) {
            sum += t;
            magnitude += Math.abs(t);
        }
        if (!(Math.abs(sum - p) <= IDENTITY_TOLERANCE * magnitude)) {
            throw new IllegalStateException("internal error: the factored identity fails for " + familyLabel
                    + " at " + p + " cores: actual " + terms[0] + " + algorithmic " + terms[1] + " + scheduling "
                    + terms[2] + " + idle " + terms[3] + " + inflation " + terms[4] + " + interference " + terms[5]
                    + " + own waiting " + terms[6] + " = " + sum + ", not " + p);
        }
    }

    private static boolean all(Series... inputs) {
        for (Series in : inputs) {
            if (in == null) {
                return false;
            }
        }
        return true;
    }

    private double[] series(IntToDoubleFunction f) {
        double[] out = new double[n];
        for (int b = 0; b < n; b++) {
            out[b] = f.applyAsDouble(b);
        }
        return out;
    }

    /** The quantity f over the replicates of its inputs; null when an input was not measured. */
    private Estimate estimate(IntToDoubleFunction f, Series... inputs) {
        if (!all(inputs)) {
            return null;
        }
        boolean single = false;
        boolean disturbed = false;
        for (Series in : inputs) {
            single |= in.singleFork();
            disturbed |= in.disturbed();
        }
        return Estimate.fromReplicates(series(f), options.confidence(), single, disturbed);
    }

    private Estimate estimate(Series s) {
        return s == null ? null : Estimate.fromReplicates(s.values(), options.confidence(), s.singleFork(), s.disturbed());
    }
}
