package dev.factored.analysis.diagnosis.words;

import dev.factored.analysis.diagnosis.facts.NoteFacts;
import dev.factored.analysis.model.measurement.Interference;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * A data-quality note's sentence, written from its facts ({@link NoteFacts}, one record per kind of note) by the
 * words of its kind in {@link WarningWords}: equal facts give equal words. The configurations a note names are
 * written {@code cores=V}, as the JMH param that set them.
 */
public final class NoteWords {

    private NoteWords() {
    }

    /** The note's sentence. */
    public static String of(NoteFacts facts) {
        if (facts instanceof NoteFacts.Missing m) {
            return missing(m);
        }
        if (facts instanceof NoteFacts.Unsteady n) {
            return WarningWords.unsteady(n.configurations().stream().map(WarningWords::unsteady).toList());
        }
        if (facts instanceof NoteFacts.Failed n) {
            return WarningWords.failed(n.failed().stream().map(f -> "cores=" + f.cores()
                    + (f.reason().isEmpty() ? "" : " (" + f.reason() + ")")).toList());
        }
        if (facts instanceof NoteFacts.Configurations n) {
            return configurations(n);
        }
        if (facts instanceof NoteFacts.BandwidthCopies n) {
            return n.copies() < 2 ? WarningWords.bandwidthCopies(n.cores(), n.copies(), n.asked())
                    : WarningWords.bandwidthCopiesThatFit(n.cores(), n.copies(), n.asked());
        }
        if (facts instanceof NoteFacts.SpanUnresolved n) {
            return WarningWords.spanUnresolved(WarningWords.spanUnresolvedBecause(n.samples()));
        }
        if (facts instanceof NoteFacts.SingleFork n) {
            return WarningWords.singleFork(n.every(), n.which() == null ? List.of()
                    : n.which().stream().map(c -> "cores=" + c).toList(), n.one(), n.betweenForks());
        }
        if (facts instanceof NoteFacts.TwoSpeeds n) {
            return WarningWords.forkModes(n.configurations().stream()
                    .map(s -> WarningWords.forkModes(s.cores(), s.split())).toList());
        }
        if (facts instanceof NoteFacts.ForksApart n) {
            return WarningWords.forksApart(n.configurations().stream().map(WarningWords::forksApart).toList());
        }
        if (facts instanceof NoteFacts.AfterPauses n) {
            return WarningWords.afterPauses(n.configurations().stream()
                    .map(c -> "cores=" + c.cores() + " (" + Words.percent(c.share()) + ")").toList());
        }
        if (facts instanceof NoteFacts.LargeErrors n) {
            return WarningWords.largeErrors(n.configurations().stream()
                    .map(e -> "cores=" + e.cores() + " ±" + Words.percent(e.relative())).toList());
        }
        if (facts instanceof NoteFacts.FewSamples n) {
            return WarningWords.fewSamples(n.configurations().stream().map(c -> "cores=" + c.cores() + " ("
                    + c.samples() + (c.samples() == 1 ? " sample)" : " samples)")).toList());
        }
        if (facts instanceof NoteFacts.MixedJvms n) {
            return WarningWords.mixedJvms(new LinkedHashSet<>(n.jvms().stream().map(WarningWords::jvm).toList()));
        }
        if (facts instanceof NoteFacts.JmhThreads n) {
            return WarningWords.jmhThreads(n.threads());
        }
        if (facts instanceof NoteFacts.InvalidPoints n) {
            return WarningWords.invalidPoints(n.points().stream()
                    .map(p -> "cores=" + p.cores() + " (" + String.join("; ", p.because()) + ")").toList());
        }
        if (facts instanceof NoteFacts.IdleAtOneCore n) {
            return n.offCpu() ? WarningWords.offCpuAtOneCore(n.share()) : WarningWords.idleAtOneCore(n.share());
        }
        if (facts instanceof NoteFacts.BusyMachine n) {
            return WarningWords.busyMachine(n.disturbed().stream().map(Interference::because).toList());
        }
        if (facts instanceof NoteFacts.NegativeInflation n) {
            return WarningWords.negativeInflation(n.cores(), n.share(), n.unmodified(), n.mayBeNoise());
        }
        if (facts instanceof NoteFacts.AboveUpperBound n) {
            return WarningWords.aboveUpperBound(n.cores(), n.actual(), n.upper());
        }
        if (facts instanceof NoteFacts.SpareThreads n) {
            return WarningWords.spareThreads(n.points().stream().map(p -> "cores=" + p.cores() + " (" + p.spares()
                    + (p.spares() == 1 ? " spare)" : " spares)")).toList());
        }
        if (facts instanceof NoteFacts.SmtPoints n) {
            return WarningWords.smtPoints(n.cores(), n.physicalCores());
        }
        NoteFacts.CrossesNode n = (NoteFacts.CrossesNode) facts;
        return WarningWords.crossesNode(n.cores(), n.sockets(), n.numaNodes());
    }

    private static String missing(NoteFacts.Missing missing) {
        return switch (missing) {
            case NO_BASELINE -> WarningWords.noBaseline();
            case NO_ELISION -> WarningWords.noElision();
            case ESTIMATED_IDLE -> WarningWords.estimatedIdle();
            case NO_ONE_CORE -> WarningWords.noOneCore();
            case NO_PARALLEL -> WarningWords.noParallel();
            case NO_PROFILER -> WarningWords.noProfiler();
        };
    }

    private static String configurations(NoteFacts.Configurations configurations) {
        List<String> named = configurations.cores().stream().map(c -> "cores=" + c).toList();
        return switch (configurations.lack()) {
            case IDLE_METRIC -> WarningWords.noIdleMetric(named);
            case PINNING -> WarningWords.unpinned(named);
            case PINNING_KNOWN -> WarningWords.pinningUnknown(named);
            case POOL_USE -> WarningWords.poolUnused(named);
            case MEASURED_POOL -> WarningWords.poolUnwrapped(named);
        };
    }
}
