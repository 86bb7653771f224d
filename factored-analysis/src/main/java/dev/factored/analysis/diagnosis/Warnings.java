package dev.factored.analysis.diagnosis;

import dev.factored.analysis.BetweenForks;
import dev.factored.analysis.Factoring;
import dev.factored.analysis.Families;
import dev.factored.analysis.Family;
import dev.factored.analysis.RunContext;
import dev.factored.analysis.WorkSpan;
import dev.factored.analysis.input.JmhEntry;
import dev.factored.analysis.input.JmhMetric;
import dev.factored.analysis.model.Bound;
import dev.factored.analysis.model.ConfigurationRun;
import dev.factored.analysis.model.CpuLabels;
import dev.factored.analysis.model.Estimate;
import dev.factored.analysis.model.FailedConfiguration;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.Finding;
import dev.factored.analysis.model.FindingKind;
import dev.factored.analysis.model.Interference;
import dev.factored.analysis.model.Point;
import dev.factored.analysis.model.Severity;
import dev.factored.analysis.model.TopologyStarts;
import dev.factored.contract.CoresValue;
import dev.factored.contract.ProfilerMetrics;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** What limits trust in a family's numbers, in words that say what to do about it: findings of the warning role. */
public final class Warnings {

    /** JMH's 99.9% half-interval beyond this share of the score is called large. */
    static final double LARGE_ERROR = 0.10;

    static final String PROFILER_HELP = "run with -prof dev.factored.jmh.FactoredProfiler";

    private Warnings() {
    }

    /** Warnings as findings of {@link Severity#WARNING}, in a fixed order; their texts are the family's warnings. */
    public static List<Finding> of(Family family, Factoring.Result result) {
        return of(family, result, RunContext.NONE);
    }

    /** As above, with the run's noise between forks (it widened single-fork intervals) and its failures. */
    public static List<Finding> of(Family family, Factoring.Result result, RunContext run) {
        Found w = new Found();
        failed(family, run.failed(), w);
        missing(family, w);
        profiler(family, w);
        invalidPoints(result, w);
        disturbed(result, w);
        bandwidthCopies(family, w);
        spanUnresolved(family, w);
        singleFork(family, run.betweenForks(), w);
        poolNeverUsed(family, w);
        idleAtOneCore(result, Program.of(family).unmodified(), w);
        negativeInflation(result, Program.of(family).unmodified(), w);
        aboveUpperBound(result, w);
        errors(family, w);
        jvms(family, w);
        threads(family, w);
        spares(result, w);
        topology(result, w);
        return List.copyOf(w.findings);
    }

    /** The warnings found so far: each is about the family (no P), rests on no estimate, and is never tentative. */
    private static final class Found {
        private final List<Finding> findings = new ArrayList<>();

        void add(FindingKind kind, String text) {
            findings.add(new Finding(kind.id(), null, Severity.WARNING, false, null, text));
        }
    }

    /** Configurations of the family whose run failed: named, so that their absence is never silent. */
    private static void failed(Family f, List<FailedConfiguration> failed, Found w) {
        List<String> mine = new ArrayList<>();
        for (FailedConfiguration c : failed) {
            if (c.belongsTo(f.id())) {
                mine.add("cores=" + c.cores() + (c.reason().isEmpty() ? "" : " (" + c.reason() + ")"));
            }
        }
        if (!mine.isEmpty()) {
            w.add(FindingKind.CONFIGURATION_FAILED, "Failed, so missing here: " + String.join("; ", mine) + ". What "
                    + (mine.size() == 1 ? "it" : "they") + " would have fed is null; the stack traces are in the "
                    + "run's JMH log.");
        }
    }

