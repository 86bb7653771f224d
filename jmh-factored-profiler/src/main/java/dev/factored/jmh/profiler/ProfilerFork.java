package dev.factored.jmh.profiler;

import static dev.factored.jmh.profiler.ProfilerLog.PREFIX;

import dev.factored.contract.CoresTurn;
import dev.factored.contract.CoresValue;
import dev.factored.contract.ProfilerMetrics;
import dev.factored.forkjoin.accounting.CountedThreads;
import dev.factored.forkjoin.accounting.Ledger;
import dev.factored.forkjoin.accounting.PoolStats;
import dev.factored.forkjoin.accounting.SpanStats;
import dev.factored.forkjoin.accounting.ThreadStates;
import dev.factored.jmh.machine.CpuLabels;
import dev.factored.jmh.machine.CpuSet;
import dev.factored.jmh.machine.ForeignProcesses;
import dev.factored.jmh.machine.ForkPinning;
import dev.factored.jmh.machine.Interference;
import dev.factored.jmh.machine.ThreadPinning;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.IterationResultMetaData;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;
import org.openjdk.jmh.runner.IterationType;

/**
 * The fork half of {@code dev.factored.jmh.FactoredProfiler}, in each measured JVM: around every iteration it takes
 * the pools' counters and what the machine took from the fork's CPUs, and reports them per JMH operation as the
 * secondary metrics of {@link dev.factored.contract.ProfilerMetrics}; it samples operations for the activity timeline
 * ({@link ActivitySamples}) and says once each what makes the fork's numbers mislead.
 */
public final class ProfilerFork implements InternalProfiler {

    private final ProfilerOptions options;
    private final PrintStream out;
    /** Copies of the baseline the bandwidth test ran in this JVM so far (the Cores state counts them). */
    private final LongSupplier copiesRun;

    // State of the running iteration, and warnings already given.
    private PoolStats iterationStart;
    private SpanStats spanIterationStart;
    private boolean warnedNoFork;
    private boolean warnedThreads;
    private boolean warnedUnused;
    private boolean warnedOversubscribed;
    private boolean warnedNoMetadata;
    /** The operations sampled for the activity timeline. */
    private final ActivitySamples activity = new ActivitySamples(this::warn);
    /** What the machine takes from the CPUs of this fork's program. */
    private final ForkInterference interference = new ForkInterference(this::warn);
    private Interference.Reading interferenceStart;
    /** The members of a turn's fork ({@code cores=1+2}) in their order. */
    private final ForkTurn turn = new ForkTurn();
    /** The {@code cores} param of the trial under way, parsed at its first iteration. */
    private final TrialCores trialCores = new TrialCores();

    /** @param copiesRun copies of the baseline run in this JVM so far, read at every iteration boundary */
    public ProfilerFork(ProfilerOptions options, PrintStream out, LongSupplier copiesRun) {
        this.options = options;
        this.out = out;
        this.copiesRun = copiesRun;
    }

    @Override
    public String getDescription() {
        return "factored (fork): the pools' idle time and the machine's interference per operation";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        if (!warnedNoFork && System.getProperty(ForkPinning.STATE_PROPERTY) == null) {
            warnedNoFork = true;
            warn("this JVM was not started by the FactoredProfiler's host part (a -f 0 run?): it is not "
                    + "pinned, cores=P may use every CPU of the machine and factored.pinned is 0. "
                    + "Run factored benchmarks with forks >= 1.");
        }
        CoresValue member = turn.begin(benchmarkParams, trialCores.of(benchmarkParams));
        boolean replaced = forkThreads().place(benchmarkParams.getBenchmark(), member);
        if (options.quietCompilers()) { // before the readings: their interval holds the iteration, not the wait
            forkThreads().compilersBelowProgram(benchmarkParams.getBenchmark(), member != null);
            forkThreads().awaitQuietCompilers(iterationParams.getTime().convertTo(TimeUnit.NANOSECONDS));
        }
        if (replaced) {
            // the machine's counters were opened for threads apart: open them again for threads together
            interference.reopen();
        }
        interferenceStart = options.interference()
                ? interference.start(forkThreads().pinning(), benchmarkParams.getBenchmark()) : null;
        jvmStart = JvmActivity.read();
        looksStart = ThreadStates.counts();
        spanIterationStart = Ledger.spanTotals();
        copiesAtStart = copiesRun.getAsLong();
        activity.iterationStarts();
        // Last, so that the interval of the callers' CPU time holds as little as possible in which they do not run.
        threadsStart = CountedThreads.read();
        iterationStart = Ledger.totals(threadsStart);
    }

    private JvmActivity.Reading jvmStart;
    private long[] looksStart;
    /** The counted threads at the iteration's start; its time ({@code atNanos}) starts the iteration's wall time. */
    private CountedThreads.Reading threadsStart;

