package dev.factored.jmh;

import dev.factored.jmh.profiler.ProfilerFork;
import dev.factored.jmh.profiler.ProfilerHost;
import dev.factored.jmh.profiler.ProfilerLog;
import dev.factored.jmh.profiler.ProfilerOptions;
import dev.factored.jmh.profiler.PublishedMetrics;
import java.io.File;
import java.io.PrintStream;
import java.util.Collection;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.ExternalProfiler;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;

/**
 * The JMH profiler of factored: {@code -prof dev.factored.jmh.FactoredProfiler}.
 *
 * <p>JMH makes one instance in the host JVM, which acts as the {@link ExternalProfiler} ({@link ProfilerHost}:
 * pinning and the forks' JVM options), and one inside each fork, which acts as the {@link InternalProfiler}
 * ({@link ProfilerFork}: the per-iteration metrics). This class only holds the two halves, since JMH takes one
 * class for both. Options: {@link ProfilerOptions}, listed by {@code -prof dev.factored.jmh.FactoredProfiler:help}.
 * Which of the fork's metrics JMH gets, and how it prints them: {@link PublishedMetrics}.
 *
 * <p>Warnings are printed by the fork, once each, prefixed {@code [factored]}.
 */
public final class FactoredProfiler implements ExternalProfiler, InternalProfiler {

    /** The prefix of every line this profiler prints. */
    public static final String LOG_PREFIX = ProfilerLog.PREFIX;

    private final ProfilerHost host;
    private final ProfilerFork fork;
    private final PublishedMetrics published;

    public FactoredProfiler(String initLine) throws ProfilerException {
        ProfilerOptions options = ProfilerOptions.parse(initLine);
        PrintStream out = System.out;
        this.host = new ProfilerHost(options, out);
        this.fork = new ProfilerFork(options, out, Cores::copiesRun);
        this.published = new PublishedMetrics(options.metrics());
    }

    @Override
    public String getDescription() {
        return "factored: pins forks to their 'cores' CPUs, reports the FactoredPool's idle time per op";
    }

    @Override
    public Collection<String> addJVMInvokeOptions(BenchmarkParams params) {
        return host.addJVMInvokeOptions(params);
    }

    @Override
    public Collection<String> addJVMOptions(BenchmarkParams params) {
        return host.addJVMOptions(params);
    }

    @Override
    public void beforeTrial(BenchmarkParams benchmarkParams) {
        host.beforeTrial(benchmarkParams);
    }

    @Override
    public Collection<? extends Result> afterTrial(BenchmarkResult br, long pid, File stdOut, File stdErr) {
        return host.afterTrial(br, pid, stdOut, stdErr);
    }

    @Override
    public boolean allowPrintOut() {
        return host.allowPrintOut();
    }

    @Override
    public boolean allowPrintErr() {
        return host.allowPrintErr();
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        fork.beforeIteration(benchmarkParams, iterationParams);
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                       IterationResult result) {
        return published.of(benchmarkParams, iterationParams,
                fork.afterIteration(benchmarkParams, iterationParams, result));
    }
}
