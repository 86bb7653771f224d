package dev.factored.analysis.diagnosis;

import dev.factored.analysis.model.Bound;
import dev.factored.analysis.model.CpuLabels;
import dev.factored.analysis.model.Estimate;
import dev.factored.analysis.model.FindingKind;
import dev.factored.analysis.model.Interference;
import dev.factored.analysis.model.Point;
import dev.factored.analysis.model.Quantities;
import dev.factored.analysis.model.TopologyStarts;
import java.util.ArrayList;
import java.util.List;

/**
 * The warnings that read the family's points (what they measured, on what CPUs, on how quiet a machine) rather than
 * JMH's entries: invalid points, a busy machine, idle at one core, negative inflation, a speedup above the span's
 * bound, spare threads and where the topology changes.
 */
final class PointWarnings {

    /** I_1 should be about 0: one worker has no one to wait for. Much more means hand-off latency. */
    static final double ONE_CORE_IDLE = 0.05;

    private PointWarnings() {
    }

    /** Explains once which points carry no conclusion, and why. */
    static void invalidPoints(Quantities r, Warnings.Found w) {
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

    static void idleAtOneCore(Quantities r, boolean unmodified, Warnings.Found w) {
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
    static void disturbed(Quantities r, Warnings.Found w) {
        List<String> because = r.interference().stream().filter(Interference::disturbed).map(Interference::because)
                .toList();
        if (!because.isEmpty()) {
            w.add(FindingKind.BUSY_MACHINE, "Measured on a busy machine: " + String.join("; ", because) + ". Findings that rest on "
                    + (because.size() == 1 ? "this configuration" : "these configurations") + " are tentative, and "
                    + "work inflation and the bandwidth test are not interpreted there (a worker that waits behind "
                    + "another process looks busy; a copy slowed by it looks like copies competing for memory).");
        }
    }

    static void negativeInflation(Quantities r, boolean unmodified, Warnings.Found w) {
        for (Point p : r.points()) {
            Estimate f = p.workInflation();
            // F_1 = -I_1 by definition (T_1 is both the run and the reference): see idleAtOneCore
            if (p.cores() < 2 || f == null || !(f.value() < 0) || r.times().oneCoreTime() == null || f.disturbed()) {
                continue;
            }
            double share = -f.value() / r.times().oneCoreTime().value();
            w.add(FindingKind.NEGATIVE_INFLATION, p.cores(), "At " + Words.cores(p.cores()) + " work inflation is negative (" + Words.percent(share)
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
    static void aboveUpperBound(Quantities r, Warnings.Found w) {
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

    /** Points at which the common pool replaced workers blocked in joins with spare threads. */
    static void spares(Quantities r, Warnings.Found w) {
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
    static void topology(Quantities r, Warnings.Found w) {
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
}