    private static void missing(Family f, Found w) {
        if (f.configuration(CoresValue.BASELINE) == null) {
            w.add(FindingKind.NO_BASELINE, "No baseline (cores=baseline) was measured: T_s is unknown, so every speedup but the linear one "
                    + "and the algorithmic loss are null. Add baseline to the cores values and run the best "
                    + "sequential program for it.");
        }
        boolean unmodified = FamilyAnalysis.IDLE_ESTIMATED.equals(f.idleSource());
        // Unmodified code has no elision and no span run: their absence is what the path is, not a warning.
        if (!unmodified && f.configuration(CoresValue.ELISION) == null) {
            w.add(FindingKind.NO_ELISION, "No elision (cores=elision) was measured: T_e is unknown, so the elision "
                    + "curve and the algorithmic and scheduling losses are null.");
        }
        if (unmodified) {
            w.add(FindingKind.ESTIMATED_IDLE, "The idle time is time off-CPU, estimated from the CPU time of the "
                    + "threads that can work (unmodified fork/join code): waiting for work, GC pauses, blocking and "
                    + "the caller waiting for the pool all count as idle, and a worker spinning while it looks for "
                    + "work counts as busy. The findings name a cause of it only where a measurement backs one.");
        }
        if (f.configuration("1") == null) {
            w.add(FindingKind.NO_ONE_CORE, "No one-worker run (cores=1) was measured: T_1 is unknown, so work inflation, the maximal and "
                    + "idle-specific curves and the scheduling and inflation losses are null.");
        }
        boolean parallel = f.configurations().stream()
                .anyMatch(r -> CoresValue.parse(r.cores()).workers() >= 2);
        if (!parallel) {
            w.add(FindingKind.NO_PARALLEL, "No configuration with 2 or more workers was measured: there is no parallel speedup to explain.");
        }
    }

    private static boolean hasFactoredMetrics(JmhEntry e) {
        return e.secondaryMetrics().keySet().stream().anyMatch(k -> k.startsWith(ProfilerMetrics.PREFIX));
    }

    private static void profiler(Family f, Found w) {
        if (f.entries().stream().noneMatch(Warnings::hasFactoredMetrics)) {
            w.add(FindingKind.NO_PROFILER, "No factored profiler data (" + PROFILER_HELP + "): idle time, work inflation, the idle- and "
                    + "inflation-specific curves and the idle and inflation losses are null, and whether the forks "
                    + "were pinned to their CPUs is unknown.");
            return;
        }
        List<String> noIdle = new ArrayList<>();
        List<String> unpinned = new ArrayList<>();
        List<String> unknownPinning = new ArrayList<>();
        for (ConfigurationRun run : f.configurations()) {
            if (CoresValue.parse(run.cores()).isParallel() && run.idleSamples() == null) {
                noIdle.add("cores=" + run.cores());
            }
            if (Boolean.FALSE.equals(run.pinned())) {
                unpinned.add("cores=" + run.cores());
            } else if (run.pinned() == null) {
                unknownPinning.add("cores=" + run.cores());
            }
        }
        if (!noIdle.isEmpty()) {
            w.add(FindingKind.NO_IDLE_METRIC, Words.and(noIdle) + " reported no " + ProfilerMetrics.IDLE + ": " + (noIdle.size() == 1 ? "its" : "their")
                    + " idle time, work inflation, idle- and inflation-specific speedups and idle and inflation "
                    + "losses are null (" + PROFILER_HELP + ").");
        }
        if (!unpinned.isEmpty()) {
            w.add(FindingKind.UNPINNED, "The forks of " + Words.and(unpinned) + " were not pinned to their CPUs (factored.pinned = 0): "
                    + "other threads could share their CPUs and the workers could spread over more CPUs than the "
                    + "configuration says.");
        }
        if (!unknownPinning.isEmpty()) {
            w.add(FindingKind.PINNING_UNKNOWN, "Whether the forks of " + Words.and(unknownPinning) + " were pinned is unknown (no "
                    + ProfilerMetrics.PINNED + "; " + PROFILER_HELP + ").");
        }
    }

    /** Explains once which points carry no conclusion, and why. */
    private static void invalidPoints(Factoring.Result r, Found w) {
        List<String> parts = new ArrayList<>();
        for (Point p : r.points()) {
            if (!p.valid()) {
                parts.add("cores=" + p.cores() + " (" + String.join("; ", p.invalidBecause()) + ")");
            }
        }
        if (!parts.isEmpty()) {
            w.add(FindingKind.INVALID_POINTS, "Not valid, so left out of the diagnosis, the headline and the gate's cores=max: "
                    + String.join(", ", parts) + ". They are still drawn, as hollow markers: they do not show what "
                    + "that many workers on as many CPUs of their own would do.");
        }
    }

