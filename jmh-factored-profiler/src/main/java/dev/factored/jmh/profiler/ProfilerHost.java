package dev.factored.jmh.profiler;

import static dev.factored.jmh.profiler.ProfilerLog.PREFIX;

import dev.factored.contract.ActivityLog;
import dev.factored.contract.CoresTurn;
import dev.factored.contract.CoresValue;
import dev.factored.contract.HostIdentity;
import dev.factored.contract.ProfilerMetrics;
import dev.factored.forkjoin.Burden;
import dev.factored.forkjoin.CommonPool;
import dev.factored.jmh.machine.CpuSet;
import dev.factored.jmh.machine.CpuTopology;
import dev.factored.jmh.machine.ForkCores;
import dev.factored.jmh.machine.MachineAtStart;
import dev.factored.jmh.machine.ForkPinning;
import dev.factored.jmh.machine.ThreadPinning;
import dev.factored.jmh.profiler.archive.ForkArchive;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.profile.ExternalProfiler;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.Result;

/**
 * The host half of {@code dev.factored.jmh.FactoredProfiler}, in the JVM that runs JMH: for every fork it reads the
 * benchmark's {@code cores} parameter and starts the fork under {@code taskset -c <first N CPUs of the pinning order>}
 * ({@link dev.factored.jmh.machine.PinningOrder}) with {@code -XX:ActiveProcessorCount=N} (N = P, or 1 for baseline
 * and elision), the host's collector, the common pool's size and, for span forks, the burden measured here. A turn's
 * fork ({@code cores=1+2}) is started as one of its widest member, and moves its threads onto each member's CPUs.
 */
public final class ProfilerHost implements ExternalProfiler {

    /**
     * Set by the host on every fork it starts. A fork that has it but no cores value runs a benchmark without a
     * {@code cores} param: the host has said so on its own line.
     */
    public static final String HOST_PROPERTY = "dev.factored.profilerHost";

    private final ProfilerOptions options;
    private final PrintStream out;
    private ForkPinning.Host host;
    /** The {@code cores} param of the trial whose forks start now, parsed once for the host's calls about it. */
    private final TrialCores trialCores = new TrialCores();
    /**
     * The burden for span forks, measured once per (unpinned) host JVM; NaN until then. Static: the rounds runner
     * makes a profiler instance for every configuration it runs, and the burden is the machine's, not a run's.
     */
    private static double burdenNanos = Double.NaN;

    public ProfilerHost(ProfilerOptions options, PrintStream out) {
        this.options = options;
        this.out = out;
    }

    @Override
    public String getDescription() {
        return "factored (host): pins each fork to the CPUs of its 'cores' configuration";
    }

    @Override
    public Collection<String> addJVMInvokeOptions(BenchmarkParams params) {
        ForkPinning pinning = pinning(params);
        out.println(PREFIX + pinning.note());
        keepOffTheMeasuredCpus(pinning);
        if (options.verbose() && !pinning.invokeOptions().isEmpty()) {
            out.println(PREFIX + "fork command prefix: " + String.join(" ", pinning.invokeOptions())
                    + ", JVM options: " + String.join(" ", pinning.jvmOptions()));
        }
        return pinning.invokeOptions();
    }

    @Override
    public Collection<String> addJVMOptions(BenchmarkParams params) {
        List<String> options = new ArrayList<>(pinning(params).jvmOptions());
        options.addAll(ForkGc.jvmOptions(params.getJvmArgs(), hostCollector()));
        options.addAll(forkArchive(params, options));
        options.add("-D" + HOST_PROPERTY + "=true");
        ForkCores param = trialCores.of(params);
        CoresValue cores = param.configuration();
        CoresTurn turn = param.turn();
        if (turn != null) {
            // Every member's pool is the fork's own; the common pool is left as the JVM makes it (started by nothing):
            // unmodified parallel code, its user, cannot run in turn and keeps forks of its own (Cores says so).
            options.add("-D" + CoresValue.PROPERTY + "=" + turn);
        }
        if (cores != null) { // else no or a bad cores value: the fork is not a factored one (pinning already said so)
            options.add("-D" + CoresValue.PROPERTY + "=" + cores);
            options.addAll(bandwidthHeap(params, cores));
            if (this.options.commonPool()) {
                options.addAll(CommonPool.jvmOptions(cores));
            }
        }
        if (this.options.activity() != null) {
            Path activity = Path.of(this.options.activity()).toAbsolutePath();
            options.add("-D" + ActivityLog.PROPERTY + "=" + activity);
            recordHost(activity, params);
        }
        if (cores != null && cores.isSpan()) {
            // A span fork is pinned to one CPU, where a steal cannot be measured: the host measures it.
            options.add("-D" + Burden.PROPERTY + "=" + String.format(Locale.ROOT, "%.1f", burden()));
        }
        return options;
    }

