package dev.factored.jmh.rounds;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.ProfilerConfig;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.openjdk.jmh.runner.options.WarmupMode;
import org.openjdk.jmh.util.Optional;

/**
 * The command line's options as the parent of every configuration's run, without what belongs to the run as a
 * whole: the benchmark selection (an {@code OptionsBuilder} adds its parent's includes to its own, so the
 * configuration's exact include would be joined by the whole selection again), the result file and format (each
 * run would overwrite the file with its one configuration; {@link SuiteRounds} writes the merged results) and the
 * output file (each run would truncate it; {@link SuiteRounds} opens it once). Everything else is passed through.
 *
 * <p>Serializable like every {@link Options}: JMH sends the options to each fork.
 */
final class SharedOptions implements Options {

    private static final long serialVersionUID = 1L;

    private final Options all;

    SharedOptions(Options all) {
        this.all = all;
    }

    @Override
    public List<String> getIncludes() {
        return List.of();
    }

    @Override
    public List<String> getExcludes() {
        return List.of();
    }

    @Override
    public Optional<String> getOutput() {
        return Optional.none();
    }

    @Override
    public Optional<ResultFormatType> getResultFormat() {
        return Optional.none();
    }

    @Override
    public Optional<String> getResult() {
        return Optional.none();
    }

    @Override
    public Optional<Boolean> shouldDoGC() {
        return all.shouldDoGC();
    }

    @Override
    public List<ProfilerConfig> getProfilers() {
        return all.getProfilers();
    }

    @Override
    public Optional<VerboseMode> verbosity() {
        return all.verbosity();
    }

    @Override
    public Optional<Boolean> shouldFailOnError() {
        return all.shouldFailOnError();
    }

    @Override
    public Optional<Integer> getThreads() {
        return all.getThreads();
    }

    @Override
    public Optional<int[]> getThreadGroups() {
        return all.getThreadGroups();
    }

    @Override
    public Optional<Boolean> shouldSyncIterations() {
        return all.shouldSyncIterations();
    }

    @Override
    public Optional<Integer> getWarmupIterations() {
        return all.getWarmupIterations();
    }

    @Override
    public Optional<TimeValue> getWarmupTime() {
        return all.getWarmupTime();
    }

    @Override
    public Optional<Integer> getWarmupBatchSize() {
        return all.getWarmupBatchSize();
    }

    @Override
    public Optional<WarmupMode> getWarmupMode() {
        return all.getWarmupMode();
    }

    @Override
    public List<String> getWarmupIncludes() {
        return all.getWarmupIncludes();
    }

    @Override
    public Optional<Integer> getMeasurementIterations() {
        return all.getMeasurementIterations();
    }

    @Override
    public Optional<TimeValue> getMeasurementTime() {
        return all.getMeasurementTime();
    }

    @Override
    public Optional<Integer> getMeasurementBatchSize() {
        return all.getMeasurementBatchSize();
    }

    @Override
    public Collection<Mode> getBenchModes() {
        return all.getBenchModes();
    }

    @Override
    public Optional<TimeUnit> getTimeUnit() {
        return all.getTimeUnit();
    }

    @Override
    public Optional<Integer> getOperationsPerInvocation() {
        return all.getOperationsPerInvocation();
    }

    @Override
    public Optional<Integer> getForkCount() {
        return all.getForkCount();
    }

    @Override
    public Optional<Integer> getWarmupForkCount() {
        return all.getWarmupForkCount();
    }

    @Override
    public Optional<String> getJvm() {
        return all.getJvm();
    }

    @Override
    public Optional<Collection<String>> getJvmArgs() {
        return all.getJvmArgs();
    }

    @Override
    public Optional<Collection<String>> getJvmArgsAppend() {
        return all.getJvmArgsAppend();
    }

    @Override
    public Optional<Collection<String>> getJvmArgsPrepend() {
        return all.getJvmArgsPrepend();
    }

    @Override
    public Optional<Collection<String>> getParameter(String name) {
        return all.getParameter(name);
    }

    @Override
    public Optional<TimeValue> getTimeout() {
        return all.getTimeout();
    }
}
