package dev.factored.analysis.diagnosis.words;

import dev.factored.analysis.diagnosis.facts.Claim;
import dev.factored.analysis.diagnosis.facts.Program;
import dev.factored.analysis.model.ScalingModels;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.text.Numbers;
import java.util.List;
import java.util.function.Function;

/**
 * The words of every diagnosis finding, one method per kind, each with its definite and its tentative form
 * ({@link Wording}), written from the facts of a finding's {@link Claim} once the rules have decided. The rules
 * decide when a finding holds and with which numbers; this class only says it. A cause is named here only when the
 * claim carries the measurement that backs it (the idle split, the bandwidth test, GC time, the span).
 */
public final class FindingWords {

    /** Starts the note of a finding that rests on a configuration measured in a single JVM fork. */
    public static final String TENTATIVE_NOTE = "tentative: from a single JVM fork; run 2 or more forks to confirm";
    /** Starts the note of a finding that rests on a configuration measured on a busy machine. */
    public static final String DISTURBED_NOTE = "tentative: measured while the machine was busy";

    private FindingWords() {
    }

    /**
     * Why a finding is tentative: its evidence rests on a configuration measured on a busy machine (with the
     * configurations' reasons), or in a single JVM fork.
     */
    public static String caveat(boolean busy, List<String> disturbedBecause) {
        return busy ? DISTURBED_NOTE + ": " + String.join("; ", disturbedBecause) : TENTATIVE_NOTE;
    }

    private static String at(int p) {
        return "At " + Words.cores(p);
    }

    static Wording slowerThanBaseline(int p, double actual) {
        return new Wording(
                at(p) + " the program is slower than the sequential baseline (speedup " + Words.x(actual)
                        + "): parallelism costs more than it gains.",
                at(p) + " the program may be slower than the sequential baseline (speedup " + Words.x(actual)
                        + "): parallelism seems to cost more than it gains");
    }

    /**
     * @param overElision the speedup over the elision where the elision beats the baseline (else NaN), and
     *                    {@code elisionFaster} by how much it does
     */
    static Wording goodScaling(int p, double actual, double overElision, double elisionFaster) {
        if (!Double.isNaN(overElision)) {
            String s = at(p) + " the speedup is " + Words.x(actual) + " over the baseline and " + Words.x(overElision)
                    + " over the elision, which is " + Words.x(elisionFaster) + " faster than the baseline: "
                    + Words.percent(overElision / p) + " of the ideal " + p + "x against the better sequential code";
            return new Wording(s + ", so the program uses the cores well.", s + ", so the program seems to use the "
                    + "cores well");
        }
        String s = at(p) + " the speedup is " + Words.x(actual) + ", " + Words.percent(actual / p) + " of the ideal "
                + p + "x";
        return new Wording(s + ": the program uses the cores well.", s + ": the program seems to use the cores well");
    }

    static Wording speedup(int p, Estimate actual, double overElision, double elisionFaster) {
        String s = at(p) + " the speedup is " + Words.x(actual.value()) + Words.between(actual) + " of the ideal " + p
                + "x (" + Words.percent(actual.value() / p) + " efficiency)";
        if (!Double.isNaN(overElision)) {
            s += "; over the elision, which is " + Words.x(elisionFaster) + " faster than the baseline, it is "
                    + Words.x(overElision) + " (" + Words.percent(overElision / p) + ")";
        }
        return Wording.measured(s);
    }

