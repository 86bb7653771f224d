package dev.factored.jmh.rounds;

import dev.factored.contract.CoresValue;
import dev.factored.contract.ProfilerMetrics;
import dev.factored.contract.RoundEvent;
import dev.factored.jmh.profiler.ProfilerHost;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

/**
 * The forks of a suite in rounds that the analysis would drop, told from the forks that ran before them: round one
 * runs the elision, span and bandwidth forks last ({@link #late}), so that by then a family's parallel forks have
 * shown whether its code is unmodified fork/join code (no elision, no span: its idle time is estimated) and its
 * baseline fork whether the baseline runs through {@code cores.baseline(copy -> ...)} ({@value
 * ProfilerMetrics#COPIES}), without which a bandwidth fork runs one copy and measures nothing. A bandwidth fork is
 * also spared when its family has no baseline (none in the cores list, or it failed): the analysis compares the
 * copies with the baseline alone and has nothing to compare them with.
 *
 * <p>A fork of configurations in turn ({@link SuiteConfiguration#turn()}) is never spared and never late: it measures
 * the family's parallel configurations, and with the baseline in the turn it is the family's baseline fork (whose
 * copies per operation it does not tell apart from the other members': a bandwidth fork that runs one copy is then
 * left out after it ran, {@link #learn}). Its members
 * measured apart after it failed ({@link TurnForks}) are forks like any other ({@link #apart}).
 *
 * <p>What may be spared is said before the run starts ({@link #ahead}), as far as it can be known then (a family
 * without a baseline in the cores list; the rest only "up to", since it rests on forks not yet run), and what was
 * spared at the end of the run ({@link #spared}); {@link RoundSentences} words them.
 */
final class SparedForks {

    private final List<SuiteConfiguration> configurations;
    /** Each family's baseline configuration, when the run has one. */
    private final Map<String, SuiteConfiguration> baselines = new HashMap<>();
    private final Set<String> unmodified = new HashSet<>();
    private final Set<String> oneCopy = new HashSet<>();

    private final Set<String> sparedUnmodified = new TreeSet<>();
    private int unmodifiedForks;
    private final Set<String> sparedOneCopy = new TreeSet<>();
    private int oneCopyForks;
    /** Bandwidth forks that ran before anything had shown that their baseline runs one copy, and were left out. */
    private int oneCopyRan;
    private final Set<String> sparedNoBaseline = new TreeSet<>();
    private int noBaselineForks;

    SparedForks(List<SuiteConfiguration> configurations) {
        this.configurations = List.copyOf(configurations);
        for (SuiteConfiguration c : configurations) {
            if (is(c, CoresValue::isBaseline) || c.turn() != null && c.turn().members().stream()
                    .anyMatch(CoresValue::isBaseline)) {
                baselines.put(family(c), c);
            }
        }
    }

    /** A turn's members are measured apart ({@link TurnForks}): its baseline's fork, if it has one, is now its own. */
    void apart(List<SuiteConfiguration> members) {
        for (SuiteConfiguration c : members) {
            if (is(c, CoresValue::isBaseline)) {
                baselines.put(family(c), c);
            }
        }
    }

    /** The configurations that round one runs last: what the earlier forks show may spare them. */
    static boolean late(SuiteConfiguration c) {
        return is(c, CoresValue::isBandwidth) || is(c, v -> v.isElision() || v.isSpan());
    }

    /**
     * Whether a fork of {@code c} is to be left out; counts it for the line when it is.
     *
     * @param failed whether a configuration has failed (and runs no more)
     */
    boolean spare(SuiteConfiguration c, Predicate<SuiteConfiguration> failed) {
        String family = family(c);
        if (is(c, v -> v.isElision() || v.isSpan()) && unmodified.contains(family)) {
            sparedUnmodified.add(shortName(c.benchmark()));
            unmodifiedForks++;
            return true;
        }
        if (!is(c, CoresValue::isBandwidth)) {
            return false;
        }
        SuiteConfiguration baseline = baselines.get(family);
        if (baseline == null || failed.test(baseline)) {
            sparedNoBaseline.add(shortName(c.benchmark()));
            noBaselineForks++;
            return true;
        }
        if (oneCopy.contains(family)) {
            sparedOneCopy.add(shortName(c.benchmark()));
            oneCopyForks++;
            return true;
        }
        return false;
    }