    /** The activity directories this host JVM has written its identity into. */
    private static final java.util.Set<Path> hostRecorded = new java.util.HashSet<>();

    /** The activity directories this host JVM's forks were given so far (the rounds runner's {@code ForkActivity}). */
    public static java.util.Set<Path> activityDirectories() {
        synchronized (ProfilerHost.class) {
            return java.util.Set.copyOf(hostRecorded);
        }
    }

    /**
     * Writes which machine and JVM measured into the activity directory ({@link HostIdentity#FILE_NAME}), once per
     * directory and host JVM, so that the analysis can tell results of different machines apart. A failure is
     * printed, never thrown: the benchmarks still run.
     */
    private void recordHost(Path activity, BenchmarkParams params) {
        synchronized (ProfilerHost.class) {
            if (!hostRecorded.add(activity)) {
                return;
            }
        }
        java.util.Map<String, String> configuration = new java.util.TreeMap<>();
        configuration.put("pin", Boolean.toString(options.pin()));
        configuration.put("commonPool", Boolean.toString(options.commonPool()));
        configuration.put("interference", Boolean.toString(options.interference()));
        configuration.put("forkJvm", String.valueOf(params.getJvm()));
        configuration.put("forkVm", params.getVmName() + " " + params.getVmVersion());
        configuration.put("forkJdkVersion", String.valueOf(params.getJdkVersion()));
        try {
            // The machine as this host found it before it moved off any fork's CPUs: the same whatever fork came first.
            CpuTopology machine = MachineAtStart.topology();
            HostIdentity.ofThisMachine(machine.usableCpus(), machine.summary(), configuration).write(activity);
        } catch (IOException | RuntimeException e) {
            out.println(PREFIX + "could not record the host identity in " + activity + ": " + e
                    + " (results of this run cannot be told apart from another machine's)");
        }
    }

    private static boolean archiveNoted;

    /**
     * The class-data-sharing options of a fork ({@link ForkArchive}): JMH gives forks the host's class path. Why there
     * are none is said once per host JVM.
     *
     * @param planned the fork's options planned so far (the collector's among them, which may choose the base archive)
     */
    private List<String> forkArchive(BenchmarkParams params, List<String> planned) {
        if (ForkArchive.switchedOff()) {
            return List.of();
        }
        List<String> forkJvmArgs = new ArrayList<>(params.getJvmArgs());
        forkJvmArgs.addAll(planned);
        ForkArchive.Plan plan = ForkArchive.ofThisHost().plan(params.getJvm(), System.getProperty("java.class.path"),
                forkJvmArgs);
        synchronized (ProfilerHost.class) {
            if (plan.missingBecause() != null && !archiveNoted) {
                archiveNoted = true;
                out.println(PREFIX + "forks load their classes without a shared archive: " + plan.missingBecause());
            }
        }
        return plan.jvmOptions();
    }

    /** The host's collector, found once per host JVM (JMH makes a profiler instance per fork). */
    private static String hostCollector;
    private static boolean collectorNoted;

    /** The collector this (unpinned) host JVM runs: every fork gets it (see {@link ForkGc}). */
    private String hostCollector() {
        synchronized (ProfilerHost.class) {
            if (!collectorNoted) {
                collectorNoted = true;
                hostCollector = ForkGc.ofThisJvm();
                out.println(PREFIX + (hostCollector == null ? "the host's garbage collector is unknown: forks "
                        + "choose their own, which may differ between configurations"
                        : "every fork runs " + hostCollector + " (the host's collector) unless its JVM arguments "
                                + "choose one: pinned to one CPU the JVM would pick another"));
            }
            return hostCollector;
        }
    }

    /** The cost of one steal and migration on this machine, measured on first use (about half a second). */
    private double burden() {
        synchronized (ProfilerHost.class) {
            if (Double.isNaN(burdenNanos)) {
                burdenNanos = Burden.measure();
                out.println(PREFIX + "burden (one steal and migration, measured on " + Runtime.getRuntime()
                        .availableProcessors() + " CPUs): " + String.format(Locale.ROOT, "%.1f", burdenNanos / 1000)
                        + " us per forked task, added to the burdened span of cores=span");
            }
            return burdenNanos;
        }
    }

    private ForkPinning pinning(BenchmarkParams params) {
        return ForkPinning.plan(params.getBenchmark(), trialCores.of(params), options.pin(), host());
    }

    /** The facts about this host, gathered on first use (never in the forks, which do not need them). */
    private synchronized ForkPinning.Host host() {
        if (host == null) {
            host = ForkPinning.Host.ofThisMachine(options.cpuOrder());
        }
        return host;
    }

    @Override
    public void beforeTrial(BenchmarkParams benchmarkParams) {
        // Pinning happens through the command line; nothing to start.
    }

    /** Whether the host JVM's threads are off the CPUs of the fork that runs now. */
    private static boolean hostMoved;