    static Wording superlinear(int p, double actual, Claim.AboveP why, double overElision, double elisionFaster,
            double workRatio) {
        String s = at(p) + " the speedup is " + Words.x(actual) + ", above the ideal " + p + "x";
        return switch (why) {
            case WEAK_BASELINE -> {
                String rest = "the baseline is " + Words.x(elisionFaster) + " slower than the parallel code's own "
                        + "elision; over the elision the program scales " + Words.x(overElision) + " ("
                        + Words.percent(overElision / p) + " of the ideal)";
                yield new Wording(s + " because " + rest + ".", s + ", which suggests " + rest);
            }
            case NEGATIVE_INFLATION -> {
                String rest = "the " + p + " workers together did " + Words.x(workRatio) + " the work of one "
                        + "(negative work inflation); the run measures no cause for that";
                yield new Wording(s + " because " + rest + ".", s + ", which suggests " + rest);
            }
            case UNEXPLAINED -> Wording.measured(s + ": nothing measured in this run explains a speedup above P "
                    + "(check that the baseline and the parallel code do the same work on the same input)");
        };
    }

    /** The idle finding: what it costs and where it comes from ({@link IdleWords#why}), GC where it is most of it. */
    static Wording idle(Claim.Idle idle) {
        int p = idle.p();
        double loss = idle.loss();
        String why = IdleWords.why(idle.why())
                + (idle.gcMostly() ? IdleWords.gcPartOfIdle(p, idle.gcTime(), idle.gcShare()) : "");
        String what = idle.estimated() ? "time off-CPU (idle estimated from the threads' CPU time)" : "idle time";
        return new Wording(
                at(p) + " " + what + " costs " + Words.x(loss) + " of the " + p + "x: " + why + ".",
                at(p) + " " + what + " may cost " + Words.x(loss) + " of the " + p + "x; " + why);
    }

    static Wording ownWaiting(int p, double loss, double waited) {
        String what = " the workers waited for a CPU behind the program's own threads (or the JVM's on the same CPUs) "
                + "while they held work: " + Numbers.time(waited) + " per operation, " + Words.x(loss) + " of the " + p
                + "x. The program had more runnable threads than its " + p + " CPUs (a parallel stream's caller beside "
                + "its workers, or a busy thread of its own); that wait is its own, not other processes'";
        return new Wording(at(p) + what + ".", at(p) + " it looks as if" + what);
    }

    static Wording idleOrInflation(int p, double idleLoss, double inflationLoss, Claim.Collector gc) {
        String s = at(p) + " the estimated time off-CPU (" + Words.x(idleLoss) + " of the " + p + "x) and the negative "
                + "work inflation (" + Words.x(inflationLoss) + ") cannot be told apart: ";
        String why = "the gain is no larger than the estimate, which can be too high by as much (a thread off the CPU "
                + "for another reason counts as idle) and has no measured error bound per point";
        String together = "; together they cost " + Words.x(idleLoss + inflationLoss) + " of the " + p + "x";
        String collector = gc == null ? "" : "; the time off-CPU is mostly the collector's: its pauses took "
                + Numbers.time(gc.atP()) + " per operation at " + p + " workers, stopping " + CollectorWords.all(p)
                + " (" + Words.percent(Math.min(1, gc.explained() / gc.of())) + " of the time off-CPU), and "
                + CollectorWords.pauses(gc.reference()) + " on one worker; " + CollectorWords.ADVICE;
        return Wording.measured(s + why + together + collector);
    }

    static Wording inflation(int p, double loss, double workRatio, Claim.SharedLimit shared, Claim.Collector gc) {
        String what = "the " + p + " workers together do " + Words.x(workRatio) + " the work of one; "
                + (gc == null ? bandwidthSays(shared) : "mostly the collector: " + CollectorWords.collector(gc) + "; "
                        + CollectorWords.ADVICE + (shared.slowdown() == null ? "" : "; " + bandwidthSays(shared)));
        return new Wording(
                at(p) + " work inflation costs " + Words.x(loss) + " of the " + p + "x: " + what + ".",
                at(p) + " work inflation may cost " + Words.x(loss) + " of the " + p + "x: " + what);
    }

    static Wording inflationGain(int p, double gain, double workRatio, Claim.Collector gc) {
        String what = "the " + p + " workers together do " + Words.x(workRatio) + " the work of one, gaining "
                + Words.x(gain) + " of speedup; " + (gc != null ? "mostly the collector: " + CollectorWords.collector(gc)
                        + (gc.offCpu() ? "" : " (the one-worker time pays for more collections than " + p
                                + " workers do)")
                        : "no measurement in this run says why");
        return new Wording(at(p) + " work inflation is negative: " + what + ".",
                at(p) + " work inflation may be negative: " + what);
    }

