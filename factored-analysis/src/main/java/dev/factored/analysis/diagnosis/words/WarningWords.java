package dev.factored.analysis.diagnosis.words;

import dev.factored.analysis.diagnosis.facts.NoteFacts;
import dev.factored.analysis.model.family.BetweenForks;
import dev.factored.analysis.model.family.ForkNoise;
import dev.factored.analysis.model.measurement.SpanSamples;
import dev.factored.analysis.model.measurement.Steadiness;
import dev.factored.analysis.stats.ForkModes;
import dev.factored.contract.CoresValue;
import dev.factored.contract.ProfilerMetrics;
import dev.factored.text.Numbers;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The words of the data-quality notes (the diagnosis's {@code Warnings} and {@code PointWarnings}), beside
 * {@link FindingWords}: each says what limits trust in the numbers and what to do about it. The rules decide whether
 * a note is made and from what ({@link NoteWords} picks the words of its kind); the sentences live here.
 */
final class WarningWords {

    static final String PROFILER_HELP = "run with -prof dev.factored.jmh.FactoredProfiler";

    private WarningWords() {
    }

    static String failed(List<String> mine) {
        return "Failed, so missing here: " + String.join("; ", mine) + ". What "
                + (mine.size() == 1 ? "it" : "they") + " would have fed is null; the stack traces are in the "
                + "run's JMH log.";
    }

    static String noBaseline() {
        return "No baseline (cores=baseline) was measured: T_s is unknown, so every speedup but the linear one "
                + "and the algorithmic loss are null. Add baseline to the cores values and run the best "
                + "sequential program for it.";
    }

    static String noElision() {
        return "No elision (cores=elision) was measured: T_e is unknown, so the elision "
                + "curve and the algorithmic and scheduling losses are null.";
    }

    static String estimatedIdle() {
        return "The idle time is time off-CPU, estimated from the CPU time of the "
                + "threads that can work (unmodified fork/join code): waiting for work, GC pauses, blocking and "
                + "the caller waiting for the pool all count as idle, and a worker spinning while it looks for "
                + "work counts as busy. The findings name a cause of it only where a measurement backs one.";
    }

    static String noOneCore() {
        return "No one-worker run (cores=1) was measured: T_1 is unknown, so work inflation, the maximal and "
                + "idle-specific curves and the scheduling and inflation losses are null.";
    }

    static String noParallel() {
        return "No configuration with 2 or more workers was measured: there is no parallel speedup to explain.";
    }

    static String noProfiler() {
        return "No factored profiler data (" + PROFILER_HELP + "): idle time, work inflation, the idle- and "
                + "inflation-specific curves and the idle and inflation losses are null, and whether the forks "
                + "were pinned to their CPUs is unknown.";
    }

    static String noIdleMetric(List<String> noIdle) {
        return Words.and(noIdle) + " reported no " + ProfilerMetrics.IDLE + ": " + (noIdle.size() == 1 ? "its" : "their")
                + " idle time, work inflation, idle- and inflation-specific speedups and idle and inflation "
                + "losses are null (" + PROFILER_HELP + ").";
    }

    static String unpinned(List<String> unpinned) {
        return "The forks of " + Words.and(unpinned) + " were not pinned to their CPUs (factored.pinned = 0): "
                + "other threads could share their CPUs and the workers could spread over more CPUs than the "
                + "configuration says.";
    }

    static String pinningUnknown(List<String> unknownPinning) {
        return "Whether the forks of " + Words.and(unknownPinning) + " were pinned is unknown (no "
                + ProfilerMetrics.PINNED + "; " + PROFILER_HELP + ").";
    }

    static String bandwidthCopies(CoresValue cores, int copies, int asked) {
        return "cores=" + cores + " ran " + copies + " cop" + (copies == 1 ? "y" : "ies")
                + " of the baseline per operation, not " + asked + ": the benchmark's baseline branch "
                + "does not run through cores.baseline(copy -> ...), so the bandwidth test is left out. Write "
                + "it as `if (cores.isBaseline()) return cores.baseline(copy -> yourSequentialCode(dataOf(copy)));`.";
    }

    static String bandwidthCopiesThatFit(CoresValue cores, int copies, int asked) {
        return "cores=" + cores + " ran " + copies + " copies of the baseline at once, not "
                + asked + ": no more fit in half of this machine's memory beside the benchmark's heap, so "
                + "the bandwidth test is of " + copies + " copies.";
    }

    static String spanUnresolved(String because) {
        return "The span run's work, span and parallelism are left out: " + because
                + ". The speedups and their components do not depend on it; the parallelism of a finer-grained "
                + "program than the clock can time is not measured here.";
    }

    /** @param single the configurations named, when not {@code every} one; {@code one} when a single one */
    static String singleFork(boolean every, List<String> single, boolean one, BetweenForks betweenForks) {
        String who = (every ? "Every configuration was" : Words.and(single) + " " + (one ? "was" : "were"))
                + " measured in a single JVM fork";
    String intervals = betweenForks.known()
            ? ": the intervals of what " + (one ? "it feeds" : "they feed") + " are widened by the "
                    + "noise between forks measured on the run's other configurations (a fork's mean moves by "
                    + Words.percent(Math.expm1(betweenForks.logSd())) + ", pooled over "
                    + betweenForks.configurations() + " configurations of 2 or more forks)"
            : ": the intervals of what " + (one ? "it feeds" : "they feed") + " show the noise "
                    + "between iterations only; the larger noise between forks (JIT decisions, memory layout) is "
                    + "unknown, as no configuration of the run had 2 or more forks, so they are too narrow";
        return who + intervals + ", and the findings that rest on them are tentative. Run 2 or "
                + "more forks (-f 2, or the default preset) to confirm them.";
    }

    /**
     * One configuration's two speeds, e.g. "cores=2: 10 forks at 7.98 ms to 10.3 ms and 1 at 19.1 ms (2.10x the
     * time), while a fork's own iterations moved 2.9%".
     */
    static String forkModes(CoresValue cores, ForkModes.Split split) {
        return "cores=" + cores + ": " + split.fastForks() + (split.fastForks() == 1 ? " fork at " : " forks at ")
                + range(split.fastLow(), split.fastHigh())
                + " and " + split.slowForks() + " at " + range(split.slowLow(), split.slowHigh()) + " ("
                + Numbers.speedup(1 + split.slowdown()) + " the time), while a fork's own iterations moved "
                + Words.percent(split.withinFork());
    }

    static String forkModes(List<String> parts) {
        return "Forks that ran at two speeds: " + String.join("; ", parts) + ". Each JVM settles at one speed for its "
                + "whole life (what its JIT compiled, where its memory lies), so a run of few forks may land on either "
                + "and its speedups move from run to run by more than its iterations show. The intervals count the "
                + "spread between forks; more forks weigh the two speeds by how often they occur, and comparing the "
                + "JIT's output of a fast and a slow fork (-XX:+PrintCompilation) can tell why they differ.";
    }

    /**
     * One configuration set apart, e.g. "cores=1: σ_b 28.7% between its 4 forks, where the run's other configurations
     * lead to expect 2.7%".
     */
    static String forksApart(ForkNoise.Apart apart) {
        int forks = apart.own().degreesOfFreedom() + 1;
        return "cores=" + apart.cores() + ": σ_b " + Words.percent(apart.own().logSd()) + " between its " + forks
                + " forks, where the run's other configurations lead to expect " + Words.percent(apart.expected()
                .logSd());
    }

    static String forksApart(List<String> parts) {
        return "Forks far apart: " + String.join("; ", parts) + ". Their JVMs ran at different speeds (what each one's "
                + "JIT compiled, where its memory lies). Its own intervals show that spread; the "
                + "run's other configurations leave it out of the noise they share, so it widens none of theirs. More "
                + "forks tell whether it recurs, and comparing the JIT's output of a slow and a fast fork "
                + "(-XX:+PrintCompilation) can tell why.";
    }

    /**
     * "cores=1: 1 of 2 forks were still warming up (steady from iteration 3)": each shape but flat, with how many
     * forks had it.
     */
    static String unsteady(Steadiness s) {
        List<String> parts = new ArrayList<>();
        int forks = s.forks().size();
        long warming = s.forks().stream().filter(f -> f.shape() == Steadiness.Shape.WARMUP).count();
        long slower = s.forks().stream().filter(f -> f.shape() == Steadiness.Shape.SLOWDOWN).count();
        long never = s.forks().stream().filter(f -> f.shape() == Steadiness.Shape.NO_STEADY_STATE).count();
        if (warming > 0) {
            int from = s.forks().stream().filter(f -> f.shape() == Steadiness.Shape.WARMUP)
                    .mapToInt(Steadiness.Fork::steadyFrom).max().orElse(0);
            int before = s.forks().stream().filter(f -> f.shape() == Steadiness.Shape.WARMUP)
                    .mapToInt(Steadiness.Fork::steadyFrom).sum();
            parts.add(of(warming, forks) + (forks == 1 ? " was" : " were") + " still warming up (steady from iteration "
                    + (from + 1) + "; " + before + " of the configuration's " + s.iterations()
                    + " measured iterations before it)");
        }
        if (slower > 0) {
            parts.add(of(slower, forks) + " got slower during the measurement");
        }
        if (never > 0) {
            parts.add(of(never, forks) + " never settled");
        }
        return "cores=" + s.cores() + ": " + String.join(", ", parts);
    }

    private static String of(long some, int all) {
        return all == 1 ? "its fork" : some + " of " + all + " forks";
    }

    static String unsteady(List<String> parts) {
        return "Not every fork had reached a steady state in its measured iterations: " + String.join("; ", parts)
                + ". Their iterations are all kept, so such a configuration's time holds code that was still changing; "
                + "a run with budget left measures a configuration still warming up again with a longer warm-up, and "
                + "more warm-up iterations (-wi) give every fork more.";
    }

    private static String range(double low, double high) {
        return low == high ? Numbers.time(low) : Numbers.time(low) + " to " + Numbers.time(high);
    }

    static String poolUnused(List<String> unused) {
        return Words.and(unused) + " never used the pool (" + ProfilerMetrics.POOL_OPS + " = 0): the benchmark does not "
                + "run its work through the pool of Cores, so the times measure sequential code and the idle "
                + "time and inflation say nothing about the parallel program.";
    }

    static String poolUnwrapped(List<String> unwrapped) {
        return Words.and(unwrapped) + " ran its work on the common pool's threads outside any measured operation ("
                + ProfilerMetrics.POOL_OPS + " = 0), so its idle time is not known: wrap the parallel code in "
                + "cores.call(() -> ...) to measure it.";
    }

    static String largeErrors(List<String> large) {
        return "Large score errors (JMH's 99.9% interval): " + String.join(", ", large) + ". More forks or "
                + "iterations, or a quieter machine, would narrow them.";
    }

    static String fewSamples(List<String> few) {
        return "Too few samples for an error estimate: " + String.join(", ", few) + ". JMH reports no error "
                + "for them and the confidence intervals of what they feed mean little: measure at least 3 "
                + "iterations (-i).";
    }

    static String mixedJvms(Set<String> jvms) {
        return "The configurations ran on different JVMs (" + String.join("; ", jvms) + "): their times are not "
                + "comparable.";
    }

    static String afterPauses(List<String> configurations) {
        return "Most operations began after a pause at " + Words.and(configurations) + " (the share of those that "
                + "followed another): between them ran code JMH does not time (a Level.Invocation setup or teardown) or the "
                + "benchmark's own code around cores.call. The pool's workers park in such a pause, so each of these "
                + "operations starts by waking them, and its time and idle time include that; operations that follow "
                + "one another at once, as calls in a loop do, would not. To measure those, leave the "
                + "Level.Invocation helper out (or move its work to Level.Iteration).";
    }

    static String jmhThreads(int threads) {
        return "JMH ran this benchmark with " + threads + " threads (-t " + threads + "): they run operations "
                + "at the same time and compete for the cores, so the times include that contention; "
                + "factored assumes -t 1.";
    }

    static String invalidPoints(List<String> parts) {
        return "Not valid, so left out of the diagnosis, the headline and the gate's cores=max: "
                + String.join(", ", parts) + ". They are still drawn, as hollow markers: they do not show what "
                + "that many workers on as many CPUs of their own would do.";
    }

    static String offCpuAtOneCore(double share) {
        return "At 1 core the threads that can work were off the CPU for "
                + Words.percent(share) + " of each operation (I_1 should be close to 0): GC pauses, "
                + "blocking or the caller waiting for the pool, which the estimate does not tell apart; "
                + "the time off-CPU at every P includes it.";
    }

    static String idleAtOneCore(double share) {
        return "At 1 core the single worker was idle for "
                + Words.percent(share) + " of each operation (I_1 should be close to 0): handing an "
                + "operation to the pool and waking its worker takes long compared with the operation, and "
                + "the idle time and work inflation at every P include this latency. Make one operation "
                + "larger.";
    }

    static String busyMachine(List<String> because) {
        return "Measured on a busy machine: " + String.join("; ", because) + ". Findings that rest on "
                + (because.size() == 1 ? "this configuration" : "these configurations") + " are tentative, and "
                + "work inflation and the bandwidth test are not interpreted there (a worker that waits behind "
                + "another process looks busy; a copy slowed by it looks like copies competing for memory).";
    }

    static String negativeInflation(int cores, double share, boolean unmodified, boolean mayBeNoise) {
        return "At " + Words.cores(cores) + " work inflation is negative (" + Words.percent(share)
                + " less work than one worker): the parallel run did less work than T_1"
                + (unmodified ? ", or the estimated idle time is too "
                + "high by as much (inflation is what is left of P\u00b7T_P after idle and T_1)" : "")
                + (mayBeNoise ? "; its confidence interval reaches 0, so it may be noise." : ".");
    }

    static String aboveUpperBound(int cores, double actual, double upper) {
        return "At " + Words.cores(cores) + " the measured speedup " + Words.x(actual)
                + " is above the upper bound " + Words.x(upper) + " from the span run, beyond "
                + "both intervals: no schedule can beat the span, so the span run and the pool runs did not "
                + "measure the same work (input, cutoff or JIT differ) or the span run was disturbed; the "
                + "bounds of this family are not to be trusted.";
    }

    static String spareThreads(List<String> at) {
        return "The common pool started spare threads at " + Words.and(at) + ": a worker "
                + "blocked in a join it could not help with (a task invoked from outside the pool, a join of a "
                + "stolen task) was replaced while it waited, as the JDK does. About P threads ran at a time, but "
                + "more than P took part, and the blocked time counts as idle.";
    }

    static String smtPoints(int cores, Integer physicalCores) {
        return "From P = " + cores + " the points use SMT siblings"
                + (physicalCores == null ? "" : " (" + cores + " workers on " + Words.cores(physicalCores) + ")")
                + ": a core shared by two workers, not the program, explains part of the inflation there. "
                + "Compare with the points below it, which have a core each.";
    }

    static String crossesNode(int cores, Integer sockets, Integer numaNodes) {
        String spans = sockets != null && sockets > 1 ? sockets + " sockets" : numaNodes + " NUMA nodes";
        return "From P = " + cores + " the workers span " + spans + ": memory "
                + "on the other node is slower to reach and cache lines travel between them, so part of the "
                + "inflation from there on is the machine's, not the program's.";
    }

    /** A JVM as the mixed-JVMs note names it: "JDK 17.0.15, OpenJDK 64-Bit Server VM 17.0.15+6 at /usr/bin/java". */
    static String jvm(NoteFacts.Jvm jvm) {
        return Words.jvm(jvm);
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
