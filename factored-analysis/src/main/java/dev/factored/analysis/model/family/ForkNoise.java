package dev.factored.analysis.model.family;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.measurement.ConfigurationRun;
import dev.factored.analysis.model.measurement.FamilyId;
import dev.factored.analysis.stats.VarianceModel;
import dev.factored.contract.CoresValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The noise between forks of a whole run, by level: each configuration's own (its forks' spread), that of every
 * configuration of the run with the same {@code cores} value, and the run's. Measured on the example suite, the
 * levels differ most by {@code cores}: a baseline fork's mean moves by 0–2 %, a fork of the same program on 2 workers
 * by 5–30 % (which thread runs what, where the pages land), memory-bound families more than CPU-bound ones. So a
 * configuration's estimate is shrunk toward what its family and its {@code cores} value expect together
 * ({@link #forConfiguration}).
 *
 * <p>A {@code cores} value measured in few forks of its own (the one-worker configurations: the rounds give their
 * second forks to what a speedup rests on) is shrunk toward the configurations on as many CPUs first, then toward the
 * run: on one CPU a fork moves like the baseline's, not like the P = 2 forks that dominate the run's pool. Shrunk
 * toward the run alone, the one-worker level borrowed the P = 2 noise: in three A/A pairs of the example the gate's
 * standard error of a T_1 change was 1.76–1.95 times the spread the two runs actually showed, and is 1.33–1.70 times
 * with this level (still on the safe side).
 *
 * @param run      pooled over every configuration of the run with two or more forks
 * @param byCores  pooled over the configurations of each {@code cores} value
 * @param byFamily pooled over each family's configurations, by the family's stream key
 * @param byCpus   pooled over the configurations whose forks run on as many CPUs ({@link CoresValue#cpus()})
 */
public record ForkNoise(BetweenForks run, Map<CoresValue, BetweenForks> byCores, Map<String, BetweenForks> byFamily,
        Map<Integer, BetweenForks> byCpus) {

    /** Nothing measured. */
    public static final ForkNoise UNKNOWN = new ForkNoise(BetweenForks.UNKNOWN, Map.of(), Map.of(), Map.of());

    /**
     * The weight, in degrees of freedom, of what the family and the {@code cores} value expect in a configuration's
     * own estimate: a configuration in 3 forks has 2 of its own, so one much noisier than expected shows it, while
     * one in 2 forks leans mostly on the others.
     * Chosen with {@link BetweenForks#RUN_WEIGHT} on simulated runs ({@code SpeedupCoverageTest}).
     */
    public static final int CONFIGURATION_WEIGHT = 6;

    public ForkNoise {
        byCores = Map.copyOf(byCores);
        byFamily = Map.copyOf(byFamily);
        byCpus = Map.copyOf(byCpus);
    }

    /** The noise of every level of a run. */
    public static ForkNoise of(List<Family> families) {
        return ofConfigurations(families, Family::id, Family::configurations);
    }

    /**
     * The noise of every level of a run that was analysed already (a baseline or a current run the gate compares), from
     * the raw samples its analysis keeps: the same estimate the analysis' intervals rest on.
     */
    public static ForkNoise ofAnalyses(List<FamilyAnalysis> families) {
        return ofConfigurations(families, FamilyAnalysis::id, f -> f.measurement().configurations());
    }

    private static <F> ForkNoise ofConfigurations(List<F> families, Function<F, FamilyId> id,
                                                  Function<F, List<ConfigurationRun>> configurations) {
        Map<CoresValue, List<ConfigurationRun>> grouped = new LinkedHashMap<>();
        List<ConfigurationRun> all = new ArrayList<>();
        Map<String, BetweenForks> byFamily = new LinkedHashMap<>();
        for (F family : families) {
            List<ConfigurationRun> runs = configurations.apply(family);
            runs.forEach(run -> grouped.computeIfAbsent(run.cores(), c -> new ArrayList<>()).add(run));
            all.addAll(runs);
            byFamily.put(id.apply(family).streamKey(), BetweenForks.ofRuns(runs));
        }
        Map<CoresValue, BetweenForks> byCores = new LinkedHashMap<>();
        Map<Integer, List<ConfigurationRun>> onCpus = new LinkedHashMap<>();
        grouped.forEach((cores, runs) -> {
            byCores.put(cores, BetweenForks.ofRuns(runs));
            onCpus.computeIfAbsent(cores.cpus(), c -> new ArrayList<>()).addAll(runs);
        });
        Map<Integer, BetweenForks> byCpus = new LinkedHashMap<>();
        onCpus.forEach((cpus, runs) -> byCpus.put(cpus, BetweenForks.ofRuns(runs)));
        return new ForkNoise(BetweenForks.ofRuns(all), byCores, byFamily, byCpus);
    }

    /**
     * The noise of a configuration's mean log time over its k forks of N iterations in all, the value the gate compares
     * between runs: σ_b²/k, the fork level of {@link #forConfiguration}, plus σ_w²/N, its iterations' own.
     *
     * @param variance         of the mean log time
     * @param degreesOfFreedom of that variance (Welch–Satterthwaite over the two parts)
     * @param forks            the fork level it rests on
     * @param ownForks         whether the configuration's own forks fed the fork level (it had two or more)
     */
    public record MeanNoise(double variance, double degreesOfFreedom, BetweenForks forks, boolean ownForks) {
    }

    /** The noise of a configuration's mean log time; null when the run measured no noise between forks. */
    public MeanNoise ofMean(FamilyId family, ConfigurationRun configuration) {
        BetweenForks forks = forConfiguration(family, configuration);
        if (!forks.known()) {
            return null;
        }
        int k = configuration.forks();
        double between = forks.logSd() * forks.logSd() / k;
        double[] within = BetweenForks.withinForks(configuration);
        int n = 0;
        for (double[] fork : configuration.timeSamples()) {
            n += fork.length;
        }
        double iterations = Double.isNaN(within[0]) ? 0 : within[0] / n;
        double df = VarianceModel.welchDf(new double[] {between, iterations},
                // a fork level of 0 degrees of freedom is drawn from the normal ({@link BetweenForks#draw}): infinite
                new double[] {forks.degreesOfFreedom() == 0 ? Double.POSITIVE_INFINITY : forks.degreesOfFreedom(),
                    Math.max(within[1], 1)});
        return new MeanNoise(between + iterations, df, forks, BetweenForks.of(configuration).known());
    }

    /**
     * The fork level of one configuration: its own estimate shrunk toward what its family and its {@code cores} value
     * say together, σ_family² · σ_cores² / σ_run² (a family twice as noisy as the run, at a {@code cores} value half
     * as noisy as the run, is expected as noisy as the run), each of those shrunk toward the run's first; unknown when
     * the run measured none.
     *
     * <p>Its degrees of freedom are at most the run's: every level is pooled from the same forks, so a configuration
     * counted in its own level, its family's and the run's is still one configuration. In a run of one family with two
     * forks a configuration, counting it at every level claimed 6 to 7 degrees of freedom where the run had 3, and the
     * gate's t test failed an unchanged build of the gate-same-machine IT at p = 0.0097 (0.039 after Holm).
     */
    public BetweenForks forConfiguration(FamilyId family, ConfigurationRun configuration) {
        BetweenForks cpus = byCpus.getOrDefault(configuration.cores().cpus(), BetweenForks.UNKNOWN)
                .toward(run);
        BetweenForks cores = byCores.getOrDefault(configuration.cores(), BetweenForks.UNKNOWN).toward(cpus);
        BetweenForks own = byFamily.getOrDefault(family.streamKey(), BetweenForks.UNKNOWN).toward(run);
        BetweenForks expected = cores;
        if (cores.known() && own.known() && run.known() && run.logSd() > 0) {
            expected = new BetweenForks(own.logSd() * cores.logSd() / run.logSd(), cores.configurations(),
                    Math.min(own.degreesOfFreedom(), cores.degreesOfFreedom()));
        }
        return BetweenForks.of(configuration).toward(expected, CONFIGURATION_WEIGHT).atMost(run.degreesOfFreedom());
    }

    /**
     * The fork level of configurations measured in turn inside the same forks: one JVM moves them together, so one
     * factor per fork stands for all of them; the widest of theirs ({@link #forConfiguration}), so that a comparison
     * with a configuration outside the turn is never narrower than any member's alone would be.
     */
    public BetweenForks forTurn(FamilyId family, List<ConfigurationRun> members) {
        BetweenForks widest = BetweenForks.UNKNOWN;
        for (ConfigurationRun member : members) {
            BetweenForks own = forConfiguration(family, member);
            if (own.known() && (!widest.known() || own.logSd() > widest.logSd())) {
                widest = own;
            }
        }
        return widest;
    }
}
