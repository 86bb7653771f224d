package dev.factored.analysis;

import dev.factored.contract.CoresValue;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.IntToDoubleFunction;

/**
 * Every quantity of METHOD.md §2–§4 for one family, with bootstrap intervals: the one place they are
 * computed. Views (report, gate, Markdown, log) read them from the records and derive nothing.
 *
 * <p>Every configuration is resampled independently into B means (index 0 holds the means of the
 * samples themselves); every derived quantity is then computed from those means, replicate by
 * replicate, so speedups are ratios of means, never means of ratios. A configuration that was not
 * measured makes every quantity it would have fed null.
 */
final class Factoring {

    /**
     * T_s, T_e, T_1, the two sequential overheads, one point per integer configuration, ascending, and the
     * work, span and bounds of the span run ({@link WorkSpan}).
     */
    record Result(Estimate baselineTime, Estimate elisionTime, Estimate oneCoreTime, Estimate schedulingOverhead,
            Estimate algorithmicOverhead, List<Point> points, WorkSpan.Profile profile, Bandwidth bandwidth) {
    }

    /**
     * The bandwidth test with the most copies: P copies of the baseline at once, and how much slower a copy
     * ran than the baseline alone, T_bandwidth / T_s. Null when not measured (or without a baseline).
     */
    record Bandwidth(int copies, Estimate slowdown) {
    }

    /** Relative tolerance of the identity P = actual + losses; it only absorbs floating-point rounding. */
    static final double IDENTITY_TOLERANCE = 1e-9;

    private final Family family;
    private final AnalysisOptions options;
    private final ActivitySamples activity;
    private final int n;

    private Factoring(Family family, AnalysisOptions options, ActivitySamples activity) {
        this.family = family;
        this.options = options;
        this.activity = activity;
        this.n = options.resamples() + 1;
    }

    static Result compute(Family family, AnalysisOptions options) {
        return compute(family, options, ActivitySamples.NONE);
    }

    static Result compute(Family family, AnalysisOptions options, ActivitySamples activity) {
        return new Factoring(family, options, activity).compute();
    }

    /**
     * Resampled means of one quantity, and whether any configuration it comes from was measured in a
     * single fork (its interval then shows iteration noise only).
     */
    private record Series(double[] values, boolean singleFork) {
    }

    /** Resampled means of one configuration's time and (if measured) idle time. */
    private record Means(Series time, Series idle) {
    }

    private Means means(ConfigurationRun run) {
        if (run == null) {
            return null;
        }
        double[] idle = run.idleSamples() == null ? null : new double[n];
        double[] time = Bootstrap.means(run.timeSamples(), run.idleSamples(), idle, options.resamples(),
                Bootstrap.stream(options.seed(), family.id().streamKey(), run.cores()));
        boolean single = run.forks() < 2;
        return new Means(new Series(time, single), idle == null ? null : new Series(idle, single));
    }

    private Result compute() {
        Means baseline = means(family.configuration(CoresValue.BASELINE));
        Means elision = means(family.configuration(CoresValue.ELISION));
        Means one = means(family.configuration("1"));
        Series ts = baseline == null ? null : baseline.time();
        Series te = elision == null ? null : elision.time();
        Series t1 = one == null ? null : one.time();

        List<Point> points = new ArrayList<>();
        for (ConfigurationRun run : family.configurations()) {
            CoresValue cores = CoresValue.parse(run.cores());
            if (!cores.isParallel()) {
                continue;
            }
            Means m = cores.workers() == 1 ? one : means(run);
            points.add(point(cores.workers(), run, ts, te, t1, m.time(), m.idle()));
        }
        WorkSpan.Profile profile = WorkSpan.compute(family, options, ts == null ? null : ts.values(),
                ts != null && ts.singleFork(), t1 == null ? null : t1.values(), t1 != null && t1.singleFork());
        return new Result(estimate(ts), estimate(te), estimate(t1),
                estimate(b -> t1.values()[b] / te.values()[b] - 1, t1, te),
                estimate(b -> te.values()[b] / ts.values()[b] - 1, te, ts),
                Collections.unmodifiableList(points), profile, bandwidth(ts));
    }

    private Bandwidth bandwidth(Series ts) {
        ConfigurationRun widest = null;
        for (ConfigurationRun run : family.configurations()) {
            CoresValue cores = CoresValue.parse(run.cores());
            boolean allCopiesRan = run.workers() == null || run.workers() >= cores.workers(); // see Warnings
            if (cores.isBandwidth() && allCopiesRan
                    && (widest == null || cores.workers() > CoresValue.parse(widest.cores()).workers())) {
                widest = run;
            }
        }
        if (widest == null || ts == null) {
            return null;
        }
        Series copies = means(widest).time();
        return new Bandwidth(CoresValue.parse(widest.cores()).workers(),
                estimate(b -> copies.values()[b] / ts.values()[b], copies, ts));
    }