    /**
     * The least heap in use at an iteration's end so far: one copy of the state (made by the trial's setup inside the
     * first iteration) and what garbage the collector had left; -1 until read.
     */
    private long liveHeapBytes = -1;

    /** Where this fork's threads run: the program's on the measured CPUs, the JVM's own on spare ones. */
    private ForkThreads forkThreads;

    private ForkThreads forkThreads() {
        if (forkThreads == null) {
            forkThreads = new ForkThreads(options.verbose(), out, this::warn);
        }
        return forkThreads;
    }

    /** Who else ran on the fork's CPUs; null until the first reading, or when /proc cannot say. */
    private ForeignProcesses foreignProcesses;
    private boolean foreignProcessesOpened;

    /** The share other processes must take of an iteration before they are named: the analysis' threshold. */
    static final double NAME_TAKERS_ABOVE = 0.05;

    /**
     * The processes that took at least 2 % of the fork's CPUs in the iteration, the 3 largest, when other processes
     * took {@link #NAME_TAKERS_ABOVE} or more; read at every iteration's end (so the next one has its start), empty
     * when not.
     */
    private List<ForeignProcesses.Taker> takers(Interference.Delta machine) {
        if (machine == null) {
            return List.of();
        }
        if (!foreignProcessesOpened) {
            foreignProcessesOpened = true;
            try {
                foreignProcesses = new ForeignProcesses(Path.of("/proc"), forkThreads().pinning() != null
                        ? forkThreads().pinning().measured() : CpuSet.readAllowed(CpuSet.PROC_SELF_STATUS),
                        ProcessHandle.current().pid());
            } catch (IOException | RuntimeException e) {
                return List.of(); // the interference figures still say how much was taken, only not by whom
            }
        }
        if (foreignProcesses == null) {
            return List.of();
        }
        try {
            if (forkThreads().pinning() != null) {
                foreignProcesses.measure(forkThreads().pinning().measured());
            }
            List<ForeignProcesses.Taker> takers = foreignProcesses.since(machine.cpuNanos(), 0.02, 3);
            return machine.share() >= NAME_TAKERS_ABOVE ? takers : List.of();
        } catch (IOException | RuntimeException e) {
            foreignProcesses = null;
            return List.of();
        }
    }

    private long copiesAtStart;
    /** By the member's CPUs in a turn's fork; under 0 in a fork of one configuration. */
    private final Map<Integer, Map<String, Double>> cpuLabels = new java.util.HashMap<>();

