package dev.factored.analysis.diagnosis.facts;

import dev.factored.analysis.model.finding.Finding;
import dev.factored.analysis.model.finding.FindingKind;
import java.util.Comparator;
import java.util.List;

/**
 * Which cause finding explains a loss, read from the findings' kinds and evidence alone: the one reading that the
 * headline ({@code Story}) and every one-line summary of a loss (the renderer's {@code LossNames}) make, so that
 * they name the same cause.
 */
public final class Causes {

    private Causes() {
    }

    /**
     * The order in which causes of one loss explain it in a headline: what names where the workers waited at P
     * (a part of the idle split, GC; {@link IdleCause#specific}) or the collector's pauses a loss is mostly made of
     * ({@link #byCollector}) first, then what the span run and the bandwidth
     * test measure of the whole program, then the loss itself, then how the curves bend.
     */
    private static final List<String> EXPLAINS = List.of(
            FindingKind.LOW_BURDENED_PARALLELISM.id(), FindingKind.LOW_PARALLELISM.id(),
            FindingKind.MEMORY_BANDWIDTH.id(), FindingKind.INFLATION_NOT_BANDWIDTH.id(),
            FindingKind.IDLE.id(), FindingKind.IDLE_OR_INFLATION.id(), FindingKind.INFLATION.id(),
            FindingKind.ALGORITHMIC_OVERHEAD.id(), FindingKind.SCHEDULING_OVERHEAD.id(),
            FindingKind.ONE_WORKER_OVERHEAD.id(), FindingKind.SHORT_STRANDS.id(), FindingKind.INFLATION_GROWS.id(),
            FindingKind.INFLATION_SPECIFIC_SLOPES_DOWN.id(), FindingKind.INFLATION_SPECIFIC_FLATTENS.id(),
            FindingKind.IDLE_SPECIFIC_BENDS.id());

    /** The cause at P (or of the sequential configurations) that best explains the named loss, or null when none. */
    public static Finding explaining(List<Finding> causes, String loss, Integer cores, boolean estimated) {
        return causes.stream()
                .filter(f -> loss.equals(LossSeparation.component(f.kind()))
                        && (f.cores() == null || f.cores().equals(cores)))
                .min(Comparator.comparingInt(f -> rank(f, estimated))).orElse(null);
    }

    private static int rank(Finding f, boolean estimated) {
        if (f.kind().equals(FindingKind.IDLE.id()) && f.cores() != null
                && IdleCause.of(f.evidence(), f.cores(), estimated).specific() || byCollector(f)) {
            return -1; // what names where the time went at P: a part of the idle split, or the collector's pauses
        }
        int at = EXPLAINS.indexOf(f.kind());
        return at < 0 ? EXPLAINS.size() : at;
    }

    /**
     * Whether a loss other than idle time was found to be mostly the collector's: its rule lists the one-worker GC
     * time in the evidence only then (the diagnosis's {@code Rules.oneWorkerGc}, {@code Rules.inflationGc}, and for
     * time off-CPU that cannot be told from inflation {@code Rules.offCpuGc}).
     */
    public static boolean byCollector(Finding cause) {
        return !cause.kind().equals(FindingKind.IDLE.id())
                && cause.evidence().containsKey(Evidence.Measure.ONE_CORE_GC_TIME.id());
    }

    /**
     * Whether a cause finding says that its loss is mostly the collector's pauses: a loss other than idle time whose
     * rule found so ({@link #byCollector}), or idle time whose pauses make most of it ({@link IdleCause#GC}).
     */
    public static boolean collectorExplains(Finding cause, boolean estimated) {
        return cause != null && (byCollector(cause) || cause.cores() != null
                && cause.kind().equals(FindingKind.IDLE.id())
                && IdleCause.of(cause.evidence(), cause.cores(), estimated) == IdleCause.GC);
    }
}
