package dev.factored.jmh;

import dev.factored.contract.ActivityLog;
import dev.factored.contract.CoresValue;
import dev.factored.forkjoin.CommonPool;
import dev.factored.forkjoin.FactoredPool;
import dev.factored.forkjoin.Burden;
import dev.factored.forkjoin.PoolStats;
import dev.factored.forkjoin.SpanStats;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.profile.ExternalProfiler;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.IterationResultMetaData;
import org.openjdk.jmh.results.Result;

/**
 * The JMH profiler of factored: {@code -prof dev.factored.jmh.FactoredProfiler}.
 *
 * <p>JMH makes one instance in the host JVM, which acts as the {@link ExternalProfiler}: for every fork
 * it reads the benchmark's {@code cores} parameter and starts the fork under
 * {@code taskset -c <first N allowed CPUs>} with {@code -XX:ActiveProcessorCount=N} (N = P, or 1 for
 * baseline and elision). JMH makes another instance inside each fork, which acts as the
 * {@link InternalProfiler}: around every iteration it takes the {@link FactoredPool#totals()} counters
 * and reports them per JMH operation as the secondary metrics {@code factored.idle},
 * {@code factored.workers}, {@code factored.cpus}, {@code factored.pinned}, {@code factored.steals},
 * {@code factored.tasks} and {@code factored.poolOps}. Options: see {@link ProfilerOptions#help()}.
 *
 * <p>Warnings are printed by the fork, once each, prefixed {@code [factored]}.
 */
public final class FactoredProfiler implements ExternalProfiler, InternalProfiler {

    /** The prefix of every line this profiler prints. */
    public static final String LOG_PREFIX = "[factored] ";

    private final ProfilerOptions options;
    private final PrintStream out = System.out;

    // Host side.
    private ForkPinning.Host host;
    /**
     * The burden for span forks, measured once per (unpinned) host JVM; NaN until then. Static: JMH makes profiler
     * instances per run, and {@link Rounds} makes a run per configuration and round.
     */
    private static double burdenNanos = Double.NaN;

    // Fork side: state of the running iteration, and warnings already given.
    private PoolStats iterationStart;
    private SpanStats spanIterationStart;
    private boolean warnedNoFork;
    private boolean warnedThreads;
    private boolean warnedUnused;
    private boolean warnedOversubscribed;
    private boolean warnedNoMetadata;
    private boolean warnedActivity;
    private boolean warnedOverflow;
    /** The side file of this fork's sampled operations; null until the first one, or when not recording. */
    private ActivityFile activityFile;
    private int measurementIterations;
    private long activityOverflowsAtStart;

    public FactoredProfiler(String initLine) throws ProfilerException {
        this.options = ProfilerOptions.parse(initLine);
    }

    @Override
    public String getDescription() {
        return "factored: pins forks to their 'cores' CPUs, reports the FactoredPool's idle time per op";
    }

    // ---------------------------------------------------------------- host JVM (ExternalProfiler)

    @Override
    public Collection<String> addJVMInvokeOptions(BenchmarkParams params) {
        ForkPinning pinning = pinning(params);
        out.println(LOG_PREFIX + pinning.note());
        if (options.verbose() && !pinning.invokeOptions().isEmpty()) {
            out.println(LOG_PREFIX + "fork command prefix: " + String.join(" ", pinning.invokeOptions())
                    + ", JVM options: " + String.join(" ", pinning.jvmOptions()));
        }
        return pinning.invokeOptions();
    }

    @Override
    public Collection<String> addJVMOptions(BenchmarkParams params) {
        List<String> options = new ArrayList<>(pinning(params).jvmOptions());
        options.addAll(ForkGc.jvmOptions(params.getJvmArgs(), hostCollector()));
        try {
            CoresValue cores = CoresValue.parse(String.valueOf(params.getParam(CoresValue.PARAM)));
            options.add("-D" + CoresValue.PROPERTY + "=" + cores);
            if (this.options.commonPool()) {
                options.addAll(CommonPool.jvmOptions(cores));
            }
        } catch (IllegalArgumentException e) {
            // no or a bad cores value: the fork is not a factored one (pinning already said so)
        }
        if (this.options.activity() != null) {
            options.add("-D" + ActivityLog.PROPERTY + "=" + Path.of(this.options.activity()).toAbsolutePath());
        }
        if (CoresValue.SPAN.equalsIgnoreCase(String.valueOf(params.getParam("cores")).strip())) {
            // A span fork is pinned to one CPU, where a steal cannot be measured: the host measures it.
            options.add("-D" + Burden.PROPERTY + "=" + String.format(Locale.ROOT, "%.1f", burden()));
        }
        return options;
    }

