package dev.factored.analysis.diagnosis;

import dev.factored.analysis.input.JmhEntry;
import dev.factored.analysis.input.JmhMetric;
import dev.factored.analysis.model.BetweenForks;
import dev.factored.analysis.model.Bound;
import dev.factored.analysis.model.ConfigurationRun;
import dev.factored.analysis.model.CpuLabels;
import dev.factored.analysis.model.Estimate;
import dev.factored.analysis.model.FailedConfiguration;
import dev.factored.analysis.model.Family;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.Finding;
import dev.factored.analysis.model.FindingKind;
import dev.factored.analysis.model.Interference;
import dev.factored.analysis.model.Point;
import dev.factored.analysis.model.Quantities;
import dev.factored.analysis.model.RunContext;
import dev.factored.analysis.model.Severity;
import dev.factored.analysis.model.SpanSamples;
import dev.factored.analysis.model.TopologyStarts;
import dev.factored.contract.CoresValue;
import dev.factored.contract.ProfilerMetrics;
import dev.factored.text.Numbers;
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
    public static List<Finding> of(Family family, Quantities result) {
        return of(family, result, RunContext.NONE);
    }

    /** As above, with the run's noise between forks (it widened single-fork intervals) and its failures. */
    public static List<Finding> of(Family family, Quantities result, RunContext run) {
        Found w = new Found();
        failed(family, run.failed(), w);
        missing(family, w);
        profiler(family, w);
        PointWarnings.invalidPoints(result, w);
        PointWarnings.disturbed(result, w);
        bandwidthCopies(family, w);
        spanUnresolved(family, w);
        singleFork(family, run.betweenForks(), w);
        poolNeverUsed(family, w);
        PointWarnings.idleAtOneCore(result, Program.of(family).unmodified(), w);
        PointWarnings.negativeInflation(result, Program.of(family).unmodified(), w);
        PointWarnings.aboveUpperBound(result, w);
        errors(family, w);
        jvms(family, w);
        threads(family, w);
        PointWarnings.spares(result, w);
        PointWarnings.topology(result, w);
        return List.copyOf(w.findings);
    }

    /** The warnings found so far: each is about the family (no P), rests on no estimate, and is never tentative. */
    static final class Found {
        private final List<Finding> findings = new ArrayList<>();

        void add(FindingKind kind, String text) {
            add(kind, null, text);
        }

        /** A warning about one P (e.g. the inflation at it), so that a finding that states the same fact can drop it. */
        void add(FindingKind kind, Integer cores, String text) {
            findings.add(new Finding(kind.id(), cores, Severity.WARNING, false, null, text));
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
        String because = run == null || run.spanSamples() == null ? null : spanUnresolvedBecause(run.spanSamples());
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
        for (int i = 0; i < f.configurations().size(); i++) {
            String cores = f.configurations().get(i).cores();
            Double poolOps = f.entries().get(i).secondaryMean(ProfilerMetrics.POOL_OPS);
            // baseline never uses the pool; elision runs the tasks inline but still through pool().invoke
            if (!CoresValue.BASELINE.equals(cores) && !CoresValue.parse(cores).isBandwidth() && poolOps != null
                    && poolOps == 0) {
                unused.add("cores=" + cores);
            }
        }
        if (!unused.isEmpty()) {
            w.add(FindingKind.POOL_UNUSED, Words.and(unused) + " never used the pool (" + ProfilerMetrics.POOL_OPS + " = 0): the benchmark does not "
                    + "run its work through the pool of Cores, so the times measure sequential code and the idle "
                    + "time and inflation say nothing about the parallel program.");
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



    private static void threads(Family f, Found w) {
        int threads = f.entries().stream().mapToInt(JmhEntry::threads).max().orElse(1);
        if (threads > 1) {
            w.add(FindingKind.JMH_THREADS, "JMH ran this benchmark with " + threads + " threads (-t " + threads + "): they run operations "
                    + "at the same time and compete for the cores, so the times include that contention; "
                    + "factored assumes -t 1.");
        }
    }

    /** Why the span run's work and span cannot be used ({@link SpanSamples#belowClockResolution}), or null. */
    static String spanUnresolvedBecause(SpanSamples s) {
        if (!s.belowClockResolution()) {
            return null;
        }
        double strand = s.averageStrand();
        return "its strands average " + Numbers.time(Math.max(0, strand)) + " (" + Numbers.plain(s.strandsPerOp())
                + " per operation), shorter than one read of its clock ("
                + Numbers.time(s.clockCost()) + "), so the work, span and parallelism would be mostly the clock's "
                + "error (strands under a read summed to 0.16-0.85x the elision's time where they were measured)";
    }
}