    private Point point(int p, ConfigurationRun run, Series ts, Series te, Series t1, Series tp, Series ip) {
        double[] s = ts == null ? null : ts.values();
        double[] e = te == null ? null : te.values();
        double[] one = t1 == null ? null : t1.values();
        double[] t = tp.values();
        double[] i = ip == null ? null : ip.values();
        // F_P = P·T_P − I_P − T_1: the parallel run's work beyond the one-worker run's.
        Series inflation = all(t1, ip) ? new Series(series(b -> p * t[b] - i[b] - one[b]), t1.singleFork()
                || tp.singleFork()) : null;
        double[] f = inflation == null ? null : inflation.values();
        Speedups speedups = new Speedups(
                Estimate.exact(p),
                estimate(b -> p * s[b] / e[b], ts, te),
                estimate(b -> p * s[b] / one[b], ts, t1),
                estimate(b -> p * s[b] / (one[b] + i[b]), ts, t1, ip),
                estimate(b -> p * s[b] / (p * t[b] - i[b]), ts, tp, ip),
                estimate(b -> s[b] / t[b], ts, tp));
        Losses losses = new Losses(
                estimate(b -> (e[b] - s[b]) / t[b], te, ts, tp),
                estimate(b -> (one[b] - e[b]) / t[b], t1, te, tp),
                estimate(b -> i[b] / t[b], ip, tp),
                estimate(b -> f[b] / t[b], inflation, tp),
                te != null ? null : estimate(b -> (one[b] - s[b]) / t[b], t1, ts, tp));
        checkIdentity(family.id().label(), p, speedups, losses);
        // The shares and Roth's factors are fractions of the machine's time P·T_P. Dividing by the exact P
        // moves every replicate by the same factor, so a loss / P has exactly the loss's interval / P.
        Estimate efficiency = divided(speedups.actual(), p);
        Factors factors = new Factors(
                efficiency,
                estimate(b -> (one[b] - e[b] + i[b]) / (p * t[b]), t1, te, ip, tp),
                estimate(b -> (e[b] - s[b] + f[b]) / (p * t[b]), te, ts, inflation, tp));
        List<String> invalid = Validity.reasons(p, run);
        return new Point(p, invalid.isEmpty(), invalid, estimate(tp), estimate(ip), estimate(inflation), speedups,
                losses, efficiency, divided(losses.idle(), p), divided(losses.inflation(), p), factors,
                idleSplit(run.cores(), ip), run.cpus() != null && p > run.cpus(), run.pinned());
    }

    /**
     * I_P split by the shares of its parts in the sampled operations (ratio of sums, resampled by fork and
     * operation), replicate by replicate: each part is share × I_P, so the parts add up to I_P.
     */
    private IdleSplit idleSplit(String cores, Series ip) {
        List<List<dev.factored.contract.ActivityLog.Operation>> sampled = activity.of(family.id(), cores);
        if (ip == null || sampled.isEmpty()) {
            return null;
        }
        double[][][] parts = new double[sampled.size()][][];
        int operations = 0;
        for (int f = 0; f < sampled.size(); f++) {
            parts[f] = sampled.get(f).stream().map(IdleSplit::partsOf).toArray(double[][]::new);
            operations += parts[f].length;
        }
        double[][] shares = Bootstrap.shares(parts, IdleSplit.PARTS, options.resamples(),
                Bootstrap.stream(options.seed(), family.id().streamKey(), cores + "/activity"));
        if (shares == null) {
            return null;
        }
        boolean single = ip.singleFork() || sampled.size() < 2;
        Estimate[] split = new Estimate[IdleSplit.PARTS];
        for (int k = 0; k < split.length; k++) {
            double[] share = shares[k];
            split[k] = Bootstrap.estimate(series(b -> share[b] * ip.values()[b]), options.confidence(), single);
            if (split[k] == null) {
                return null;
            }
        }
        return new IdleSplit(split[IdleSplit.STARTUP], split[IdleSplit.SERIAL], split[IdleSplit.TAIL],
                split[IdleSplit.OTHER], operations);
    }

    private static Estimate divided(Estimate e, int p) {
        return e == null ? null : e.dividedBy(p);
    }

    /** Fact 2.4 divided by T_P: P = actual + algorithmic + scheduling + idle + inflation. */
    static void checkIdentity(String familyLabel, int p, Speedups s, Losses l) {
        boolean split = l.algorithmic() != null && l.scheduling() != null;
        if (s.actual() == null || (!split && l.overhead() == null) || l.idle() == null || l.inflation() == null) {
            return;
        }
        double[] terms = split
                ? new double[] {s.actual().value(), l.algorithmic().value(), l.scheduling().value(), l.idle().value(),
                        l.inflation().value()}
                : new double[] {s.actual().value(), l.overhead().value(), 0, l.idle().value(), l.inflation().value()};
        double sum = 0;
        double magnitude = p;
        for (double t : terms) {
            sum += t;
            magnitude += Math.abs(t);
        }
        if (!(Math.abs(sum - p) <= IDENTITY_TOLERANCE * magnitude)) {
            throw new IllegalStateException("internal error: the factored identity fails for " + familyLabel
                    + " at " + p + " cores: actual " + terms[0] + " + algorithmic " + terms[1] + " + scheduling "
                    + terms[2] + " + idle " + terms[3] + " + inflation " + terms[4] + " = " + sum + ", not " + p);
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
        for (Series in : inputs) {
            single |= in.singleFork();
        }
        return Bootstrap.estimate(series(f), options.confidence(), single);
    }

    private Estimate estimate(Series s) {
        return s == null ? null : Bootstrap.estimate(s.values(), options.confidence(), s.singleFork());
    }
}