    /** The host's collector, found once per host JVM (JMH makes a profiler instance per fork). */
    private static String hostCollector;
    private static boolean collectorNoted;

    /** The collector this (unpinned) host JVM runs: every fork gets it (see {@link ForkGc}). */
    private String hostCollector() {
        synchronized (FactoredProfiler.class) {
            if (!collectorNoted) {
                collectorNoted = true;
                hostCollector = ForkGc.ofThisJvm();
                out.println(LOG_PREFIX + (hostCollector == null ? "the host's garbage collector is unknown: forks "
                        + "choose their own, which may differ between configurations"
                        : "every fork runs " + hostCollector + " (the host's collector) unless its JVM arguments "
                                + "choose one: pinned to one CPU the JVM would pick another"));
            }
            return hostCollector;
        }
    }

    /** The cost of one steal and migration on this machine, measured on first use (about half a second). */
    private double burden() {
        synchronized (FactoredProfiler.class) {
            if (Double.isNaN(burdenNanos)) {
                burdenNanos = Burden.measure();
                out.println(LOG_PREFIX + "burden (one steal and migration, measured on " + Runtime.getRuntime()
                        .availableProcessors() + " CPUs): " + String.format(Locale.ROOT, "%.1f", burdenNanos / 1000)
                        + " us per forked task, added to the burdened span of cores=span");
            }
            return burdenNanos;
        }
    }

    private ForkPinning pinning(BenchmarkParams params) {
        return ForkPinning.plan(params.getBenchmark(), params.getParam("cores"), options.pin(), host());
    }

    /** The facts about this host, gathered on first use (never in the forks, which do not need them). */
    private synchronized ForkPinning.Host host() {
        if (host == null) {
            host = probeHost();
        }
        return host;
    }

    static ForkPinning.Host probeHost() {
        CpuSet allowed = null;
        String problem = null;
        if (!Files.isReadable(CpuSet.PROC_SELF_STATUS)) {
            problem = "not Linux: no " + CpuSet.PROC_SELF_STATUS;
        } else {
            try {
                allowed = CpuSet.readAllowed(CpuSet.PROC_SELF_STATUS);
            } catch (IOException | IllegalArgumentException e) {
                problem = e.getMessage();
            }
        }
        return new ForkPinning.Host(allowed, problem, findOnPath("taskset", System.getenv("PATH")));
    }

