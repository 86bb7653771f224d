package dev.factored.gate.comparison;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.family.ForkNoise;
import dev.factored.analysis.model.measurement.ConfigurationRun;
import dev.factored.analysis.stats.VarianceModel;
import dev.factored.analysis.stats.VarianceModel.Moderated;
import dev.factored.analysis.stats.VarianceModel.Prior;
import dev.factored.analysis.stats.VarianceModel.Series;
import dev.factored.contract.CoresValue;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The noise of the runs being compared, on the log scale (a time's log changes by the same amount for
 * the same relative change, so one noise model fits fast and slow benchmarks alike).
 *
 * <p>The unit of evidence is the JVM fork: a configuration's value in one run is the mean over its forks
 * of log(mean time of the fork). Its noise is the analysis' own model of that run ({@link ForkNoise}: the noise
 * between forks of each configuration, shrunk toward what its family and its {@code cores} value show in the same
 * run, plus its iterations' own), so that the gate and the intervals of analysis.json rest on one estimate, and each
 * side of a comparison on the noise its own run measured. A run that measured none (one fork everywhere) borrows the
 * other run's, and says so. With a baseline recorded from several runs, the variance between whole runs (which also
 * holds what changes from one run to the next on a shared machine: neighbours, frequency, memory placement) is
 * measured from them instead ({@link VarianceModel}, moderated across configurations). When neither exists, nothing
 * measures the noise: the gate then uses {@code assumedNoise} and says so.
 */
public final class Noise {

    /** One configuration's value in one run: the mean of its forks' log mean times. */
    public record RunValue(double logMean, int forks) {

        public static RunValue of(ConfigurationRun run) {
            double[][] samples = run.timeSamples();
            int k = samples.length;
            double mean = 0;
            for (double[] fork : samples) {
                double sum = 0;
                for (double t : fork) {
                    sum += t;
                }
                mean += Math.log(sum / fork.length) / k;
            }
            return new RunValue(mean, k);
        }
    }

    /**
     * The variance of one run's value and the degrees of freedom it rests on.
     *
     * @param method where it came from: the forks, the baseline's runs, or the assumption
     * @param source how it was obtained, in words for the reason text
     */
    public record Variance(double variance, double df, ComparisonResult.Method method, String source) {

        /**
         * The variance of a change: the sum of its independent sides', on the Welch–Satterthwaite degrees of freedom
         * but at most {@code restsOn} ({@link #degreesOfFreedomOf}), named by every side's source (or by the
         * assumption, when one side rests on it).
         */
        public static Variance sum(double restsOn, Variance... sides) {
            double[] terms = new double[sides.length];
            double[] dfs = new double[sides.length];
            double total = 0;
            ComparisonResult.Method method = ComparisonResult.Method.FORKS;
            for (int i = 0; i < sides.length; i++) {
                terms[i] = sides[i].variance();
                dfs[i] = sides[i].df();
                total += terms[i];
                method = sides[i].method() == ComparisonResult.Method.ASSUMED ? ComparisonResult.Method.ASSUMED : method;
            }
            return new Variance(total, Math.min(restsOn, VarianceModel.welchDf(terms, dfs)), method,
                    ComparisonWords.changeNoise(sides));
        }
    }

    /** Each run's model of its noise between forks, by the run's families (compared by identity). */
    private final Map<FamilyAnalysis, ForkNoise> forkNoise = new IdentityHashMap<>();
    private final ForkNoise currentNoise;
    private final List<ForkNoise> baselineNoise = new ArrayList<>();
    private final Prior historyPrior;
    private final Prior historySpeedupPrior;
    private final int historyRuns;
    /** Per family and configuration, the log value of every baseline run that measured it, oldest first. */
    private final Map<HostedFamily, Map<CoresValue, List<Double>>> historyValues;
    private final double assumedNoise;