    /**
     * This JVM is another process on the fork's CPUs: its threads (its compilers, JMH's reading of the fork's output)
     * move to the CPUs the fork does not measure while it runs, and back after it ({@link #afterTrial}). Only where
     * the fork has spare CPUs: with every CPU measured there is nowhere else to go.
     */
    private void keepOffTheMeasuredCpus(ForkPinning pinning) {
        ForkPinning.Host h = host();
        if (!pinning.state().pinned() || pinning.spareCpus() == null || h.taskset() == null || h.allowed() == null) {
            return;
        }
        CpuSet measured = CpuSet.parse(pinning.cpus());
        List<Integer> rest = new ArrayList<>();
        for (int cpu : h.allowed().toArray()) {
            if (!measured.contains(cpu)) {
                rest.add(cpu);
            }
        }
        CpuSet off = CpuSet.of(rest);
        synchronized (ProfilerHost.class) {
            new ThreadPinning(off, off, h.taskset().toString(), ThreadPinning.TASKS).apply();
            hostMoved = true;
        }
    }

    /** Puts the host JVM's threads back on every CPU it was allowed. */
    private void backOnItsCpus() {
        ForkPinning.Host h = host();
        synchronized (ProfilerHost.class) {
            if (!hostMoved) {
                return;
            }
            new ThreadPinning(h.allowed(), h.allowed(), h.taskset().toString(), ThreadPinning.TASKS).apply();
            hostMoved = false;
        }
    }

    @Override
    public Collection<? extends Result> afterTrial(BenchmarkResult br, long pid, File stdOut, File stdErr) {
        backOnItsCpus();
        BenchmarkParams params = br.getParams();
        Result live = br.getSecondaryResults().get(ProfilerMetrics.LIVE_HEAP);
        Result max = br.getSecondaryResults().get(ProfilerMetrics.MAX_HEAP);
        if (live != null && max != null && runsBaseline(trialCores.of(params))) {
            synchronized (ProfilerHost.class) {
                baselineHeaps.put(family(params), new long[] {(long) live.getScore(), (long) max.getScore()});
            }
        }
        return List.of();
    }

    /** Whether a fork of this {@code cores} value runs the baseline: alone, or as a member of a turn ({@code 1+2}). */
    private static boolean runsBaseline(ForkCores cores) {
        // by its meaning, as the bandwidth fork that reads the heap is found (-p cores=Baseline too)
        return cores.value() != null && cores.value().configurations().contains(CoresValue.BASELINE_VALUE);
    }

    /**
     * What each family's baseline fork held (one copy's heap) and had (its maximum heap), bytes. Static: the rounds
     * runner makes a profiler instance for every configuration, and a family's baseline runs before its bandwidth test.
     */
    private static final java.util.Map<String, long[]> baselineHeaps = new java.util.HashMap<>();

    private static String family(BenchmarkParams params) {
        return family(params.getBenchmark(), params.getMode(), params.getParamsKeys(), params::getParam);
    }

    /**
     * Benchmark, mode and params but cores: the configurations the analysis puts in one family, the host's key for a
     * family's baseline heap (and the rounds runner's for the forks it spares). JMH keeps params sorted by name.
     */
    public static String family(String benchmark, org.openjdk.jmh.annotations.Mode mode,
            java.util.Collection<String> names, java.util.function.UnaryOperator<String> value) {
        StringBuilder key = new StringBuilder(benchmark).append(' ').append(mode);
        for (String name : names) {
            if (!name.equals(CoresValue.PARAM)) {
                key.append(' ').append(name).append('=').append(value.apply(name));
            }
        }
        return key.toString();
    }

    /** The heap and copies of a bandwidth fork, from its family's baseline fork; none when that did not run first. */
    private List<String> bandwidthHeap(BenchmarkParams params, CoresValue cores) {
        long[] baseline;
        synchronized (ProfilerHost.class) {
            baseline = baselineHeaps.get(family(params));
        }
        if (!cores.isBandwidth() || baseline == null) {
            return List.of();
        }
        BandwidthHeap.Plan plan = BandwidthHeap.plan(params.getBenchmark() + " cores=" + cores, cores.workers(),
                baseline[0], baseline[1], BandwidthHeap.machineBytes());
        if (plan.note() != null) {
            out.println(PREFIX + plan.note());
        }
        List<String> options = new ArrayList<>();
        if (plan.maxHeapBytes() > 0) {
            options.add("-Xmx" + (plan.maxHeapBytes() >> 20) + "m");
        }
        if (plan.copies() < cores.workers()) {
            options.add("-D" + BandwidthHeap.COPIES_PROPERTY + "=" + plan.copies());
        }
        return options;
    }

    @Override
    public boolean allowPrintOut() {
        return true;
    }

    @Override
    public boolean allowPrintErr() {
        return true;
    }
}