    /** The first executable {@code name} in the directories of {@code path}, or null. */
    static Path findOnPath(String name, String path) {
        if (path == null) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isBlank()) {
                continue;
            }
            Path candidate = Path.of(dir, name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate.toAbsolutePath();
            }
        }
        return null;
    }

    @Override
    public void beforeTrial(BenchmarkParams benchmarkParams) {
        // Pinning happens through the command line; nothing to start.
    }

    @Override
    public Collection<? extends Result> afterTrial(BenchmarkResult br, long pid, File stdOut, File stdErr) {
        return List.of();
    }

    @Override
    public boolean allowPrintOut() {
        return true;
    }

    @Override
    public boolean allowPrintErr() {
        return true;
    }

    // ---------------------------------------------------------------- fork JVM (InternalProfiler)

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        if (!warnedNoFork && System.getProperty(ForkPinning.STATE_PROPERTY) == null) {
            warnedNoFork = true;
            warn("this JVM was not started by the FactoredProfiler's host part (a -f 0 run?): it is not "
                    + "pinned, cores=P may use every CPU of the machine and factored.pinned is 0. "
                    + "Run factored benchmarks with forks >= 1.");
        }
        iterationStart = FactoredPool.totals();
        spanIterationStart = FactoredPool.spanTotals();
        copiesAtStart = Cores.copiesRun();
        activityOverflowsAtStart = FactoredPool.activityOverflows();
    }

    private long copiesAtStart;

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams,
                                                       IterationParams iterationParams,
                                                       IterationResult result) {
        PoolStats delta = FactoredPool.totals().minus(iterationStart == null ? PoolStats.ZERO : iterationStart);
        SpanStats spanDelta = FactoredPool.spanTotals().minus(spanIterationStart == null ? SpanStats.ZERO
                : spanIterationStart);
        IterationResultMetaData metadata = result.getMetadata();
        // allOps counts every operation between beforeIteration and afterIteration, including the
        // ones JMH runs while synchronizing threads at the iteration's start and end; measuredOps
        // would leave those out although the pool counted them.
        long operations = metadata == null ? 0 : metadata.getAllOps();
        if (operations <= 0) {
            if (!warnedNoMetadata) {
                warnedNoMetadata = true;
                warn(benchmarkParams.getBenchmark() + ": JMH reported no operation count for an iteration; "
                        + "no factored metrics for it");
            }
            return List.of();
        }
        CoresValue configuration = configuration(benchmarkParams);
        int cpus = Runtime.getRuntime().availableProcessors();
        ForkPinning.State state = ForkPinning.State.ofProperty(System.getProperty(ForkPinning.STATE_PROPERTY));
        boolean pinned = state != null && state.pinned();
        IterationMetrics.Metrics metrics = IterationMetrics.of(delta, spanDelta, Cores.copiesRun() - copiesAtStart,
                operations,
                benchmarkParams.getTimeUnit(),
                configuration, cpus, pinned, state == null ? null : state.pinnable());
        warnings(benchmarkParams, configuration, delta, cpus);
        if (iterationParams.getType() == IterationType.MEASUREMENT) {
            measurementIterations++;
            if (delta.operations() > delta.elisionOperations() && delta.concurrentOperations() == 0) {
                sampleActivity(benchmarkParams);
            }
        }
        if (options.verbose()) {
            out.println();
            out.println(LOG_PREFIX + "iteration: " + operations + " JMH ops, " + delta
                    + (metrics.idleMissingBecause() == null ? "" : "; no idle: " + metrics.idleMissingBecause()));
        }
        return metrics.results();
    }

    /** Appends the iteration's last operation to the fork's activity file, when the host asked for it. */
    private void sampleActivity(BenchmarkParams params) {
        String directory = System.getProperty(ActivityLog.PROPERTY);
        if (directory == null || warnedActivity) {
            return;
        }
        ActivityLog.Operation operation = FactoredPool.lastActivity(measurementIterations);
        if (operation == null) {
            if (!warnedOverflow && FactoredPool.activityOverflows() > activityOverflowsAtStart) {
                warnedOverflow = true;
                warn(params.getBenchmark() + ": an operation had more than " + FactoredPool.ACTIVITY_CAPACITY
                        + " busy periods on one worker, more than the activity buffers hold: iterations whose last "
                        + "operation overflowed are left out of the activity timeline and the idle split.");
            }
            return;
        }
        try {
            if (activityFile == null) {
                activityFile = ActivityFile.of(Path.of(directory), params);
            }
            activityFile.append(operation);
        } catch (IOException | RuntimeException e) {
            warnedActivity = true;
            warn(params.getBenchmark() + ": could not write the activity file "
                    + (activityFile == null ? directory : activityFile.path()) + ": " + e
                    + "; no activity timeline or idle split for this fork.");
        }
    }

    private static CoresValue configuration(BenchmarkParams params) {
        String cores = params.getParam("cores");
        if (cores == null) {
            return null;
        }
        try {
            return CoresValue.parse(cores);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** The situations in which the fork's numbers mislead; each is said once per benchmark fork. */
    private void warnings(BenchmarkParams params, CoresValue configuration, PoolStats delta, int cpus) {
        String cores = configuration == null ? "" : " cores=" + configuration;
        String benchmark = params.getBenchmark() + cores;
        long pooledOps = delta.operations() - delta.elisionOperations();
        if (!warnedThreads && (delta.concurrentOperations() > 0 || (params.getThreads() > 1 && delta.operations() > 0))) {
            warnedThreads = true;
            String overlap = delta.concurrentOperations() > 0
                    ? delta.concurrentOperations() + " operations overlapped on one pool in an iteration, so "
                            + "factored.idle is not reported"
                    : "the threads compete for the same CPUs and pool, so times are not those of one operation";
            warn(benchmark + " runs with " + params.getThreads() + " JMH threads on the FactoredPool: " + overlap
                    + ". Run factored benchmarks with -t 1.");
        }
        if (!warnedUnused && configuration != null && !configuration.isBaseline() && !configuration.isBandwidth()
                && delta.operations() == 0) {
            warnedUnused = true;
            warn(benchmark + " ran no operation on a FactoredPool: call cores.invoke(task) or "
                    + "cores.parallelFor(...) in the benchmark method (or leave the 'cores' parameter out). "
                    + "factored.idle is not reported for it.");
        }
        int workers = pooledOps > 0 ? delta.workers()
                : configuration != null && configuration.kind() == CoresValue.Kind.WORKERS ? configuration.workers() : 0;
        if (!warnedOversubscribed && workers > cpus) {
            warnedOversubscribed = true;
            warn(benchmark + ": OVERSUBSCRIBED, " + workers + " workers but only " + cpus
                    + " CPUs for this fork: the workers share CPUs, so idle and speedup at this P are not a "
                    + "measurement of " + workers + " cores.");
        }
    }

    private void warn(String message) {
        // Own line: JMH has already printed the iteration's label on the current one.
        out.println();
        out.println(LOG_PREFIX + "WARNING: " + message);
    }
}