    /**
     * What the host said this fork's CPUs are (and the machine's topology), as metrics; in a turn's fork those of the
     * iteration's member; empty when it did not say.
     */
    private Map<String, Double> cpuLabels(CoresValue member) {
        return cpuLabels.computeIfAbsent(member == null ? 0 : member.cpus(), cpus -> CpuLabels.parseProperty(
                System.getProperty(cpus == 0 ? CpuLabels.PROPERTY : CpuLabels.memberProperty(cpus))));
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams,
                                                       IterationParams iterationParams,
                                                       IterationResult result) {
        CountedThreads.Reading threadsEnd = CountedThreads.read();
        long iterationWall = threadsStart == null ? 0 : threadsEnd.atNanos() - threadsStart.atNanos();
        PoolStats delta = Ledger.totals(threadsEnd).minus(iterationStart == null ? PoolStats.ZERO : iterationStart);
        List<CountedThreads.Share> shares = threadsStart == null ? List.of() : threadsStart.sharesUntil(threadsEnd);
        IterationMetrics.Threads threads = threads(delta, shares, iterationWall);
        SpanStats spanDelta = Ledger.spanTotals().minus(spanIterationStart == null ? SpanStats.ZERO
                : spanIterationStart);
        Interference.Reading interferenceEnd = interferenceStart == null ? null
                : interference.end(benchmarkParams.getBenchmark());
        Interference.Delta machine = interferenceEnd == null ? null
                : Interference.between(interferenceStart, interferenceEnd);
        List<ForeignProcesses.Taker> takers = takers(machine);
        IterationResultMetaData metadata = result.getMetadata();
        // allOps counts every operation between beforeIteration and afterIteration, including the
        // ones JMH runs while synchronizing threads at the iteration's start and end; measuredOps
        // would leave those out although the pool counted them.
        long operations = metadata == null ? 0 : metadata.getAllOps();
        if (operations <= 0) {
            if (!warnedNoMetadata && !Turns.wasRefused()) { // a refused turn's fork says why in its own words
                warnedNoMetadata = true;
                warn(benchmarkParams.getBenchmark() + ": JMH reported no operation count for an iteration; "
                        + "no factored metrics for it");
            }
            return List.of();
        }
        CoresValue member = turn.member();
        CoresValue configuration = member != null ? member : trialCores.of(benchmarkParams).configuration();
        int cpus = cpus(member);
        ForkPinning.State state = ForkPinning.State.ofProperty(System.getProperty(ForkPinning.STATE_PROPERTY));
        boolean pinned = state != null && state.pinned() && !forkThreads().unplaced();
        IterationMetrics.Metrics metrics = IterationMetrics.of(delta, spanDelta, copiesRun.getAsLong() - copiesAtStart,
                machine, threads, operations,
                benchmarkParams.getTimeUnit(),
                configuration, cpus, pinned, state == null ? null : state.pinnable());
        List<Result> results = new java.util.ArrayList<>(metrics.results());
        if (jvmStart != null) {
            long measured = IterationMetrics.measuredNanos(benchmarkParams.getMode(),
                    result.getPrimaryResult().getScore(), metadata.getMeasuredOps(), benchmarkParams.getTimeUnit());
            results.addAll(IterationMetrics.jvm(JvmActivity.between(jvmStart, JvmActivity.read()), delta, operations,
                    benchmarkParams.getTimeUnit(), iterationWall, measured < 0 ? 0 : iterationWall - measured));
        }
        if (delta.counts().estimatedOperations() > 0 || threads.measuredNanos() > 0) {
            // Unmodified parallel code: why its threads were off the CPU, looked at from the next iteration on.
            ThreadStates.start();
            results.addAll(IterationMetrics.offCpu(looksSince(looksStart)));
        }
        for (ForeignProcesses.Taker taker : takers) {
            results.add(new ScalarResult(taker.process().label(), taker.share(), "share", AggregationPolicy.AVG));
        }
        if (configuration != null && configuration.isBaseline() || turn.hasBaseline()) {
            long now = BandwidthHeap.liveBytes();
            liveHeapBytes = liveHeapBytes < 0 ? now : Math.min(liveHeapBytes, now);
            // for the bandwidth test's heap (BandwidthHeap), read by the host after the trial
            results.add(new ScalarResult(ProfilerMetrics.LIVE_HEAP, liveHeapBytes, "B", AggregationPolicy.AVG));
            results.add(new ScalarResult(ProfilerMetrics.MAX_HEAP, Runtime.getRuntime().maxMemory(), "B",
                    AggregationPolicy.AVG));
        }
        ThreadPinning pinning = forkThreads().pinning();
        results.add(new ScalarResult(ProfilerMetrics.JVM_APART, pinning != null && pinning.apart() ? 1 : 0, "bool",
                AggregationPolicy.AVG));
        if (member != null && pinned && machine != null && machine.spare() == null) {
            // A pinned turn's member whose JVM threads share its CPUs (the widest, where the fork has no spare CPU):
            // the spare CPUs' metrics in every iteration, as the narrower members' apart publish them, so that they
            // line up with the tag; factored.jvmApart = 0 beside them says there was nothing to measure.
            results.add(new ScalarResult(ProfilerMetrics.SPARE_INTERFERENCE, 0, "signed share", AggregationPolicy.AVG));
            results.add(new ScalarResult(ProfilerMetrics.SPARE_WAIT, 0,
                    org.openjdk.jmh.runner.options.TimeValue.tuToString(benchmarkParams.getTimeUnit()) + "/op",
                    AggregationPolicy.AVG));
        }
        if (member != null) {
            results.add(new ScalarResult(ProfilerMetrics.TURN, CoresTurn.code(member), "#", AggregationPolicy.AVG));
            if (turn.hasBaseline() && !member.isBaseline()) {
                // the baseline's metric in every iteration, so that it lines up with the tag: no copies ran here
                results.add(new ScalarResult(ProfilerMetrics.COPIES, 0, "copies", AggregationPolicy.AVG));
            }
        }
        cpuLabels(member).forEach((label, value) -> results.add(new ScalarResult(label, value,
                label.equals(ProfilerMetrics.CPU_QUOTA) ? "cpus" : "#", AggregationPolicy.AVG)));
        warnings(benchmarkParams, configuration, delta, threads, cpus);
        if (iterationParams.getType() == IterationType.MEASUREMENT) {
            PoolStats.Counts counts = delta.counts();
            activity.measurementEnds(benchmarkParams, member,
                    counts.operations() > counts.elisionOperations() && counts.concurrentOperations() == 0);
        }
        if (options.verbose()) {
            out.println();
            out.println(PREFIX + "iteration: " + operations + " JMH ops, " + delta
                    + (machine == null ? "" : String.format(Locale.ROOT, "; machine: other processes %.1f %% of %d "
                            + "CPU(s), program threads waited %.2f ms to run (%.2f ms of it behind other processes)",
                            100 * machine.share(), interference.cpuCount(),
                            machine.programDelayNanos() / 1e6, machine.machineDelayNanos() / 1e6))
                    + (machine == null || machine.spare() == null ? "" : String.format(Locale.ROOT, "; spare CPUs: "
                            + "other processes %.1f %%, the JVM's threads waited %.2f ms behind them",
                            100 * machine.spare().share(), machine.spare().machineWaitNanos() / 1e6))
                    + (metrics.idleMissingBecause() == null ? "" : "; no idle: " + metrics.idleMissingBecause())
                    + threadsLine(delta, shares));
        }
        return results;
    }

