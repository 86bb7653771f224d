package dev.factored.analysis.model.family;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.measurement.ConfigurationRun;
import dev.factored.analysis.model.measurement.FamilyId;
import dev.factored.analysis.stats.VarianceModel;
import dev.factored.contract.CoresValue;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.apache.commons.math3.distribution.FDistribution;

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
 * <p>A configuration whose forks disagree far beyond what the rest of the run expects of it (one slow JVM among its
 * forks) is <em>apart</em> ({@link Apart}): the pools the others are shrunk toward leave it out, so that one JVM does
 * not widen every other configuration's interval, and it keeps the level it had with every configuration pooled. In a
 * README run of the example one one-worker fork of Fib read 4.88 ms where its others read 2.94–3.19: that
 * configuration's σ_b was 28.7 %, the others' pooled 2.5 %, and pooled together they gave the run 8.2 %, three times
 * the S_2 interval of every family (issue 41). It is the robust empirical Bayes of limma (Phipson et al. 2016,
 * "hypervariable genes"), by a test: an F test of its own variance against the level expected without it (the wider
 * of its family's and {@code cores} value's together and its {@code cores} value's alone), at {@value #APART_ALPHA}
 * over all the configurations tested (Bonferroni), where it alone widens the run's σ_b by a fifth and by half a
 * percentage point or more (less would not move the others' intervals) and the others hold {@value #APART_EVIDENCE}
 * degrees of freedom or more; the most significant is set apart first, then the test is repeated until none is.
 *
 * @param run      pooled over every configuration of the run with two or more forks, those apart left out
 * @param byCores  pooled over the configurations of each {@code cores} value
 * @param byFamily pooled over each family's configurations, by the family's stream key
 * @param byCpus   pooled over the configurations whose forks run on as many CPUs ({@link CoresValue#cpus()})
 * @param apart    the configurations whose forks disagree far beyond the others' (see above)
 */
public record ForkNoise(BetweenForks run, Map<CoresValue, BetweenForks> byCores, Map<String, BetweenForks> byFamily,
        Map<Integer, BetweenForks> byCpus, List<Apart> apart) {

    /** Nothing measured. */
    public static final ForkNoise UNKNOWN = new ForkNoise(BetweenForks.UNKNOWN, Map.of(), Map.of(), Map.of(),
            List.of());

    /**
     * The weight, in degrees of freedom, of what the family and the {@code cores} value expect in a configuration's
     * own estimate: a configuration in 3 forks has 2 of its own, so one much noisier than expected shows it, while
     * one in 2 forks leans mostly on the others.
     * Chosen with {@link BetweenForks#RUN_WEIGHT} on simulated runs ({@code SpeedupCoverageTest}).
     */
    public static final int CONFIGURATION_WEIGHT = 6;

    /**
     * The probability that a run whose configurations all share their levels' noise sets any of them apart: the F
     * tests' level, divided among the configurations tested.
     */
    public static final double APART_ALPHA = 0.01;

    /**
     * The degrees of freedom the others' forks must hold before anything is set apart: a few configurations cannot say
     * what is usual (their pooled σ_b is often 0, against which any spread is "far beyond").
     */
    static final int APART_EVIDENCE = 10;

    /** How much one configuration must widen the run's σ_b to be set apart: as a factor, and on the log scale. */
    static final double APART_WIDENING = 1.2;
    static final double APART_SMALLEST = 0.005;

    /**
     * A configuration set apart: its forks' own σ_b against what its family and {@code cores} value lead to expect
     * without it.
     *
     * @param family   the family's stream key ({@link FamilyId#streamKey()})
     * @param cores    the configuration
     * @param own      its own estimate
     * @param expected the level the others expected of it
     * @param pValue   the F test's, before the division among the configurations tested
     * @param level    what its intervals rest on: its own estimate shrunk toward the pools with every configuration in
     *                 them, itself too, as if none were set apart (so setting it apart narrows no interval of its own)
     */
    public record Apart(String family, CoresValue cores, BetweenForks own, BetweenForks expected, double pValue,
                        BetweenForks level) {
    }

    public ForkNoise {
        byCores = Map.copyOf(byCores);
        byFamily = Map.copyOf(byFamily);
        byCpus = Map.copyOf(byCpus);
        apart = List.copyOf(apart);
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

    /** A configuration's own σ_b² with its family and {@code cores} value, as the pools are summed from it. */
    private record Member(String family, CoresValue cores, BetweenForks.Own own) {
    }

    private static <F> ForkNoise ofConfigurations(List<F> families, Function<F, FamilyId> id,
                                                  Function<F, List<ConfigurationRun>> configurations) {
        List<Member> members = new ArrayList<>();
        for (F family : families) {
            String key = id.apply(family).streamKey();
            for (ConfigurationRun run : configurations.apply(family)) {
                members.add(new Member(key, run.cores(), BetweenForks.Own.of(run)));
            }
        }
        long tested = members.stream().filter(m -> m.own().known()).count();
        ForkNoise everyone = pooled(members, Set.of(), List.of());
        Set<Member> setApart = new LinkedHashSet<>();
        List<Apart> apart = new ArrayList<>();
        while (true) {
            Apart most = null;
            Member mostMember = null;
            BetweenForks withIt = pooled(members, setApart, List.of()).run();
            for (Member m : members) {
                if (!m.own().known() || setApart.contains(m)) {
                    continue;
                }
                Set<Member> without = new HashSet<>(setApart);
                without.add(m);
                ForkNoise others = pooled(members, without, List.of());
                BetweenForks expected = others.expectedAtLeast(m.family(), m.cores());
                double p = excessOver(m.own().estimate(), expected);
                if (p < APART_ALPHA / tested && others.run().degreesOfFreedom() >= APART_EVIDENCE
                        && widens(withIt, others.run())
                        && (most == null || p < most.pValue())) {
                    most = new Apart(m.family(), m.cores(), m.own().estimate(), expected, p,
                            everyone.shrunk(m.own().estimate(), m.family(), m.cores()));
                    mostMember = m;
                }
            }
            if (most == null) {
                return pooled(members, setApart, apart);
            }
            setApart.add(mostMember);
            apart.add(most);
        }
    }

    /**
     * Whether one configuration's forks widen the run's σ_b enough to matter to the others: by a fifth and by half a
     * percentage point at least (below that the others' intervals, ±2–10 % on the example, would not move visibly).
     */
    private static boolean widens(BetweenForks withIt, BetweenForks withoutIt) {
        return withIt.logSd() >= APART_WIDENING * withoutIt.logSd()
                && withIt.logSd() - withoutIt.logSd() >= APART_SMALLEST;
    }

    /**
     * The one-sided p-value of the F test that {@code own}'s variance exceeds {@code expected}'s: 1 when either is
     * unknown or has no degrees of freedom.
     */
    private static double excessOver(BetweenForks own, BetweenForks expected) {
        if (!own.known() || !expected.known() || own.degreesOfFreedom() < 1 || expected.degreesOfFreedom() < 1) {
            return 1;
        }
        if (expected.logSd() == 0) {
            return own.logSd() > 0 ? 0 : 1;
        }
        double f = own.logSd() * own.logSd() / (expected.logSd() * expected.logSd());
        return 1 - new FDistribution(null, own.degreesOfFreedom(), expected.degreesOfFreedom())
                .cumulativeProbability(f);
    }

    /** The pools of every level over the members not in {@code leftOut}, in the order the members came. */
    private static ForkNoise pooled(List<Member> members, Set<Member> leftOut, List<Apart> apart) {
        Map<CoresValue, List<BetweenForks.Own>> grouped = new LinkedHashMap<>();
        Map<String, List<BetweenForks.Own>> families = new LinkedHashMap<>();
        List<BetweenForks.Own> all = new ArrayList<>();
        for (Member m : members) {
            List<BetweenForks.Own> family = families.computeIfAbsent(m.family(), f -> new ArrayList<>());
            List<BetweenForks.Own> cores = grouped.computeIfAbsent(m.cores(), c -> new ArrayList<>());
            if (leftOut.contains(m)) {
                continue;
            }
            family.add(m.own());
            cores.add(m.own());
            all.add(m.own());
        }
        Map<String, BetweenForks> byFamily = new LinkedHashMap<>();
        families.forEach((family, owns) -> byFamily.put(family, BetweenForks.pooled(owns)));
        Map<CoresValue, BetweenForks> byCores = new LinkedHashMap<>();
        Map<Integer, List<BetweenForks.Own>> onCpus = new LinkedHashMap<>();
        grouped.forEach((cores, owns) -> {
            byCores.put(cores, BetweenForks.pooled(owns));
            onCpus.computeIfAbsent(cores.cpus(), c -> new ArrayList<>()).addAll(owns);
        });
        Map<Integer, BetweenForks> byCpus = new LinkedHashMap<>();
        onCpus.forEach((cpus, owns) -> byCpus.put(cpus, BetweenForks.pooled(owns)));
        return new ForkNoise(BetweenForks.pooled(all), byCores, byFamily, byCpus, apart);
    }

    /**
     * The noise of a configuration's mean log time over its k forks of N iterations in all, the value the gate compares
     * between runs: σ_b²/k, the fork level of {@link #forConfiguration}, plus σ_w²/N, its iterations' own.
     *
     * @param variance         of the mean log time
     * @param degreesOfFreedom of that variance (Welch–Satterthwaite over the two parts)
     * @param forks            the fork level it rests on
     * @param ownForks         whether the configuration's own forks fed the fork level (it had two or more)
     * @param apart            whether it was set apart ({@link Apart}): the others' noise leaves it out
     */
    public record MeanNoise(double variance, double degreesOfFreedom, BetweenForks forks, boolean ownForks,
                            boolean apart) {
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
        return new MeanNoise(between + iterations, df, forks, BetweenForks.of(configuration).known(),
                apart(family, configuration.cores()) != null);
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
     *
     * <p>A configuration set {@link Apart apart} keeps what this gave it with every configuration pooled.
     */
    public BetweenForks forConfiguration(FamilyId family, ConfigurationRun configuration) {
        Apart apart = apart(family, configuration.cores());
        return apart != null ? apart.level()
                : shrunk(BetweenForks.of(configuration), family.streamKey(), configuration.cores());
    }

    /** A configuration's own estimate shrunk toward what its family and {@code cores} value expect of it. */
    private BetweenForks shrunk(BetweenForks own, String family, CoresValue cores) {
        return own.toward(expected(family, cores), CONFIGURATION_WEIGHT).atMost(run.degreesOfFreedom());
    }

    /** Whether the configuration was set apart, and how; null when it was not. */
    public Apart apart(FamilyId family, CoresValue cores) {
        for (Apart a : apart) {
            if (a.family().equals(family.streamKey()) && a.cores().equals(cores)) {
                return a;
            }
        }
        return null;
    }

    /**
     * The wider of what a configuration's family and {@code cores} value expect of it together and what its {@code cores}
     * value expects alone: the noisiest configuration of a family (its P = 2, most often) is not judged against a family
     * level that the test left it out of, which its quieter configurations set.
     */
    private BetweenForks expectedAtLeast(String family, CoresValue cores) {
        BetweenForks together = expected(family, cores);
        BetweenForks alone = cores(cores);
        return !together.known() || alone.known() && alone.logSd() > together.logSd() ? alone : together;
    }

    /** The level of a {@code cores} value: its configurations' pool, shrunk toward those on as many CPUs, then the run. */
    private BetweenForks cores(CoresValue cores) {
        BetweenForks cpus = byCpus.getOrDefault(cores.cpus(), BetweenForks.UNKNOWN).toward(run);
        return byCores.getOrDefault(cores, BetweenForks.UNKNOWN).toward(cpus);
    }

    /**
     * What a configuration's family and {@code cores} value expect of its fork level together, σ_family² · σ_cores² /
     * σ_run², each of those shrunk toward the run's first.
     */
    private BetweenForks expected(String family, CoresValue cores) {
        BetweenForks level = cores(cores);
        BetweenForks own = byFamily.getOrDefault(family, BetweenForks.UNKNOWN).toward(run);
        if (level.known() && own.known() && run.known() && run.logSd() > 0) {
            return new BetweenForks(own.logSd() * level.logSd() / run.logSd(), level.configurations(),
                    Math.min(own.degreesOfFreedom(), level.degreesOfFreedom()));
        }
        return level;
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