    /**
     * @param current      the current run's families
     * @param baselineRuns the baseline's runs, oldest first (one or more)
     * @param assumedNoise the standard deviation of a run's log value to assume when nothing measures it
     */
    public Noise(List<FamilyAnalysis> current, List<List<FamilyAnalysis>> baselineRuns, double assumedNoise) {
        this.assumedNoise = assumedNoise;
        currentNoise = ForkNoise.ofAnalyses(current);
        current.forEach(f -> forkNoise.put(f, currentNoise));
        for (List<FamilyAnalysis> run : baselineRuns) {
            ForkNoise noise = ForkNoise.ofAnalyses(run);
            baselineNoise.add(noise);
            run.forEach(f -> forkNoise.put(f, noise));
        }
        historyRuns = baselineRuns.size();
        historyValues = historyRuns >= 2 ? history(baselineRuns) : Map.of();
        if (historyRuns >= 2) {
            List<Series> times = new ArrayList<>();
            List<Series> speedups = new ArrayList<>();
            for (Map.Entry<HostedFamily, Map<CoresValue, List<Double>>> e : historyValues.entrySet()) {
                Map<CoresValue, List<Double>> byConfiguration = e.getValue();
                byConfiguration.forEach((cores, values) -> times.add(spread(values)));
                List<Double> base = byConfiguration.get(CoresValue.BASELINE_VALUE);
                byConfiguration.forEach((cores, values) -> {
                    if (base != null && cores.isParallel() && values.size() == base.size()) {
                        speedups.add(spread(logSpeedups(base, values)));
                    }
                });
            }
            historyPrior = VarianceModel.fit(times);
            historySpeedupPrior = VarianceModel.fit(speedups);
        } else {
            historyPrior = null;
            historySpeedupPrior = null;
        }
    }

    /** Per family and configuration, the log value of every baseline run that measured it, oldest first. */
    private static Map<HostedFamily, Map<CoresValue, List<Double>>> history(List<List<FamilyAnalysis>> baselineRuns) {
        Map<HostedFamily, Map<CoresValue, List<Double>>> values = new LinkedHashMap<>();
        for (List<FamilyAnalysis> run : baselineRuns) {
            for (FamilyAnalysis family : run) {
                for (ConfigurationRun configuration : family.measurement().configurations()) {
                    values.computeIfAbsent(HostedFamily.of(family), k -> new LinkedHashMap<>())
                            .computeIfAbsent(configuration.cores(), k -> new ArrayList<>())
                            .add(RunValue.of(configuration).logMean());
                }
            }
        }
        return values;
    }

    /** log(T_s / T_P) run by run: the log speedup of every baseline run. */
    private static List<Double> logSpeedups(List<Double> baseline, List<Double> parallel) {
        List<Double> out = new ArrayList<>();
        for (int i = 0; i < parallel.size(); i++) {
            out.add(baseline.get(i) - parallel.get(i));
        }
        return out;
    }

    private static Series spread(List<Double> values) {
        int n = values.size();
        if (n < 2) {
            return new Series(Double.NaN, 0);
        }
        double mean = values.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        double ss = 0;
        for (double v : values) {
            ss += (v - mean) * (v - mean);
        }
        return new Series(ss / (n - 1), n - 1);
    }

    /** Whether the baseline has two or more runs, so that the variance between runs is measured. */
    public boolean fromHistory() {
        return historyRuns >= 2;
    }

    public int historyRuns() {
        return historyRuns;
    }

