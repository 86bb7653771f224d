package dev.factored.analysis.diagnosis;

import dev.factored.analysis.diagnosis.facts.NoteFacts;
import dev.factored.analysis.model.Bound;
import dev.factored.analysis.model.family.Quantities;
import dev.factored.analysis.model.finding.FindingKind;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.measurement.Interference;
import dev.factored.analysis.model.point.Point;
import dev.factored.analysis.model.point.TopologyStarts;
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
        List<NoteFacts.Invalid> invalid = new ArrayList<>();
        for (Point p : r.points()) {
            if (!p.valid()) {
                invalid.add(new NoteFacts.Invalid(p.cores(), p.invalidBecause()));
            }
        }
        if (!invalid.isEmpty()) {
            w.add(FindingKind.INVALID_POINTS, new NoteFacts.InvalidPoints(invalid));
        }
    }

    static void idleAtOneCore(Quantities r, boolean unmodified, Warnings.Found w) {
        for (Point p : r.points()) {
            if (p.cores() == 1 && p.times().idleTime() != null && r.times().oneCoreTime() != null) {
                double share = p.times().idleTime().value() / r.times().oneCoreTime().value();
                if (share > ONE_CORE_IDLE) {
                    w.add(FindingKind.IDLE_AT_ONE_CORE, new NoteFacts.IdleAtOneCore(unmodified, share));
                }
            }
        }
    }

    /** Configurations measured while other processes took a share of their CPUs above the threshold. */
    static void disturbed(Quantities r, Warnings.Found w) {
        List<Interference> disturbed = r.interference().stream().filter(Interference::disturbed).toList();
        if (!disturbed.isEmpty()) {
            w.add(FindingKind.BUSY_MACHINE, new NoteFacts.BusyMachine(disturbed));
        }
    }

    /** A share of the one-worker time below this is written as 0.0 %: too small to note. */
    static final double NEGLIGIBLE_SHARE = 0.0005;

    static void negativeInflation(Quantities r, boolean unmodified, Warnings.Found w) {
        for (Point p : r.points()) {
            Estimate f = p.times().workInflation();
            // F_1 = -I_1 by definition (T_1 is both the run and the reference): see idleAtOneCore
            if (p.cores() < 2 || f == null || !(f.value() < 0) || r.times().oneCoreTime() == null || f.disturbed()) {
                continue;
            }
            double share = -f.value() / r.times().oneCoreTime().value();
            if (share < NEGLIGIBLE_SHARE) {
                continue; // "0.0% less work" says nothing
            }
            w.add(FindingKind.NEGATIVE_INFLATION, p.cores(),
                    new NoteFacts.NegativeInflation(p.cores(), share, unmodified, f.high() >= 0));
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
                w.add(FindingKind.ABOVE_UPPER_BOUND,
                        new NoteFacts.AboveUpperBound(p.cores(), actual.value(), bound.upper().value()));
            }
        }
    }

    /** Points at which the common pool replaced workers blocked in joins with spare threads. */
    static void spares(Quantities r, Warnings.Found w) {
        List<NoteFacts.SpareCount> at = new ArrayList<>();
        for (Point p : r.points()) {
            if (p.conditions().spareThreads() != null && p.conditions().spareThreads() > 0) {
                at.add(new NoteFacts.SpareCount(p.cores(), p.conditions().spareThreads()));
            }
        }
        if (!at.isEmpty()) {
            w.add(FindingKind.SPARE_THREADS, new NoteFacts.SpareThreads(at));
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
            w.add(FindingKind.SMT_POINTS, new NoteFacts.SmtPoints(smt.cores(), smt.conditions().cpuLabels()
                    .physicalCores()));
        }
        if (nodes != null) {
            w.add(FindingKind.CROSSES_NODE,
                    new NoteFacts.CrossesNode(nodes.cores(), nodes.conditions().cpuLabels().sockets(),
                    nodes.conditions().cpuLabels().numaNodes()));
        }
    }
}