    /** What the bandwidth test says about inflation, for the inflation findings (or that it was not run). */
    static String bandwidthSays(Claim.SharedLimit shared) {
        Estimate slowdown = shared.slowdown();
        int copies = shared.copies();
        if (slowdown == null) {
            return "this run does not measure why (the bandwidth test, cores=bandwidth-" + copies + ", tells a limit "
                    + "the cores share, such as memory bandwidth, from data the workers share)";
        }
        return shared.slowed()
                ? copies + " copies of the baseline slowed down too (" + Words.x(slowdown.value()) + "): a limit the "
                        + "cores share, such as memory bandwidth"
                : copies + " copies of the baseline did not slow down (" + Words.x(slowdown.value()) + "): not a shared "
                        + "limit but something only the parallel program does, such as data its workers share";
    }

    static Wording algorithmicOverhead(double ratio, int p, double loss) {
        String s = "The parallel algorithm does " + Words.x(ratio) + " the work of the baseline (algorithmic overhead)";
        if (Double.isNaN(loss)) {
            return new Wording(s + ".", "The parallel algorithm may do " + Words.x(ratio) + " the work of the "
                    + "baseline (algorithmic overhead)");
        }
        return new Wording(s + "; at " + Words.cores(p) + " this costs " + Words.x(loss) + " of the " + p + "x.",
                "The parallel algorithm may do " + Words.x(ratio) + " the work of the baseline (algorithmic overhead); "
                        + "at " + Words.cores(p) + " this would cost " + Words.x(loss) + " of the " + p + "x");
    }

    static Wording baselineNotBest(double faster) {
        String why = "the baseline is not the best sequential program, so every speedup over it looks better than "
                + "it is; the headline also gives the speedup over the elision";
        return new Wording("The elision is " + Words.x(faster) + " faster than the baseline: " + why + ".",
                "The elision may be " + Words.x(faster) + " faster than the baseline, which suggests " + why);
    }

    static Wording schedulingOverhead(double ratio, int p, double loss, Program program, Claim.Collector gc) {
        if (gc != null) {
            String what = "the " + LossNames.ofPart("scheduling", false) + ", mostly the collector: "
                    + CollectorWords.collector(gc) + "; " + CollectorWords.ADVICE;
            return new Wording("Elision is " + Words.x(ratio) + " faster than 1 core: " + what
                    + (Double.isNaN(loss) ? "" : "; at " + Words.cores(p) + " this costs " + Words.x(loss) + " of the "
                            + p + "x") + ".",
                    "Elision may be " + Words.x(ratio) + " faster than 1 core: " + what + (Double.isNaN(loss) ? ""
                            : "; at " + Words.cores(p) + " this would cost " + Words.x(loss) + " of the " + p + "x"));
        }
        String adds = "creating and scheduling them adds " + Words.percent(ratio - 1) + " to the sequential work";
        String cost = Double.isNaN(loss) ? "" : "; at " + Words.cores(p) + " this costs " + Words.x(loss) + " of the "
                + p + "x";
        String wouldCost = Double.isNaN(loss) ? "" : "; at " + Words.cores(p) + " this would cost " + Words.x(loss)
                + " of the " + p + "x";
        return new Wording(
                "Elision is " + Words.x(ratio) + " faster than 1 core: tasks are too small (" + coarser(program)
                        + "); " + adds + cost + ".",
                "Elision may be " + Words.x(ratio) + " faster than 1 core, which suggests tasks are too small ("
                        + coarser(program) + "); " + adds + wouldCost);
    }