    /** A bandwidth test whose baseline branch ran fewer copies than asked measured nothing. */
    private static void bandwidthCopies(Family f, Found w) {
        for (ConfigurationRun run : f.configurations()) {
            CoresValue cores = CoresValue.parse(run.cores());
            if (cores.isBandwidth() && run.workers() != null && run.workers() < cores.workers()) {
                w.add(FindingKind.BANDWIDTH_COPIES, "cores=" + run.cores() + " ran " + run.workers() + " cop" + (run.workers() == 1 ? "y" : "ies")
                        + " of the baseline per operation, not " + cores.workers() + ": the benchmark's baseline branch "
                        + "does not run through cores.baseline(copy -> ...), so the bandwidth test is left out. Write "
                        + "it as `if (cores.isBaseline()) return cores.baseline(copy -> yourSequentialCode(dataOf(copy)));`.");
            }
        }
    }

    /** A span run whose strands are too short for its clock: its numbers are missing, and this says why. */
    private static void spanUnresolved(Family f, Found w) {
        ConfigurationRun run = f.configuration(CoresValue.SPAN);
        String because = run == null || run.spanSamples() == null ? null : WorkSpan.unresolvedBecause(run.spanSamples());
        if (because != null) {
            w.add(FindingKind.SPAN_UNRESOLVED, "The span run's work, span and parallelism are left out: " + because
                    + ". The speedups and their components do not depend on it; the parallelism of a finer-grained "
                    + "program than the clock can time is not measured here.");
        }
    }

    /**
     * One fork cannot show the noise between forks, which is larger than the noise inside one: its interval is
     * widened by the run's other configurations' between-fork spread, or, without any, said to be too narrow.
     */
    private static void singleFork(Family f, BetweenForks betweenForks, Found w) {
        List<String> single = new ArrayList<>();
        for (ConfigurationRun run : f.configurations()) {
            if (run.forks() < 2) {
                single.add("cores=" + run.cores());
            }
        }
        if (single.isEmpty()) {
            return;
        }
        String who = (single.size() == f.configurations().size() ? "Every configuration was" : Words.and(single) + " "
                + (single.size() == 1 ? "was" : "were")) + " measured in a single JVM fork";
        String intervals = betweenForks.known()
                ? ": the intervals of what " + (single.size() == 1 ? "it feeds" : "they feed") + " are widened by the "
                        + "noise between forks measured on the run's other configurations (a fork's mean moves by "
                        + Words.percent(Math.expm1(betweenForks.logSd())) + ", pooled over "
                        + betweenForks.configurations() + " configurations of 2 or more forks)"
                : ": the intervals of what " + (single.size() == 1 ? "it feeds" : "they feed") + " show the noise "
                        + "between iterations only; the larger noise between forks (JIT decisions, memory layout) is "
                        + "unknown, as no configuration of the run had 2 or more forks, so they are too narrow";
        w.add(FindingKind.SINGLE_FORK, who + intervals + ", and the findings that rest on them are tentative. Run 2 or "
                + "more forks (-f 2, or the default preset) to confirm them.");
    }

    private static void poolNeverUsed(Family f, Found w) {
        List<String> unused = new ArrayList<>();
        List<String> unwrapped = new ArrayList<>();
        for (int i = 0; i < f.configurations().size(); i++) {
            String cores = f.configurations().get(i).cores();
            JmhEntry e = f.entries().get(i);
            Double poolOps = Families.mean(e, ProfilerMetrics.POOL_OPS);
            // baseline never uses the pool; elision runs the tasks inline but still through pool().invoke
            if (CoresValue.BASELINE.equals(cores) || CoresValue.parse(cores).isBandwidth() || poolOps == null
                    || poolOps != 0) {
                continue;
            }
            if (Families.mean(e, ProfilerMetrics.IDLE) != null) {
                continue; // the workers of Cores.forkJoinPool() ran: their idle was estimated over each iteration
            }
            Double threads = Families.mean(e, ProfilerMetrics.THREADS);
            (threads != null && threads > 0 ? unwrapped : unused).add("cores=" + cores);
        }
        if (!unused.isEmpty()) {
            w.add(FindingKind.POOL_UNUSED, Words.and(unused) + " never used the pool (" + ProfilerMetrics.POOL_OPS + " = 0): the benchmark does not "
                    + "run its work through the pool of Cores, so the times measure sequential code and the idle "
                    + "time and inflation say nothing about the parallel program.");
        }
        if (!unwrapped.isEmpty()) {
            w.add(FindingKind.POOL_UNUSED, Words.and(unwrapped) + " ran its work on the common pool's threads outside "
                    + "any measured operation (" + ProfilerMetrics.POOL_OPS + " = 0), so its idle time is not "
                    + "known: wrap the parallel code in cores.call(() -> ...) to measure it.");
        }
    }