    private static long[] looksSince(long[] start) {
        long[] now = ThreadStates.counts();
        for (int i = 0; i < now.length && start != null; i++) {
            now[i] -= start[i];
        }
        return now;
    }

    /** The counted threads' CPU time in the iteration: the caller's first ({@link #callerCpu}), then the others'. */
    private static IterationMetrics.Threads threads(PoolStats delta, List<CountedThreads.Share> shares, long wall) {
        List<Long> cpu = new java.util.ArrayList<>();
        long caller = callerCpu(delta);
        if (caller > 0) {
            cpu.add(caller);
        }
        long measured = 0;
        for (CountedThreads.Share s : shares) {
            cpu.add(s.cpuNanos());
            if (!s.common()) {
                measured += s.cpuNanos();
            }
        }
        return new IterationMetrics.Threads(List.copyOf(cpu), caller > 0, measured, wall);
    }

    /** The callers' CPU time in an iteration's operations when they were all estimated ones; 0 otherwise. */
    private static long callerCpu(PoolStats delta) {
        PoolStats.Counts counts = delta.counts();
        return counts.estimatedOperations() > 0 && counts.estimatedOperations() == counts.operations()
                ? delta.threadCpu().callerCpuNanos() : 0;
    }

    /** The verbose line's list of the threads that ran and their CPU time. */
    private static String threadsLine(PoolStats delta, List<CountedThreads.Share> shares) {
        StringBuilder line = new StringBuilder();
        long caller = callerCpu(delta);
        if (caller > 0) {
            line.append(String.format(Locale.ROOT, " caller %.2f ms", caller / 1e6));
        }
        for (CountedThreads.Share s : shares) {
            line.append(String.format(Locale.ROOT, " %s %.2f ms", s.name(), s.cpuNanos() / 1e6));
        }
        return line.length() == 0 ? "" : "; CPU time:" + line;
    }

    /**
     * The CPUs the fork's program runs on: those the JVM was given ({@code availableProcessors}), in a turn's fork the
     * iteration's member's ({@link ThreadPinning#ofTurnMember}), as many as its own fork would have.
     */
    private int cpus(CoresValue member) {
        int available = Runtime.getRuntime().availableProcessors();
        if (member == null) {
            return available;
        }
        ThreadPinning pinning = forkThreads().pinning();
        return pinning != null ? pinning.measured().toArray().length : Math.min(member.cpus(), available);
    }

    /** The situations in which the fork's numbers mislead; each is said once per benchmark fork. */
    private void warnings(BenchmarkParams params, CoresValue configuration, PoolStats delta,
                          IterationMetrics.Threads threads, int cpus) {
        String cores = configuration == null ? "" : " cores=" + configuration;
        String benchmark = params.getBenchmark() + cores;
        PoolStats.Counts counts = delta.counts();
        long pooledOps = counts.operations() - counts.elisionOperations();
        if (!warnedThreads && (counts.concurrentOperations() > 0 || (params.getThreads() > 1 && counts.operations() > 0))) {
            warnedThreads = true;
            String overlap = counts.concurrentOperations() > 0
                    ? counts.concurrentOperations() + " operations overlapped on one pool in an iteration, so "
                            + "factored.idle is not reported"
                    : "the threads compete for the same CPUs and pool, so times are not those of one operation";
            warn(benchmark + " runs with " + params.getThreads() + " JMH threads on the FactoredPool: " + overlap
                    + ". Run factored benchmarks with -t 1.");
        }
        if (!warnedUnused && configuration != null && !configuration.isBaseline() && !configuration.isBandwidth()
                && counts.operations() == 0 && threads.measuredNanos() == 0) {
            warnedUnused = true;
            warn(threads.total() > 0
                    ? benchmark + ": the common pool's threads ran work outside any measured operation: wrap the "
                            + "benchmark's parallel code in cores.call(() -> ...) to measure it. factored.idle is not "
                            + "reported for it."
                    : benchmark + " ran no operation on a FactoredPool: call cores.invoke(task) or "
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
        out.println(PREFIX + "WARNING: " + message);
    }
}