    static Wording oneWorkerOverhead(double ratio, Program program, Claim.Collector gc) {
        if (gc != null) {
            String what = "the " + LossNames.ofPart("overhead", false) + ", mostly the collector: " + CollectorWords.collector(gc)
                    + "; " + CollectorWords.ADVICE;
            return new Wording("One worker takes " + Words.x(ratio) + " the baseline's time: " + what + ".",
                    "One worker may take " + Words.x(ratio) + " the baseline's time: " + what);
        }
        String lever = program.grainParam() == null ? "" : "; raising " + program.grainParam() + " lowers the second";
        return new Wording(
                "One worker takes " + Words.x(ratio) + " the baseline's time: the " + LossNames.ofPart("overhead", false)
                        + ", the parallel algorithm's extra work and the cost of creating and scheduling its tasks "
                        + "together (without an elision they cannot be told apart" + lever + ").",
                "One worker may take " + Words.x(ratio) + " the baseline's time, which suggests a "
                        + LossNames.ofPart("overhead", false) + ", the parallel algorithm's extra work and its tasks' "
                        + "cost together (without an elision they cannot be told apart" + lever + ")");
    }

    /** @param bandwidthSays what the bandwidth test says, or null when it was not run (the inflation finding says so) */
    static Wording inflationSpecificSlopesDown(Claim.SharedLimit shared) {
        String s = "each added worker makes the workers do more work in all" + clause(shared);
        return new Wording("Inflation-specific speedup slopes down: " + s + ".",
                "Inflation-specific speedup may slope down: " + s);
    }

    static Wording inflationSpecificFlattens(Claim.SharedLimit shared) {
        String s = "the work grows with P nearly as fast as workers are added" + clause(shared);
        return new Wording("Inflation-specific speedup flattens: " + s + ".",
                "Inflation-specific speedup may flatten: " + s);
    }

    static Wording inflationGrows(int fromCores, double fromShare, int toCores, double toShare,
            Claim.SharedLimit shared) {
        String growth = " (from " + Words.percent(fromShare) + " of the one-core work at " + Words.cores(fromCores)
                + " to " + Words.percent(toShare) + " at " + Words.cores(toCores) + ")";
        return new Wording("Work inflation grows with P" + growth + clause(shared) + ".",
                "Work inflation may grow with P" + growth + clause(shared));
    }

    /** What the bandwidth test says, as a clause; nothing where it was not run ({@code shared} null). */
    private static String clause(Claim.SharedLimit shared) {
        return shared == null ? "" : "; " + bandwidthSays(shared);
    }

    /** Advice for tasks that are too small, naming the benchmark's grain param where it has one. */
    static String coarser(Program program) {
        return program.grainParam() == null ? "give each task more work" : "raise " + program.grainParam();
    }

    /** Advice for too few or too large tasks. */
    static String finer(Program program) {
        return program.grainParam() == null ? "split the work into more, smaller tasks" : "a smaller "
                + program.grainParam() + " makes more tasks";
    }

    static Wording idleSpecificBends(boolean slopesDown, boolean estimated, Program program) {
        String why = estimated
                ? "the time off-CPU grows with P (waiting for work, GC or blocking: the estimate does not tell which)"
                : "idle time grows with P, so the program lacks parallelism for more cores (raise the work per "
                        + "operation, or " + finer(program) + ")";
        return new Wording("Idle-specific speedup " + (slopesDown ? "slopes down" : "flattens") + ": " + why + ".",
                "Idle-specific speedup may " + (slopesDown ? "slope down" : "flatten") + ": " + why);
    }

    static Wording maximalBends() {
        return new Wording("Maximal speedup bends down: overhead grows with P.",
                "Maximal speedup may bend down, which suggests overhead grows with P");
    }