    /** I_1 should be about 0: one worker has no one to wait for. Much more means hand-off latency. */
    static final double ONE_CORE_IDLE = 0.05;

    private static void idleAtOneCore(Factoring.Result r, boolean unmodified, Found w) {
        for (Point p : r.points()) {
            if (p.cores() == 1 && p.idleTime() != null && r.times().oneCoreTime() != null) {
                double share = p.idleTime().value() / r.times().oneCoreTime().value();
                if (share > ONE_CORE_IDLE && unmodified) {
                    w.add(FindingKind.IDLE_AT_ONE_CORE, "At 1 core the threads that can work were off the CPU for "
                            + Words.percent(share) + " of each operation (I_1 should be close to 0): GC pauses, "
                            + "blocking or the caller waiting for the pool, which the estimate does not tell apart; "
                            + "the time off-CPU at every P includes it.");
                } else if (share > ONE_CORE_IDLE) {
                    w.add(FindingKind.IDLE_AT_ONE_CORE, "At 1 core the single worker was idle for "
                            + Words.percent(share) + " of each operation (I_1 should be close to 0): handing an "
                            + "operation to the pool and waking its worker takes long compared with the operation, and "
                            + "the idle time and work inflation at every P include this latency. Make one operation "
                            + "larger.");
                }
            }
        }
    }

    /** Configurations measured while other processes took a share of their CPUs above the threshold. */
    private static void disturbed(Factoring.Result r, Found w) {
        List<String> because = r.interference().stream().filter(Interference::disturbed).map(Interference::because)
                .toList();
        if (!because.isEmpty()) {
            w.add(FindingKind.BUSY_MACHINE, "Measured on a busy machine: " + String.join("; ", because) + ". Findings that rest on "
                    + (because.size() == 1 ? "this configuration" : "these configurations") + " are tentative, and "
                    + "work inflation and the bandwidth test are not interpreted there (a worker that waits behind "
                    + "another process looks busy; a copy slowed by it looks like copies competing for memory).");
        }
    }

    private static void negativeInflation(Factoring.Result r, boolean unmodified, Found w) {
        for (Point p : r.points()) {
            Estimate f = p.workInflation();
            // F_1 = -I_1 by definition (T_1 is both the run and the reference): see idleAtOneCore
            if (p.cores() < 2 || f == null || !(f.value() < 0) || r.times().oneCoreTime() == null || f.disturbed()) {
                continue;
            }
            double share = -f.value() / r.times().oneCoreTime().value();
            w.add(FindingKind.NEGATIVE_INFLATION, "At " + Words.cores(p.cores()) + " work inflation is negative (" + Words.percent(share)
                    + " less work than one worker): the parallel run did less work than T_1"
                    + (unmodified ? ", or the estimated idle time is too "
                            + "high by as much (inflation is what is left of P\u00b7T_P after idle and T_1)" : "")
                    + (f.high() >= 0 ? "; its confidence interval reaches 0, so it may be noise." : "."));
        }
    }

    /**
     * No schedule beats the span law: a valid point measured above its upper bound, beyond both intervals,
     * says the span run and the pool runs did not measure the same program (a measurement problem, not a
     * finding about the program).
     */
    private static void aboveUpperBound(Factoring.Result r, Found w) {
        for (Point p : r.points()) {
            Estimate actual = p.speedups().actual();
            Bound bound = null;
            for (Bound b : r.profile().bounds()) {
                if (b.cores() == p.cores()) {
                    bound = b;
                }
            }
            if (p.valid() && actual != null && bound != null && actual.low() > bound.upper().high()) {
                w.add(FindingKind.ABOVE_UPPER_BOUND, "At " + Words.cores(p.cores()) + " the measured speedup " + Words.x(actual.value())
                        + " is above the upper bound " + Words.x(bound.upper().value()) + " from the span run, beyond "
                        + "both intervals: no schedule can beat the span, so the span run and the pool runs did not "
                        + "measure the same work (input, cutoff or JIT differ) or the span run was disturbed; the "
                        + "bounds of this family are not to be trusted.");
            }
        }
    }

