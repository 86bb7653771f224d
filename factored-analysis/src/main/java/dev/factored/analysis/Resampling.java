package dev.factored.analysis;

import dev.factored.analysis.model.family.BetweenForks;
import dev.factored.analysis.model.family.ForkNoise;
import dev.factored.analysis.model.measurement.ConfigurationRun;
import dev.factored.analysis.model.measurement.FamilyId;
import dev.factored.analysis.stats.Bootstrap;
import dev.factored.contract.CoresTurn;
import dev.factored.contract.CoresValue;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The bootstrap replicates of each configuration of one family: its mean time, and the means of what was measured in
 * the same iterations (idle, descheduled, runnable and GC time, drawn with the same indices). Index 0 holds the means
 * of the samples themselves; every quantity {@code Factoring} derives is computed replicate by replicate from these.
 *
 * <p><b>Configurations in forks of their own</b> are resampled independently, each from its own random stream (seed,
 * family, configuration). Where the run measured the noise between forks ({@link ForkNoise}), the time is drawn on two
 * levels: its iterations within the forks measured, times a fork-level factor drawn from the model, which a few forks
 * cannot show by themselves.
 *
 * <p><b>Configurations measured in turn</b> inside the same forks ({@link ConfigurationRun#sharedForks()}, e.g.
 * {@code 1+2}) are a paired design, the fork its block: what the JVM's compilers made of the code this time moves the
 * members of a fork together (METHOD.md, "forks and pairing"). Resampled independently, a ratio of two members would
 * carry that common fork effect twice instead of losing it. So every replicate draws one set of fork indices for the
 * whole turn, the same forks for every member (with the same √(k/(k−1)) widening), and the iterations within each
 * drawn fork per member from the member's own stream, as alone. A ratio of two members then varies only as the ratio
 * varies between forks and iterations: the paired interval. Where the fork-level model is used, the turn's common
 * level is replaced by one factor per replicate for the whole turn, drawn from the model (the widest member's fork
 * noise): each member's replicate is divided by the geometric mean of the members' moves in it (the common move of
 * the jointly drawn forks) and multiplied by that factor. The common factor cancels in a ratio of members, which keeps
 * the jointly drawn spread of their ratio, and still widens every comparison with a configuration outside the turn as
 * the model says a fork moves. Configurations outside a turn keep their streams, so a run without a turn gives the
 * numbers it always gave.
 */
final class Resampling {

    /** One configuration's replicates: its mean time, and the means of each paired series ({@link #paired}). */
    record Drawn(double[] time, double[][] paired) {
    }

    private final FamilyId family;
    private final List<ConfigurationRun> configurations;
    private final AnalysisOptions options;
    private final ForkNoise forkNoise;
    /** The members' replicates of each turn (and fork count) with two or more members in the family, drawn once. */
    private final Map<List<Object>, Map<CoresValue, Drawn>> turns = new HashMap<>();

    Resampling(FamilyId family, List<ConfigurationRun> configurations, AnalysisOptions options, ForkNoise forkNoise) {
        this.family = family;
        this.configurations = configurations;
        this.options = options;
        this.forkNoise = forkNoise;
    }

    /**
     * What is measured in the same iterations as the time and drawn with its indices: idle, descheduled and runnable,
     * GC time, the workers' wait of every cause, those the configuration has, in that order.
     */
    static double[][][] paired(ConfigurationRun run) {
        List<double[][]> paired = new ArrayList<>();
        if (run.idleSamples() != null) {
            paired.add(run.idleSamples());
        }
        if (run.readings().descheduledSamples() != null) {
            paired.add(run.readings().descheduledSamples());
            paired.add(run.readings().runnableSamples());
        }
        if (run.readings().gcSamples() != null) {
            paired.add(run.readings().gcSamples());
        }
        if (run.readings().workerWaitSamples() != null) {
            paired.add(run.readings().workerWaitSamples());
        }
        return paired.toArray(double[][][]::new);
    }

    Drawn of(ConfigurationRun run) {
        List<ConfigurationRun> turn = turnOf(run);
        if (turn.size() < 2) {
            return alone(run);
        }
        return turns.computeIfAbsent(List.of(run.sharedForks(), run.forks()), k -> inTurn(run.sharedForks(), turn))
                .get(run.cores());
    }

    /** The family's configurations sharing the forks of {@code run} (itself included): same turn, as many forks. */
    private List<ConfigurationRun> turnOf(ConfigurationRun run) {
        if (run.sharedForks() == null) {
            return List.of(run);
        }
        return configurations.stream().filter(c -> run.sharedForks().equals(c.sharedForks())
                && c.forks() == run.forks()).toList();
    }

    private Drawn alone(ConfigurationRun run) {
        double[][][] pairedIn = paired(run);
        double[][] pairedOut = new double[pairedIn.length][options.resamples() + 1];
        SplittableRandom stream = stream(run.cores().toString());
        BetweenForks noise = forkNoise.forConfiguration(family, run);
        if (!noise.known()) {
            // no configuration of the run had two forks: a single fork shows its iterations only (and says so)
            return new Drawn(Bootstrap.means(run.timeSamples(), pairedIn, pairedOut, options.resamples(), stream),
                    pairedOut);
        }
        // What is measured in the same iterations (idle, descheduled, GC) keeps its own share of the time as the forks
        // and iterations drawn together give it, so a quantity that differs between forks more than the time does
        // keeps that spread.
        double[] hierarchical = Bootstrap.means(run.timeSamples(), pairedIn, pairedOut, options.resamples(), stream);
        double[] time = Bootstrap.meansWithinForks(run.timeSamples(), new double[0][][], new double[0][],
                options.resamples(), stream(run.cores() + "/iterations"));
        SplittableRandom forks = stream(run.cores() + "/between-forks");
        for (int b = 1; b < time.length; b++) {
            time[b] *= Math.exp(noise.draw(run.forks(), forks));
            for (double[] series : pairedOut) {
                series[b] *= time[b] / hierarchical[b];
            }
        }
        return new Drawn(time, pairedOut);
    }

    private Map<CoresValue, Drawn> inTurn(CoresTurn turn, List<ConfigurationRun> members) {
        int k = members.get(0).forks();
        int[][] forks = Bootstrap.forkDraws(k, options.resamples(), stream(turn + "/forks"));
        Map<CoresValue, Drawn> drawn = new LinkedHashMap<>();
        for (ConfigurationRun run : members) {
            double[][][] pairedIn = paired(run);
            double[][] pairedOut = new double[pairedIn.length][options.resamples() + 1];
            double[] time = Bootstrap.means(run.timeSamples(), pairedIn, pairedOut, forks,
                    stream(run.cores().toString()));
            drawn.put(run.cores(), new Drawn(time, pairedOut));
        }
        BetweenForks noise = forkNoise.forTurn(family, members);
        if (!noise.known()) {
            return drawn;
        }
        SplittableRandom between = stream(turn + "/between-forks");
        for (int b = 1; b <= options.resamples(); b++) {
            double commonMove = 0;
            for (Drawn d : drawn.values()) {
                commonMove += Math.log(d.time()[b] / d.time()[0]) / drawn.size();
            }
            double factor = Math.exp(noise.draw(k, between) - commonMove);
            for (Drawn d : drawn.values()) {
                d.time()[b] *= factor;
                for (double[] series : d.paired()) {
                    series[b] *= factor;
                }
            }
        }
        return drawn;
    }

    private SplittableRandom stream(String what) {
        return Bootstrap.stream(options.seed(), family.streamKey(), what);
    }
}