    static Wording memoryBandwidth(int copies, double slowdown, double inflated) {
        String then = !(inflated > 0) ? "" : "; the parallel run at " + Words.cores(copies) + " does "
                + Words.percent(inflated) + " more work than one worker, of which this limit can explain about "
                + Words.percent(Math.min(inflated, slowdown - 1));
        String c = copies + " copies of the baseline, each on its own data on its own CPU,";
        return new Wording(
                c + " ran " + Words.x(slowdown) + " slower than one alone: they compete for memory bandwidth (or "
                        + "another resource the cores share)" + then + ".",
                c + " may have run " + Words.x(slowdown) + " slower than one alone, which suggests they compete for "
                        + "memory bandwidth (or another shared resource)" + then);
    }

    static Wording inflationNotBandwidth(int copies, double slowdown, int p, double inflated) {
        String c = copies + " copies of the baseline, each on its own data on its own CPU, ran no slower than one "
                + "alone (" + Words.x(slowdown) + "), yet the parallel run at " + Words.cores(p);
        String more = Words.percent(inflated) + " more work than one worker: not a bandwidth limit but something only "
                + "the parallel program does";
        return new Wording(c + " does " + more + "; look at data its workers share (atomics, locks, false sharing).",
                c + " may do " + more + ", which suggests looking at data its workers share (atomics, locks, false "
                        + "sharing)");
    }


    /**
     * @param burden    what the burdened parallelism adds; {@code burdened} its value and {@code tasks} the dag's
     *                  tasks per operation (NaN when not measured)
     */
    static Wording lowParallelism(double parallelism, double slack, int p, double share, Claim.Burden burden,
            double burdened, double tasks) {
        String qualifier = switch (burden) {
            case NONE -> "";
            case SPAN_LIMITS -> " (with a steal's cost on every forked task it is " + Words.x(burdened) + ", "
                    + Words.percent(1 - burdened / parallelism) + " less: the span limits it, not the cost of "
                    + "stealing)";
            case FEW_TASKS -> " (with a steal's cost on every forked task it is " + Words.x(burdened) + "; with "
                    + Numbers.plain(tasks) + " tasks for " + p + " workers, larger tasks would leave fewer to share)";
        };
        Function<String, String> s = verb -> "The parallelism (work / span) " + verb + " " + Words.x(parallelism)
                + qualifier + ", below the 10·P = " + Numbers.plain(slack) + " that scaling on " + Words.cores(p)
                + " needs: the critical path alone can take up to " + Words.percent(share) + " of the ideal speedup; "
                + "split the longest chain of dependent work into more tasks";
        return new Wording(s.apply("is") + ".", s.apply("may be"));
    }

    static Wording lowBurdenedParallelism(double burdened, int p, Estimate parallelism, double burden,
            Program program) {
        Function<String, String> s = verb -> "The burdened parallelism " + verb + " " + Words.x(burdened) + ", below "
                + p + " (parallelism " + (parallelism == null ? "not measured" : Words.x(parallelism.value()))
                + "): if the tasks on the critical path are stolen, each steal (" + Numbers.time(burden) + " here) "
                + "costs more than the parallelism gains, so the grain is too small (" + coarser(program) + ")";
        return new Wording(s.apply("is") + ".", s.apply("may be"));
    }

    static Wording shortStrands(double strand, double burden, Program program) {
        Function<String, String> s = verb -> "The average strand (the code between two fork/join points) " + verb
                + " " + Numbers.time(strand) + ", less than one steal (" + Numbers.time(burden) + "): a stolen task "
                + "cannot pay for its move (" + coarser(program) + ")";
        return new Wording(s.apply("takes") + ".", s.apply("may take"));
    }

    static Wording noSingleLoss(int p) {
        return Wording.measured("No single loss stands out beyond the confidence intervals at " + Words.cores(p));
    }

    private static String fittedTo(List<Integer> cores) {
        return "P = " + Words.and(cores.stream().map(String::valueOf).toList());
    }

    private static String growth(ScalingModels.KarpFlatt from, ScalingModels.KarpFlatt to) {
        return "Karp–Flatt's serial fraction grows from " + Numbers.percent(from.serialFraction().value()) + " at P = "
                + from.cores() + " to " + Numbers.percent(to.serialFraction().value()) + " at P = " + to.cores();
    }

