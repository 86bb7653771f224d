package dev.factored.jmh.rounds;

import java.lang.management.ManagementFactory;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * A test profiler that reports when the fork's JVM started (epoch milliseconds) as the secondary metric
 * {@code test.forkStart}: its raw data show which fork of a configuration ran when, so a test can read the order
 * in which forks ran from JMH's JSON alone.
 */
public final class ForkStart implements InternalProfiler {

    static final String METRIC = "test.forkStart";

    @Override
    public String getDescription() {
        return "the fork JVM's start time, for tests of the fork order";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                       IterationResult result) {
        return List.of(new ScalarResult(METRIC, ManagementFactory.getRuntimeMXBean().getStartTime(), "ms",
                AggregationPolicy.MAX));
    }
}
