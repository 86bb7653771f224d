package dev.factored.gate;

import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.measurement.ConfigurationRun;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.point.Point;
import dev.factored.analysis.stats.Distributions;
import dev.factored.analysis.stats.Holm;
import dev.factored.contract.CoresValue;
import dev.factored.gate.comparison.ComparisonResult;
import dev.factored.gate.comparison.ComparisonResult.Method;
import dev.factored.gate.comparison.ComparisonResult.Statistics;
import dev.factored.gate.comparison.ComparisonWords;
import dev.factored.gate.comparison.EnvironmentCheck;
import dev.factored.gate.comparison.HostedFamily;
import dev.factored.gate.comparison.Noise;
import dev.factored.gate.comparison.Tested;
import dev.factored.gate.rules.BusyMachine;
import dev.factored.gate.rules.BusyMachineWords;
import dev.factored.gate.rules.Weighed;
import dev.factored.gate.terms.Compared;
import dev.factored.gate.terms.Direction;
import dev.factored.gate.terms.Status;
import dev.factored.gate.terms.Subject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Compares the current run with a stored baseline (one run or several), family by family and
 * configuration by configuration: the time per operation of every configuration (lower is better) and
 * the actual speedup at every P (higher is better).
 *
 * <p>Each change is taken on the log scale against the noise of the runs ({@link Noise}: between forks, or between
 * the baseline's runs when it has several), with Student's t on the degrees of freedom that noise rests on. A check
 * <b>fails</b> when two one-sided t tests agree: that it got worse at all, with the p-value adjusted by Holm over all
 * judged checks of the run (so an unchanged build fails any of them with probability at most {@code alpha}), and that
 * it got worse by more than the tolerance, at {@code alpha} on its own (so a change as large as the tolerance fails
 * that check with probability at most {@code alpha}: a bound per check, not per build). It <b>passes</b> when its
 * interval lies within the tolerance on the worse side: the data exclude a change as bad as the tolerance (an
 * equivalence bound at the interval's level). Anything else is {@code inconclusive}. A check that
 * rests on a configuration measured on a busy machine (either side) is then decided only where the measured
 * interference cannot explain the decision, else it is inconclusive ({@link BusyMachine}).
 */
final class BaselineComparison {

    /** The power at which the minimum detectable change is stated. */
    static final double POWER = 0.8;

    private final GateConfig config;
    private final List<Pending> pending = new ArrayList<>();
    /** Per family, its analysis in every run of the baseline that measured it, oldest first. */
    private final Map<HostedFamily, List<FamilyAnalysis>> baselineHistory = new LinkedHashMap<>();
    private final Set<String> notes = new LinkedHashSet<>();
    /** The families refused, by the differences that refused them (in words). */
    private final Map<String, List<Subject>> refused = new LinkedHashMap<>();
    /** The families compared with their baseline (not refused). */
    private int comparedFamilies;
    /** The forks per configuration each inconclusive check would need (its result does not hold it). */
    private final List<Integer> forksToSee = new ArrayList<>();

    private BaselineComparison(GateConfig config) {
        this.config = config;
    }

    record Outcome(List<ComparisonResult> results, List<String> notes) {
    }

    /** A comparison before the multiple-testing adjustment: its p-value is known, its status not yet. */
    private record Pending(Subject subject, Compared compared, Estimate baseline, Estimate current, Estimate ratio,
            Method method, double pValue, double se, double df, String noise, int forks,
            BusyMachine.Exposure exposure, Status fixedStatus, String fixedReason) {

        boolean tested() {
            return fixedStatus == null;
        }
    }

    /** @param baselineRuns one or more runs of the baseline, oldest first */
    static Outcome compare(Analysis current, List<Analysis> baselineRuns, GateConfig config) {
        BaselineComparison comparison = new BaselineComparison(config);
        return comparison.run(current, baselineRuns);
    }

    private Outcome run(Analysis current, List<Analysis> baselineRuns) {
        List<List<FamilyAnalysis>> runs = baselineRuns.stream().map(Analysis::families).toList();
        Noise noise = new Noise(current.families(), runs, config.assumedNoise());
        Map<HostedFamily, FamilyAnalysis> latest = new LinkedHashMap<>();
        for (Analysis run : baselineRuns) {
            for (FamilyAnalysis f : run.families()) {
                latest.put(HostedFamily.of(f), f);
                baselineHistory.computeIfAbsent(HostedFamily.of(f), k -> new ArrayList<>()).add(f);
            }
        }
        Set<HostedFamily> seen = new LinkedHashSet<>();
        for (FamilyAnalysis cur : current.families()) {
            if (latest.containsKey(HostedFamily.of(cur))) {
                seen.add(HostedFamily.of(cur));
            }
        }
        for (FamilyAnalysis cur : current.families()) {
            HostedFamily key = HostedFamily.of(cur);
            FamilyAnalysis base = latest.get(key);
            if (base == null) {
                // No baseline of this host class: the only unpaired one of another (or an unrecorded) host is
                // compared, and refused there unless allowDifferentEnvironment is set, so the difference is named.
                List<HostedFamily> others = latest.keySet().stream()
                        .filter(k -> k.id().equals(cur.id()) && !seen.contains(k)).toList();
                if (others.size() == 1) {
                    key = others.get(0);
                    base = latest.get(key);
                    seen.add(key);
                }
            }
            if (base == null) {
                fixed(Subject.of(cur, null), Compared.PRESENCE, Status.SKIPPED, ComparisonWords.NEW_FAMILY);
            } else {
                compareFamily(base, cur, noise);
            }
        }
        for (Map.Entry<HostedFamily, FamilyAnalysis> e : latest.entrySet()) {
            if (!seen.contains(e.getKey())) {
                fixed(Subject.of(e.getValue(), null), Compared.PRESENCE, missingStatus(),
                        ComparisonWords.familyGone(config.failOnMissing()));
            }
        }
        // A refusal is the run's, not each check's: one result for each set of differences (its subject the run, or
        // its one family), naming its families where not every family with a baseline shares it.
        int compared = refused.values().stream().mapToInt(List::size).sum() + comparedFamilies;
        refused.forEach((what, families) -> fixed(families.size() == 1 ? families.get(0) : null,
                Compared.ENVIRONMENT, Status.FAIL, ComparisonWords.refusedEnvironment(what,
                        families.stream().map(Subject::familyLabel).toList(), compared)));
        if (noise.fromHistory()) {
            notes.add(ComparisonWords.historyNote(noise.historyRuns()));
        }
        return new Outcome(decide(), List.copyOf(notes));
    }

    private void compareFamily(FamilyAnalysis base, FamilyAnalysis cur, Noise noise) {
        List<EnvironmentCheck.Difference> differences = EnvironmentCheck.differences(base, cur);
        if (!differences.isEmpty()) {
            String what = EnvironmentCheck.describe(differences);
            if (!config.allowDifferentEnvironment()) {
                refused.computeIfAbsent(what, k -> new ArrayList<>()).add(Subject.of(cur, null));
                return;
            }
            notes.add(ComparisonWords.allowedEnvironment(what));
        }
        comparedFamilies++;
        if (EnvironmentCheck.unknown(base, cur)) {
            notes.add(ComparisonWords.UNKNOWN_ENVIRONMENT);
        }
        if (base.measurement().configurations().isEmpty() || cur.measurement().configurations().isEmpty()) {
            fixed(Subject.of(cur, null), Compared.PRESENCE, Status.SKIPPED,
                    ComparisonWords.noSamples(base.measurement().configurations().isEmpty()));
            return;
        }
        List<CoresValue> cores = new ArrayList<>();
        cur.measurement().configurations().forEach(c -> cores.add(c.cores()));
        base.measurement().configurations().forEach(c -> {
            if (!cores.contains(c.cores())) {
                cores.add(c.cores());
            }
        });
        cores.sort(CoresValue.ORDER);
        for (CoresValue c : cores) {
            ConfigurationRun b = base.configuration(c);
            ConfigurationRun k = cur.configuration(c);
            Subject subject = Subject.of(cur, c);
            if (b == null) {
                fixed(subject, Compared.PRESENCE, Status.SKIPPED, ComparisonWords.NEW_CONFIGURATION);
            } else if (k == null) {
                fixed(subject, Compared.PRESENCE, missingStatus(),
                        ComparisonWords.configurationGone(config.failOnMissing()));
            } else {
                compareTime(subject, base, cur, noise);
                if (c.isParallel() && base.configuration(CoresValue.BASELINE_VALUE) != null
                        && cur.configuration(CoresValue.BASELINE_VALUE) != null) {
                    compareSpeedup(subject, base, cur, noise);
                }
            }
        }
    }

    /** T_s, T_e or T_P; null for the span and bandwidth runs, whose times the analysis does not state. */
    private Estimate timeOf(FamilyAnalysis f, CoresValue cores) {
        if (cores.isBaseline()) {
            return f.times().baselineTime();
        }
        if (cores.isElision()) {
            return f.times().elisionTime();
        }
        if (!cores.isParallel()) {
            return null;
        }
        Point p = f.point(cores.workers());
        return p == null ? null : p.times().time();
    }

    private static Estimate speedupOf(FamilyAnalysis f, CoresValue cores) {
        Point p = f.point(cores.workers());
        return p == null ? null : p.speedups().actual();
    }

    private void compareTime(Subject subject, FamilyAnalysis base, FamilyAnalysis cur, Noise noise) {
        CoresValue cores = subject.cores();
        Noise.RunValue now = Noise.RunValue.of(cur.configuration(cores));
        Noise.Variance vNow = noise.ofRunMean(cur, cores);
        double delta;
        double se;
        double df;
        Noise.Variance source;
        List<FamilyAnalysis> baseRuns = List.of(base);
        HostedFamily history = HostedFamily.of(base);
        if (noise.fromHistory() && noise.historyCount(history, cores) >= 2) {
            int n = noise.historyCount(history, cores);
            Noise.Variance run = noise.ofRunFromHistory(history, cores);
            delta = now.logMean() - noise.historyMean(history, cores);
            // a run's value is never more precise than its own forks say, however alike the baseline's runs were
            se = Math.sqrt(Math.max(run.variance(), measured(vNow)) * (1 + 1.0 / n));
            df = run.df();
            source = run;
            baseRuns = baselineHistory.get(history);
        } else {
            Noise.RunValue then = Noise.RunValue.of(base.configuration(cores));
            source = Noise.Variance.sum(noise.degreesOfFreedomOf(cur, base), vNow, noise.ofRunMean(base, cores));
            delta = now.logMean() - then.logMean();
            se = Math.sqrt(source.variance());
            df = source.df();
        }
        test(subject, Compared.TIME, timeOf(base, cores), timeOf(cur, cores), delta, se, df, source, now.forks(),
                BusyMachine.comparison(Compared.TIME, cores, cur, baseRuns));
    }

    private void compareSpeedup(Subject subject, FamilyAnalysis base, FamilyAnalysis cur, Noise noise) {
        CoresValue cores = subject.cores();
        Noise.RunValue sNow = Noise.RunValue.of(cur.configuration(CoresValue.BASELINE_VALUE));
        Noise.RunValue pNow = Noise.RunValue.of(cur.configuration(cores));
        double logNow = sNow.logMean() - pNow.logMean();
        double delta;
        double se;
        double df;
        Noise.Variance source;
        List<FamilyAnalysis> baseRuns = List.of(base);
        HostedFamily history = HostedFamily.of(base);
        int n = Math.min(noise.historyCount(history, cores), noise.historyCount(history, CoresValue.BASELINE_VALUE));
        if (noise.fromHistory() && n >= 2) {
            baseRuns = baselineHistory.get(history);
            Noise.Variance run = noise.ofRunSpeedupFromHistory(history, cores);
            delta = logNow - (noise.historyMean(history, CoresValue.BASELINE_VALUE) - noise.historyMean(history, cores));
            double own = measured(noise.ofRunMean(cur, CoresValue.BASELINE_VALUE)) + measured(noise.ofRunMean(cur, cores));
            se = Math.sqrt(Math.max(run.variance(), own) * (1 + 1.0 / n));
            df = run.df();
            source = run;
        } else {
            Noise.RunValue sThen = Noise.RunValue.of(base.configuration(CoresValue.BASELINE_VALUE));
            Noise.RunValue pThen = Noise.RunValue.of(base.configuration(cores));
            source = Noise.Variance.sum(noise.degreesOfFreedomOf(cur, base), noise.ofRunMean(cur, cores),
                    noise.ofRunMean(cur, CoresValue.BASELINE_VALUE),
                    noise.ofRunMean(base, cores), noise.ofRunMean(base, CoresValue.BASELINE_VALUE));
            delta = logNow - (sThen.logMean() - pThen.logMean());
            se = Math.sqrt(source.variance());
            df = source.df();
        }
        test(subject, Compared.ACTUAL_SPEEDUP, speedupOf(base, cores), speedupOf(cur, cores), delta, se, df, source,
                pNow.forks(), BusyMachine.comparison(Compared.ACTUAL_SPEEDUP, cores, cur, baseRuns));
    }

    /**
     * A one-sided t test of "worse than no change" on the log scale (for a time, H1 is delta > 0; for a speedup,
     * delta < 0), and the change's interval at the configured confidence.
     */
    private void test(Subject subject, Compared compared, Estimate base, Estimate cur, double delta, double se,
            double df, Noise.Variance source, int forks, BusyMachine.Exposure exposure) {
        boolean lowerIsBetter = compared.direction() == Direction.LOWER_IS_BETTER;
        double t = (lowerIsBetter ? delta : -delta) / se;
        double p = se > 0 ? Distributions.tUpperTail(t, df) : (t > 0 ? 0 : 1);
        double half = se * Distributions.tQuantile(1 - (1 - config.confidence()) / 2, df);
        Estimate ratio = new Estimate(Math.exp(delta), Math.exp(delta - half), Math.exp(delta + half));
        boolean judged = compared != Compared.TIME || subject.cores().isParallel();
        pending.add(new Pending(subject, compared, base, cur, ratio, source.method(),
                judged ? p : Double.NaN, se, df, source.source(), forks, exposure, null, null));
    }

    /** Adjusts the p-values of the judged checks together (Holm) and turns each pending check into a result. */
    private List<ComparisonResult> decide() {
        double[] p = pending.stream().mapToDouble(x -> x.tested() ? x.pValue() : Double.NaN).toArray();
        double[] adjusted = Holm.adjust(p);
        int m = (int) java.util.Arrays.stream(p).filter(x -> !Double.isNaN(x)).count();
        List<ComparisonResult> results = new ArrayList<>();
        for (int i = 0; i < pending.size(); i++) {
            Pending x = pending.get(i);
            if (!x.tested()) {
                results.add(new ComparisonResult(x.subject(), x.compared(), null, null, null, null, config.tolerance(),
                        x.fixedStatus(), x.fixedReason(), null));
                continue;
            }
            boolean judged = !Double.isNaN(p[i]);
            results.add(judged ? judge(x, p[i], adjusted[i], m) : report(x, m));
        }
        if (forksToSee.size() > 1) {
            List<Double> detects = results.stream().filter(r -> r.statistics() != null)
                    .map(r -> r.statistics().minimumDetectableChange()).toList();
            notes.add(ComparisonWords.resolution(detects, forksToSee, config.tolerance()));
        }
        return results;
    }

    private ComparisonResult judge(Pending x, double p, double adjusted, int m) {
        boolean lowerIsBetter = x.compared().direction() == Direction.LOWER_IS_BETTER;
        // the tolerance as a distance on the worse side of the log scale (a speedup 10 % lower: -log(0.9))
        double tolerance = lowerIsBetter ? Math.log1p(config.tolerance()) : -Math.log1p(-config.tolerance());
        double worseBy = lowerIsBetter ? Math.log(x.ratio().value()) : -Math.log(x.ratio().value());
        double worstEnd = lowerIsBetter ? Math.log(x.ratio().high()) : -Math.log(x.ratio().low());
        double beyondP = x.se() > 0 ? Distributions.tUpperTail((worseBy - tolerance) / x.se(), x.df())
                : (worseBy > tolerance ? 0 : 1);
        // failed 4 times in 5: beyond the tolerance by its own test, and beyond the Holm-level critical value of no change
        double mdcLog = Math.max(tolerance + x.se() * Distributions.tQuantile(1 - config.alpha(), x.df()),
                x.se() * Distributions.tQuantile(1 - config.alpha() / m, x.df()))
                + x.se() * Distributions.tQuantile(POWER, x.df());
        double mdc = lowerIsBetter ? Math.expm1(mdcLog) : -Math.expm1(-mdcLog);
        Statistics stats = new Statistics(p, adjusted, beyondP, mdc, x.df(), x.noise(), m);
        Tested tested;
        if (adjusted <= config.alpha() && beyondP <= config.alpha()) {
            tested = tested(x, Status.FAIL, Tested.Outcome.WORSE, stats, null);
        } else if (worstEnd > tolerance) {
            // what would make it conclusive: more forks, or a measured noise where it is only assumed
            Integer forks = null;
            if (x.method() != Method.ASSUMED) {
                forks = forksToSee(x, tolerance);
                forksToSee.add(forks);
            }
            tested = tested(x, Status.INCONCLUSIVE, Tested.Outcome.CANNOT_TELL, stats, forks);
        } else {
            boolean improved = lowerIsBetter ? x.ratio().high() < 1 - config.tolerance()
                    : x.ratio().low() > 1 + config.tolerance();
            tested = tested(x, Status.PASS, improved ? Tested.Outcome.IMPROVED : Tested.Outcome.WITHIN, stats, null);
        }
        // the bound a failure rests on: one-sided at alpha, as its test beyond the tolerance
        double failBound = Math.exp(Math.log(x.ratio().value())
                + (lowerIsBetter ? -1 : 1) * x.se() * Distributions.tQuantile(1 - config.alpha(), x.df()));
        Weighed weighed = BusyMachine.comparison(x.compared().direction(), tested.status(), x.ratio(), failBound,
                config.tolerance(), x.exposure());
        // the words, once, from what was decided: the test's, what the busy machine does to it, the noise's source
        String reason = ComparisonWords.withNoise(BusyMachineWords.comparison(ComparisonWords.tested(tested), weighed,
                lowerIsBetter, config.tolerance()), x.noise());
        return new ComparisonResult(x.subject(), x.compared(), x.baseline(), x.current(), x.ratio(), x.method(),
                config.tolerance(), weighed.status(), reason, stats);
    }

    private Tested tested(Pending x, Status status, Tested.Outcome outcome, Statistics stats, Integer forks) {
        return new Tested(status, outcome, x.compared().direction() == Direction.LOWER_IS_BETTER, x.ratio(),
                config.tolerance(), config.alpha(), stats, forks, x.forks(), x.method() == Method.RUN_HISTORY);
    }

    /** The sequential times: shown with their change, never judged (the speedups carry T_s already). */
    private ComparisonResult report(Pending x, int m) {
        return new ComparisonResult(x.subject(), x.compared(), x.baseline(), x.current(), x.ratio(), x.method(),
                config.tolerance(), Status.SKIPPED, BusyMachine.reported(ComparisonWords.reported(x.ratio()), x.exposure()),
                null);
    }

    /**
     * The forks per configuration at which an unchanged configuration's interval would lie within the tolerance 4 times
     * in 5 (the standard error shrinks with the square root of the forks).
     */
    private int forksToSee(Pending x, double tolerance) {
        double needed = x.se() * (Distributions.tQuantile(1 - (1 - config.confidence()) / 2, x.df())
                + Distributions.tQuantile(POWER, x.df())) / tolerance;
        return (int) Math.ceil(x.forks() * needed * needed);
    }

    /** A variance the forks measured, or 0 when it is only the assumption (it must not outweigh a measurement). */
    private static double measured(Noise.Variance v) {
        return v.method() == Method.ASSUMED ? 0 : v.variance();
    }

    private void fixed(Subject subject, Compared compared, Status status, String reason) {
        pending.add(new Pending(subject, compared, null, null, null, null, Double.NaN, 0, 0, null, 0,
                BusyMachine.Exposure.NONE, status, reason));
    }

    private Status missingStatus() {
        return config.failOnMissing() ? Status.FAIL : Status.SKIPPED;
    }
}