    static Wording retrogradePredicted(List<Integer> fitted, Estimate peak, double peakSpeedup, Estimate contention,
            Estimate coherency, ScalingModels.KarpFlatt from, ScalingModels.KarpFlatt to) {
        int largest = fitted.get(fitted.size() - 1);
        String where = "P = " + Numbers.coefficient(peak)
                + (Double.isNaN(peakSpeedup) ? "" : " (" + Words.x(peakSpeedup) + ")");
        boolean measured = peak.high() < largest;
        Function<String, String> s = verb -> "The Universal Scalability Law fitted to " + fittedTo(fitted) + " "
                + verb + " a speedup that " + (measured ? "already falls beyond " : "peaks at about ") + where
                + (measured ? "" : " and falls beyond it") + ": a cost that grows with every pair of workers "
                + "(coherency κ = " + Numbers.coefficient(coherency) + ", on top of contention σ = " + Numbers.percent(contention)
                + ")"
                + (from == null ? "" : "; " + growth(from, to))
                + (measured ? "" : ". An extrapolation: measure up to P = " + Numbers.plain(Math.ceil(peak.value()))
                        + " to confirm it");
        return new Wording(s.apply("predicts") + ".", s.apply("may predict"));
    }

    static Wording serialFractionGrows(ScalingModels.KarpFlatt from, ScalingModels.KarpFlatt to, Estimate amdahl) {
        Function<String, String> s = verb -> growth(from, to) + ": the loss " + verb + " with P (overhead that "
                + "grows with the workers), not a fixed serial part, so Amdahl's law (serial fraction "
                + Numbers.percent(amdahl.value()) + ") predicts too much beyond the measured points";
        return new Wording(s.apply("grows") + ".", s.apply("may grow"));
    }

    static Wording fitAboveSpanBound(int p, double fitted, double upper) {
        Function<String, String> s = verb -> "From " + Words.cores(p) + " the fitted USL " + verb + " more speedup ("
                + Words.x(fitted) + ") than the span allows (at most " + Words.x(upper) + "): beyond there the longest "
                + "chain of dependent work, which the fit does not know, limits the program, not the fitted costs";
        return new Wording(s.apply("predicts") + ".", s.apply("may predict"));
    }

    static Wording fitBelowSpanBound(int p, double fitted, double lower) {
        Function<String, String> s = verb -> "From " + Words.cores(p) + " the fitted USL " + verb + " less speedup ("
                + Words.x(fitted) + ") than Cilkview's lower bound (" + Words.x(lower) + "), which covers the span and "
                + "the cost of stealing every task: the measured costs grow faster with P than scheduling explains, so "
                + "idle time or work inflation is predicted to limit the program there";
        return new Wording(s.apply("predicts") + ".", s.apply("may predict"));
    }

    /** One thread did the work at P ≥ 2 (the diagnosis's {@code OneThread}), with the reason the measurements show. */
    static Wording oneThread(int p, double busiestShare, Claim.RanOnOneThread.Reason reason) {
        String ran = at(p) + " one thread did " + Words.percent(busiestShare) + " of the work, so the other "
                + (p - 1 == 1 ? "worker" : (p - 1) + " workers") + " had nothing to run: ";
        String why = switch (reason) {
            case CALLER -> "it was the calling thread, so the work never reached a pool's workers. JDK code runs "
                    + "sequentially when the common pool's parallelism is 1 (the profiler's commonPool=false, or "
                    + "-Djava.util.concurrent.ForkJoinPool.common.parallelism), and work on a pool the profiler does "
                    + "not make is not counted: create it with Cores.forkJoinPool()";
            case BLOCKED -> "workers were blocked and spare threads ran in their place (a join from outside the pool, "
                    + "or ForkJoinPool.managedBlock), so at most one thread worked at a time";
            case ONE_WORKER -> "the operation gave the pool one task at a time (each waits for the one before, or "
                    + "the work is not split)";
        };
        return Wording.measured(ran + why);
    }
}
