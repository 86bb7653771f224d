package dev.factored.jmh.rounds;

import dev.factored.contract.ProfilerMetrics;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

/**
 * The forks measured so far, per configuration, merged into what one JMH run with {@code -f N} returns: one
 * {@link RunResult} per configuration holding its forks in the order they ran (so in round order), in JMH's order
 * of configurations. A configuration that failed is dropped with the forks it had, as JMH drops a configuration
 * whose fork fails, and runs no more.
 */
final class RoundResults {

    private final Map<SuiteConfiguration, List<BenchmarkResult>> forks = new LinkedHashMap<>();
    private final Set<SuiteConfiguration> failed = new HashSet<>();
    private BenchmarkResult replaced;

    /**
     * Adds what one configuration's run returned: JMH returns nothing for a configuration whose fork failed
     * (it has printed the failure).
     */
    void add(SuiteConfiguration configuration, Collection<RunResult> run) {
        List<BenchmarkResult> measured = new ArrayList<>();
        for (RunResult result : run) {
            measured.addAll(result.getBenchmarkResults());
        }
        if (measured.isEmpty()) {
            failed.add(configuration);
            forks.remove(configuration);
            return;
        }
        forks.computeIfAbsent(configuration, c -> new ArrayList<>()).addAll(measured);
    }

    /**
     * Adds a configuration's further fork; with {@code replace}, it takes the place of the fork that other processes
     * disturbed most ({@code factored.interferenceShare}), when that one was disturbed more than the new one. A
     * further fork that failed changes nothing (the earlier forks stand) and returns false.
     */
    boolean add(SuiteConfiguration configuration, Collection<RunResult> run, boolean replace) {
        return add(configuration, run, replace, null);
    }

    /**
     * The same, and with {@code replaceFork} not null the new fork takes the place of that fork of the configuration
     * (from 0, in the results' order), whatever either measured: the caller judged that fork's measurement to have
     * begun before its steady state. An index the configuration no longer has replaces nothing.
     */
    boolean add(SuiteConfiguration configuration, Collection<RunResult> run, boolean replace, Integer replaceFork) {
        if (run.stream().allMatch(r -> r.getBenchmarkResults().isEmpty())) {
            failed.add(configuration);
            return false;
        }
        List<BenchmarkResult> before = forks.get(configuration);
        if (replaceFork != null && before != null && replaceFork < before.size()) {
            replaced = before.remove((int) replaceFork);
        } else if (replace && before != null && !before.isEmpty()) {
            int worst = 0;
            for (int i = 1; i < before.size(); i++) {
                if (share(before.get(i)) > share(before.get(worst))) {
                    worst = i;
                }
            }
            double fresh = Double.POSITIVE_INFINITY;
            for (RunResult result : run) {
                for (BenchmarkResult b : result.getBenchmarkResults()) {
                    fresh = Math.min(fresh, share(b));
                }
            }
            if (fresh < share(before.get(worst))) {
                replaced = before.remove(worst);
            }
        }
        add(configuration, run);
        return true;
    }

    /**
     * The fork the last {@link #add(SuiteConfiguration, Collection, boolean, Integer)} replaced, once (then null): its activity
     * file must go with it ({@link ForkActivity}).
     */
    BenchmarkResult takeReplaced() {
        BenchmarkResult fork = replaced;
        replaced = null;
        return fork;
    }

    /** The share of its CPUs other processes took during a fork; 0 when it was not measured. */
    private static double share(BenchmarkResult fork) {
        String label = ProfilerMetrics.interferenceLabel(fork.getSecondaryResults()::containsKey);
        Result<?> share = label == null ? null : fork.getSecondaryResults().get(label);
        return share == null || Double.isNaN(share.getScore()) ? 0 : share.getScore();
    }

    boolean failed(SuiteConfiguration configuration) {
        return failed.contains(configuration);
    }

    /** The results as JMH's {@code Runner.run} would return them for all forks so far, in its order. */
    List<RunResult> merged() {
        List<RunResult> merged = new ArrayList<>();
        for (Map.Entry<SuiteConfiguration, List<BenchmarkResult>> e : forks.entrySet()) {
            merged.add(new RunResult(params(e.getKey(), e.getValue()), e.getValue()));
        }
        merged.sort(RunResult.DEFAULT_SORT_COMPARATOR);
        return merged;
    }

    /**
     * The parameters of a run of all the configuration's forks: those of its first fork, with the fork counts of
     * the whole run and the params with their order in the values list (a one-configuration run numbers every
     * value 0, and JMH sorts configurations by these numbers).
     */
    private static BenchmarkParams params(SuiteConfiguration configuration, List<BenchmarkResult> results) {
        BenchmarkParams p = results.get(0).getParams();
        return new BenchmarkParams(p.getBenchmark(), p.generatedBenchmark(), p.shouldSynchIterations(),
                p.getThreads(), p.getThreadGroups(), p.getThreadGroupLabels(),
                configuration.forks() == 0 ? 0 : results.size(), configuration.warmupForks(),
                p.getWarmup(), p.getMeasurement(), p.getMode(), configuration.params(),
                p.getTimeUnit(), p.getOpsPerInvocation(), p.getJvm(), p.getJvmArgs(),
                p.getJdkVersion(), p.getVmName(), p.getVmVersion(), p.getJmhVersion(), p.getTimeout());
    }
}