    private static void errors(Family f, Found w) {
        List<String> large = new ArrayList<>();
        List<String> few = new ArrayList<>();
        for (int i = 0; i < f.configurations().size(); i++) {
            ConfigurationRun run = f.configurations().get(i);
            JmhMetric m = f.entries().get(i).primaryMetric();
            double relative = Math.abs(m.scoreError() / m.score());
            if (run.sampleCount() < 3) {
                few.add("cores=" + run.cores() + " (" + run.sampleCount() + (run.sampleCount() == 1 ? " sample)" : " samples)"));
            } else if (Double.isFinite(relative) && relative > LARGE_ERROR) {
                large.add("cores=" + run.cores() + " ±" + Words.percent(relative));
            }
        }
        if (!large.isEmpty()) {
            w.add(FindingKind.LARGE_ERRORS, "Large score errors (JMH's 99.9% interval): " + String.join(", ", large) + ". More forks or "
                    + "iterations, or a quieter machine, would narrow them.");
        }
        if (!few.isEmpty()) {
            w.add(FindingKind.FEW_SAMPLES, "Too few samples for an error estimate: " + String.join(", ", few) + ". JMH reports no error "
                    + "for them and the confidence intervals of what they feed mean little: measure at least 3 "
                    + "iterations (-i).");
        }
    }

    private static void jvms(Family f, Found w) {
        Set<String> jvms = new LinkedHashSet<>();
        for (JmhEntry e : f.entries()) {
            jvms.add(jvm(e));
        }
        if (jvms.size() > 1) {
            w.add(FindingKind.MIXED_JVMS, "The configurations ran on different JVMs (" + String.join("; ", jvms) + "): their times are not "
                    + "comparable.");
        }
    }

    public static String jvm(JmhEntry e) {
        return "JDK " + e.jdkVersion() + ", " + e.vmName() + " " + e.vmVersion() + " at " + e.jvm();
    }

    /** Points at which the common pool replaced workers blocked in joins with spare threads. */
    private static void spares(Factoring.Result r, Found w) {
        List<String> at = new ArrayList<>();
        for (Point p : r.points()) {
            if (p.spareThreads() != null && p.spareThreads() > 0) {
                at.add("cores=" + p.cores() + " (" + p.spareThreads() + (p.spareThreads() == 1 ? " spare)" : " spares)"));
            }
        }
        if (!at.isEmpty()) {
            w.add(FindingKind.SPARE_THREADS, "The common pool started spare threads at " + Words.and(at) + ": a worker "
                    + "blocked in a join it could not help with (a task invoked from outside the pool, a join of a "
                    + "stolen task) was replaced while it waited, as the JDK does. About P threads ran at a time, but "
                    + "more than P took part, and the blocked time counts as idle.");
        }
    }

    /**
     * Where the points stop measuring P cores of one node: from the first P whose workers share physical cores
     * (SMT siblings), and from the first P that spans a second NUMA node or socket. Both inflate the work for
     * reasons of the machine, not of the program.
     */
    private static void topology(Factoring.Result r, Found w) {
        TopologyStarts starts = TopologyStarts.of(r.points());
        Point smt = starts.smt();
        Point nodes = starts.secondNode();
        if (smt != null) {
            w.add(FindingKind.SMT_POINTS, "From P = " + smt.cores() + " the points use SMT siblings"
                    + (smt.cpuLabels().physicalCores() == null ? ""
                            : " (" + smt.cores() + " workers on " + Words.cores(smt.cpuLabels().physicalCores()) + ")")
                    + ": a core shared by two workers, not the program, explains part of the inflation there. "
                    + "Compare with the points below it, which have a core each.");
        }
        if (nodes != null) {
            CpuLabels l = nodes.cpuLabels();
            String spans = l.sockets() != null && l.sockets() > 1 ? l.sockets() + " sockets"
                    : l.numaNodes() + " NUMA nodes";
            w.add(FindingKind.CROSSES_NODE, "From P = " + nodes.cores() + " the workers span " + spans + ": memory "
                    + "on the other node is slower to reach and cache lines travel between them, so part of the "
                    + "inflation from there on is the machine's, not the program's.");
        }
    }

    private static void threads(Family f, Found w) {
        int threads = f.entries().stream().mapToInt(JmhEntry::threads).max().orElse(1);
        if (threads > 1) {
            w.add(FindingKind.JMH_THREADS, "JMH ran this benchmark with " + threads + " threads (-t " + threads + "): they run operations "
                    + "at the same time and compete for the cores, so the times include that contention; "
                    + "factored assumes -t 1.");
        }
    }
}