    /** The baseline's mean log value of a configuration over its runs, or null when no run measured it. */
    public Double historyMean(HostedFamily family, CoresValue cores) {
        List<Double> values = historyValues.getOrDefault(family, Map.of()).get(cores);
        return values == null || values.isEmpty() ? null
                : values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    /** Runs of the baseline that measured a configuration. */
    public int historyCount(HostedFamily family, CoresValue cores) {
        List<Double> values = historyValues.getOrDefault(family, Map.of()).get(cores);
        return values == null ? 0 : values.size();
    }

    /**
     * The variance of a configuration's value in the run {@code family} belongs to: its run's model of the noise
     * between forks ({@link ForkNoise#ofMean}); the other runs' when its own run measured none; else the assumed noise.
     */
    public Variance ofRunMean(FamilyAnalysis family, CoresValue cores) {
        ConfigurationRun configuration = family.configuration(cores);
        ForkNoise own = forkNoise.getOrDefault(family, ForkNoise.UNKNOWN);
        boolean current = own == currentNoise;
        ForkNoise.MeanNoise m = own.ofMean(family.id(), configuration);
        boolean borrowed = false;
        if (m == null) {
            // the current run's first, then the baseline's runs in their order; never its own again
            List<ForkNoise> runs = new ArrayList<>(List.of(currentNoise));
            runs.addAll(baselineNoise);
            for (ForkNoise other : runs) {
                m = other == own ? null : other.ofMean(family.id(), configuration);
                if (m != null) {
                    borrowed = true;
                    break;
                }
            }
        }
        if (m == null) {
            return new Variance(assumedNoise * assumedNoise, Double.POSITIVE_INFINITY, ComparisonResult.Method.ASSUMED,
                    assumedSource());
        }
        return new Variance(m.variance(), m.degreesOfFreedom(), ComparisonResult.Method.FORKS,
                ComparisonWords.forkLevel(current, cores, configuration.forks(), m, borrowed));
    }

    /**
     * The most degrees of freedom a sum of the given runs' variances rests on: the forks of each run, counted once.
     * Every configuration of a run is shrunk toward the same pool, so their variances are one estimate, not several, and
     * Welch–Satterthwaite over a time and a speedup's two configurations in each of two runs would count the pool four
     * times (22–24 degrees of freedom where two runs of 3 configurations in 2 forks hold 6). Infinite when no run
     * measured its noise (the assumed one has no degrees of freedom to count).
     */
    public double degreesOfFreedomOf(FamilyAnalysis... families) {
        Set<ForkNoise> runs = Collections.newSetFromMap(new IdentityHashMap<>());
        for (FamilyAnalysis family : families) {
            ForkNoise run = forkNoise.get(family);
            runs.add(run != null && run.run().known() ? run : measuredNoise());
        }
        runs.remove(null);
        return runs.isEmpty() ? Double.POSITIVE_INFINITY
                : runs.stream().mapToInt(run -> run.run().degreesOfFreedom()).sum();
    }

    /** The run whose noise a run that measured none borrows first ({@link #ofRunMean}); null when none measured any. */
    private ForkNoise measuredNoise() {
        if (currentNoise.run().known()) {
            return currentNoise;
        }
        return baselineNoise.stream().filter(n -> n.run().known()).findFirst().orElse(null);
    }

    /** The variance of one run's log value of a configuration, measured between the baseline's runs. */
    public Variance ofRunFromHistory(HostedFamily family, CoresValue cores) {
        List<Double> values = historyValues.getOrDefault(family, Map.of()).get(cores);
        return historyVariance(values == null ? new Series(Double.NaN, 0) : spread(values), historyPrior, "times");
    }

    /** The variance of one run's log speedup at P, measured between the baseline's runs. */
    public Variance ofRunSpeedupFromHistory(HostedFamily family, CoresValue cores) {
        Map<CoresValue, List<Double>> byConfiguration = historyValues.getOrDefault(family, Map.of());
        List<Double> base = byConfiguration.get(CoresValue.BASELINE_VALUE);
        List<Double> p = byConfiguration.get(cores);
        Series own = base != null && p != null && base.size() == p.size() ? spread(logSpeedups(base, p))
                : new Series(Double.NaN, 0);
        return historyVariance(own, historySpeedupPrior, "speedups");
    }

    private Variance historyVariance(Series own, Prior prior, String what) {
        Moderated m = VarianceModel.moderate(own, prior);
        if (m == null) {
            return new Variance(assumedNoise * assumedNoise, Double.POSITIVE_INFINITY, ComparisonResult.Method.ASSUMED,
                    assumedSource());
        }
        return new Variance(m.variance(), m.df(), ComparisonResult.Method.RUN_HISTORY, "between the baseline's " + historyRuns + " runs, "
                + describe(prior, prior == null ? 0 : prior.series(), what));
    }

    private String assumedSource() {
        return "assumed " + dev.factored.text.Numbers.percent(assumedNoise) + " per run: nothing here measures it "
                + "(one fork per configuration in both runs and a baseline of one run)";
    }


    private static String describe(Prior prior, int series, String what) {
        if (prior == null) {
            return "own samples only";
        }
        String d0 = Double.isInfinite(prior.df()) ? "all alike, pooled"
                : "prior worth " + dev.factored.text.Numbers.significant(prior.df(), 2, false) + " df";
        return "moderated over " + prior.series() + " " + what + " (" + d0 + ", "
                + dev.factored.text.Numbers.significant(prior.totalDf(), 3, false) + " df in all)";
    }
}
