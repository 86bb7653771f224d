package dev.factored.analysis;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.IntToDoubleFunction;

/**
 * The quantities of METHOD.md §2–§4 for one family, with bootstrap intervals.
 *
 * <p>Every configuration is resampled independently into B means (index 0 holds the means of the
 * samples themselves); every derived quantity is then computed from those means, replicate by
 * replicate, so speedups are ratios of means, never means of ratios. A configuration that was not
 * measured makes every quantity it would have fed null.
 */
final class Factoring {

    /** T_s, T_e, T_1 and one point per integer configuration, ascending. */
    record Result(Estimate baselineTime, Estimate elisionTime, Estimate oneCoreTime, List<Point> points) {
    }

    /** Relative tolerance of the identity P = actual + losses; it only absorbs floating-point rounding. */
    static final double IDENTITY_TOLERANCE = 1e-9;

    private final Family family;
    private final AnalysisOptions options;
    private final int n;

    private Factoring(Family family, AnalysisOptions options) {
        this.family = family;
        this.options = options;
        this.n = options.resamples() + 1;
    }

    static Result compute(Family family, AnalysisOptions options) {
        return new Factoring(family, options).compute();
    }

    /** Resampled means of one configuration's time and (if measured) idle time. */
    private record Means(double[] time, double[] idle) {
    }

    private Means means(ConfigurationRun run) {
        if (run == null) {
            return null;
        }
        double[] idle = run.idleSamples() == null ? null : new double[n];
        double[] time = Bootstrap.means(run.timeSamples(), run.idleSamples(), idle, options.resamples(),
                Bootstrap.stream(options.seed(), family.streamKey(), run.cores()));
        return new Means(time, idle);
    }

    private Result compute() {
        Means baseline = means(family.configuration(Configurations.BASELINE));
        Means elision = means(family.configuration(Configurations.ELISION));
        Means one = means(family.configuration(Configurations.ONE));
        double[] ts = baseline == null ? null : baseline.time();
        double[] te = elision == null ? null : elision.time();
        double[] t1 = one == null ? null : one.time();

        List<Point> points = new ArrayList<>();
        for (ConfigurationRun run : family.configurations()) {
            if (!Configurations.isParallel(run.cores())) {
                continue;
            }
            int p = Integer.parseInt(run.cores());
            Means m = run.cores().equals(Configurations.ONE) ? one : means(run);
            points.add(point(p, run, ts, te, t1, m.time(), m.idle()));
        }
        return new Result(estimate(ts), estimate(te), estimate(t1), Collections.unmodifiableList(points));
    }

    private Point point(int p, ConfigurationRun run, double[] ts, double[] te, double[] t1, double[] tp, double[] ip) {
        // F_P = P·T_P − I_P − T_1: the parallel run's work beyond the one-worker run's.
        double[] inflation = all(t1, ip) ? series(b -> p * tp[b] - ip[b] - t1[b]) : null;
        Speedups speedups = new Speedups(
                Estimate.exact(p),
                all(ts, te) ? estimate(series(b -> p * ts[b] / te[b])) : null,
                all(ts, t1) ? estimate(series(b -> p * ts[b] / t1[b])) : null,
                all(ts, t1, ip) ? estimate(series(b -> p * ts[b] / (t1[b] + ip[b]))) : null,
                all(ts, ip) ? estimate(series(b -> p * ts[b] / (p * tp[b] - ip[b]))) : null,
                all(ts) ? estimate(series(b -> ts[b] / tp[b])) : null);
        Losses losses = new Losses(
                all(te, ts) ? estimate(series(b -> (te[b] - ts[b]) / tp[b])) : null,
                all(t1, te) ? estimate(series(b -> (t1[b] - te[b]) / tp[b])) : null,
                all(ip) ? estimate(series(b -> ip[b] / tp[b])) : null,
                inflation == null ? null : estimate(series(b -> inflation[b] / tp[b])));
        checkIdentity(family.key() + " [" + family.mode() + "]", p, speedups, losses);
        boolean oversubscribed = run.cpus() != null && p > run.cpus();
        return new Point(p, estimate(tp), estimate(ip), estimate(inflation), speedups, losses, oversubscribed,
                run.pinned());
    }

    /** Fact 2.4 divided by T_P: P = actual + algorithmic + scheduling + idle + inflation. */
    static void checkIdentity(String familyKey, int p, Speedups s, Losses l) {
        if (s.actual() == null || l.algorithmic() == null || l.scheduling() == null || l.idle() == null
                || l.inflation() == null) {
            return;
        }
        double[] terms = {s.actual().value(), l.algorithmic().value(), l.scheduling().value(), l.idle().value(),
                l.inflation().value()};
        double sum = 0;
        double magnitude = p;
        for (double t : terms) {
            sum += t;
            magnitude += Math.abs(t);
        }
        if (!(Math.abs(sum - p) <= IDENTITY_TOLERANCE * magnitude)) {
            throw new IllegalStateException("internal error: the factored identity fails for " + familyKey
                    + " at " + p + " cores: actual " + terms[0] + " + algorithmic " + terms[1] + " + scheduling "
                    + terms[2] + " + idle " + terms[3] + " + inflation " + terms[4] + " = " + sum + ", not " + p);
        }
    }

    private static boolean all(double[]... inputs) {
        for (double[] in : inputs) {
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

    private Estimate estimate(double[] values) {
        return values == null ? null : Bootstrap.estimate(values, options.confidence());
    }
}