    /**
     * Learns what a fork that ran shows about its family; returns whether its result feeds the analysis (false for a
     * bandwidth fork that ran fewer copies than it asks for, which no earlier fork could tell).
     */
    boolean learn(SuiteConfiguration c, Collection<RunResult> run) {
        if (estimated(run)) {
            unmodified.add(family(c));
        }
        if (is(c, CoresValue::isBaseline)) {
            Double copies = mean(run, ProfilerMetrics.COPIES);
            if (copies != null && copies < 0.5) {
                oneCopy.add(family(c));
            }
            return true;
        }
        if (ranTooFewCopies(c, run)) {
            oneCopy.add(family(c));
            sparedOneCopy.add(shortName(c.benchmark()));
            oneCopyRan++;
            return false;
        }
        return true;
    }

    /**
     * What may not run, said before the run starts, or null when no fork may: the bandwidth forks of families with no
     * baseline configuration surely not, the elision and span forks and the other bandwidth forks only if the forks
     * before them show that the analysis would drop them.
     */
    RoundEvent.SparingAhead ahead() {
        int elisionSpan = 0;
        int noBaseline = 0;
        int bandwidth = 0;
        int all = 0;
        for (SuiteConfiguration c : configurations) {
            int forks = Math.max(1, c.forks()); // as RoundPlan: 0 forks runs once, in the host
            all += forks;
            if (is(c, v -> v.isElision() || v.isSpan())) {
                elisionSpan += forks;
            } else if (is(c, CoresValue::isBandwidth)) {
                if (baselines.containsKey(family(c))) {
                    bandwidth += forks;
                } else {
                    noBaseline += forks;
                }
            }
        }
        return noBaseline + elisionSpan + bandwidth == 0 ? null
                : new RoundEvent.SparingAhead(all, noBaseline, elisionSpan, bandwidth);
    }

    /** What was left out, said at the end of the run, or null when nothing was. */
    RoundEvent.Spared spared() {
        return unmodifiedForks + oneCopyForks + oneCopyRan + noBaselineForks == 0 ? null
                : new RoundEvent.Spared(unmodifiedForks, List.copyOf(sparedUnmodified), oneCopyForks, oneCopyRan,
                        List.copyOf(sparedOneCopy), noBaselineForks, List.copyOf(sparedNoBaseline));
    }

    private static boolean is(SuiteConfiguration c, Predicate<CoresValue> kind) {
        CoresValue cores = c.cores().configuration();
        return cores != null && kind.test(cores);
    }

    /** The configuration's family, by the profiler host's key ({@link ProfilerHost#family}). */
    private static String family(SuiteConfiguration c) {
        return ProfilerHost.family(c.benchmark(), c.mode(), c.params().keys(), c.params()::get);
    }

    /** {@code Sort.sort} for {@code org.example.Sort.sort}. */
    private static String shortName(String benchmark) {
        int method = benchmark.lastIndexOf('.');
        int type = method <= 0 ? -1 : benchmark.lastIndexOf('.', method - 1);
        return benchmark.substring(type + 1);
    }

    /** Whether the fork measured unmodified code: the profiler estimated the idle time of its operations. */
    private static boolean estimated(Collection<RunResult> run) {
        Double share = mean(run, ProfilerMetrics.ESTIMATED);
        return share != null && share > 0;
    }

    /** A bandwidth fork whose benchmark ran fewer copies per operation than the configuration asks for. */
    private static boolean ranTooFewCopies(SuiteConfiguration c, Collection<RunResult> run) {
        if (!is(c, CoresValue::isBandwidth)) {
            return false;
        }
        int asked = c.cores().configuration().workers();
        Double copies = mean(run, ProfilerMetrics.WORKERS);
        return copies != null && copies < asked - 0.5;
    }

    /** A secondary result of the run's fork, or null when the profiler did not publish it. */
    private static Double mean(Collection<RunResult> run, String label) {
        for (RunResult result : run) {
            Result<?> r = result.getAggregatedResult().getSecondaryResults().get(label);
            if (r != null) {
                return r.getScore();
            }
        }
        return null;
    }
}
