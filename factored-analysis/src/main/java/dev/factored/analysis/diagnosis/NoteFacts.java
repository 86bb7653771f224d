package dev.factored.analysis.diagnosis;

import dev.factored.analysis.model.family.BetweenForks;
import dev.factored.analysis.model.measurement.Interference;
import dev.factored.analysis.model.measurement.SpanSamples;
import dev.factored.analysis.model.measurement.Steadiness;
import dev.factored.analysis.stats.ForkModes;
import dev.factored.contract.CoresValue;
import dev.factored.contract.ProfilerMetrics;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * What a data-quality note says, as the facts its words are made of: one record per kind of note, made by the rule
 * that decides it ({@link Warnings}, {@link PointWarnings}). Two notes say the same when their kinds, P and facts are
 * equal ({@link Warnings.Note#saysTheSameAs}); equal facts give equal words ({@link #words()}, in
 * {@link WarningWords}), which are written once the notes are decided.
 */
public sealed interface NoteFacts {

    /** The note's sentence, written from these facts. */
    String words();

    /** A note that rests on no measured value: what is missing from the family's configurations. */
    enum Missing implements NoteFacts {
        NO_BASELINE, NO_ELISION, ESTIMATED_IDLE, NO_ONE_CORE, NO_PARALLEL, NO_PROFILER;

        @Override
        public String words() {
            return switch (this) {
                case NO_BASELINE -> WarningWords.noBaseline();
                case NO_ELISION -> WarningWords.noElision();
                case ESTIMATED_IDLE -> WarningWords.estimatedIdle();
                case NO_ONE_CORE -> WarningWords.noOneCore();
                case NO_PARALLEL -> WarningWords.noParallel();
                case NO_PROFILER -> WarningWords.noProfiler();
            };
        }
    }

    /** The configurations some of whose forks had not reached a steady state in their measured iterations. */
    record Unsteady(List<Steadiness> configurations) implements NoteFacts {
        public Unsteady {
            configurations = List.copyOf(configurations);
        }

        public String words() {
            return WarningWords.unsteady(configurations.stream().map(WarningWords::unsteady).toList());
        }
    }

    /** The configurations of the family whose run failed, each with JMH's reason (empty when it gave none). */
    record Failed(List<Failure> failed) implements NoteFacts {
        public Failed {
            failed = List.copyOf(failed);
        }

        public String words() {
            return WarningWords.failed(failed.stream().map(f -> "cores=" + f.cores()
                    + (f.reason().isEmpty() ? "" : " (" + f.reason() + ")")).toList());
        }
    }

    record Failure(String cores, String reason) {
    }

    /** What a list of configurations (by their cores values) lacks or did, as the kind of note says. */
    record Configurations(Lack lack, List<CoresValue> cores) implements NoteFacts {
        public Configurations {
            cores = List.copyOf(cores);
        }

        public String words() {
            List<String> named = cores.stream().map(c -> "cores=" + c).toList();
            return switch (lack) {
                case IDLE_METRIC -> WarningWords.noIdleMetric(named);
                case PINNING -> WarningWords.unpinned(named);
                case PINNING_KNOWN -> WarningWords.pinningUnknown(named);
                case POOL_USE -> WarningWords.poolUnused(named);
                case MEASURED_POOL -> WarningWords.poolUnwrapped(named);
            };
        }
    }

    /** What the configurations of {@link Configurations} lack. */
    enum Lack {
        /** No {@link ProfilerMetrics#IDLE}. */
        IDLE_METRIC,
        /** Their forks were not pinned. */
        PINNING,
        /** Whether their forks were pinned is unknown. */
        PINNING_KNOWN,
        /** They never used the pool. */
        POOL_USE,
        /** They ran on the common pool outside any measured operation. */
        MEASURED_POOL
    }

    /** A bandwidth test that ran {@code copies} copies of the baseline where {@code asked} were asked for. */
    record BandwidthCopies(CoresValue cores, int copies, int asked) implements NoteFacts {
        public String words() {
            return copies < 2 ? WarningWords.bandwidthCopies(cores, copies, asked)
                    : WarningWords.bandwidthCopiesThatFit(cores, copies, asked);
        }
    }

    /** A span run whose strands are shorter than its clock can time. */
    record SpanUnresolved(SpanSamples samples) implements NoteFacts {
        public String words() {
            return WarningWords.spanUnresolved(WarningWords.spanUnresolvedBecause(samples));
        }
    }

    /**
     * Configurations measured in a single fork: every one of the family's ({@code which} null), or those named;
     * {@code one} when a single configuration; the run's noise between forks, which widened their intervals.
     */
    record SingleFork(boolean every, List<CoresValue> which, boolean one, BetweenForks betweenForks) implements NoteFacts {
        public SingleFork {
            which = which == null ? null : List.copyOf(which);
        }

        public String words() {
            return WarningWords.singleFork(every, which == null ? List.of()
                    : which.stream().map(c -> "cores=" + c).toList(), one, betweenForks);
        }
    }

    /** Configurations whose forks each settled at one of two speeds. */
    record TwoSpeeds(List<Speeds> configurations) implements NoteFacts {
        public TwoSpeeds {
            configurations = List.copyOf(configurations);
        }

        public String words() {
            return WarningWords.forkModes(configurations.stream()
                    .map(s -> WarningWords.forkModes(s.cores(), s.split())).toList());
        }
    }

    record Speeds(CoresValue cores, ForkModes.Split split) {
    }

    /**
     * Configurations most of whose estimated operations began after a pause ({@code factored.afterPause}): each with
     * the share of such operations.
     */
    record AfterPauses(List<PausedShare> configurations) implements NoteFacts {
        public AfterPauses {
            configurations = List.copyOf(configurations);
        }

        public String words() {
            return WarningWords.afterPauses(configurations.stream()
                    .map(c -> "cores=" + c.cores() + " (" + Words.percent(c.share()) + ")").toList());
        }
    }

    record PausedShare(CoresValue cores, double share) {
    }

    /** Configurations whose JMH error is large: {@code relative} is the half-interval over the score. */
    record LargeErrors(List<RelativeError> configurations) implements NoteFacts {
        public LargeErrors {
            configurations = List.copyOf(configurations);
        }

        public String words() {
            return WarningWords.largeErrors(configurations.stream()
                    .map(e -> "cores=" + e.cores() + " ±" + Words.percent(e.relative())).toList());
        }
    }

    record RelativeError(CoresValue cores, double relative) {
    }

    /** Configurations with fewer than 3 samples. */
    record FewSamples(List<SampleCount> configurations) implements NoteFacts {
        public FewSamples {
            configurations = List.copyOf(configurations);
        }

        public String words() {
            return WarningWords.fewSamples(configurations.stream().map(c -> "cores=" + c.cores() + " ("
                    + c.samples() + (c.samples() == 1 ? " sample)" : " samples)")).toList());
        }
    }

    record SampleCount(CoresValue cores, int samples) {
    }

    /** The JVMs the configurations ran on, each once, in the order met. */
    record MixedJvms(List<Jvm> jvms) implements NoteFacts {
        public MixedJvms {
            jvms = List.copyOf(jvms);
        }

        public String words() {
            return WarningWords.mixedJvms(new LinkedHashSet<>(jvms.stream().map(WarningWords::jvm).toList()));
        }
    }

    /** A JVM as JMH names it: its JDK version, VM name and version, and where it is. */
    record Jvm(String jdkVersion, String vmName, String vmVersion, String path) {
    }

    record JmhThreads(int threads) implements NoteFacts {
        public String words() {
            return WarningWords.jmhThreads(threads);
        }
    }

    /** The points that are not valid, each with its reasons as the point gives them. */
    record InvalidPoints(List<Invalid> points) implements NoteFacts {
        public InvalidPoints {
            points = List.copyOf(points);
        }

        public String words() {
            return WarningWords.invalidPoints(points.stream()
                    .map(p -> "cores=" + p.cores() + " (" + String.join("; ", p.because()) + ")").toList());
        }
    }

    record Invalid(int cores, List<String> because) {
        public Invalid {
            because = List.copyOf(because);
        }
    }

    /** The share of an operation the one worker was idle (off the CPU, for unmodified code). */
    record IdleAtOneCore(boolean offCpu, double share) implements NoteFacts {
        public String words() {
            return offCpu ? WarningWords.offCpuAtOneCore(share) : WarningWords.idleAtOneCore(share);
        }
    }

    /** The configurations measured on a busy machine, with what the machine took from each. */
    record BusyMachine(List<Interference> disturbed) implements NoteFacts {
        public BusyMachine {
            disturbed = List.copyOf(disturbed);
        }

        public String words() {
            return WarningWords.busyMachine(disturbed.stream().map(Interference::because).toList());
        }
    }

    /**
     * A negative work inflation at P: {@code share} less work than one worker; {@code unmodified} the idle was
     * estimated; {@code mayBeNoise} its interval reaches 0.
     */
    record NegativeInflation(int cores, double share, boolean unmodified, boolean mayBeNoise) implements NoteFacts {
        public String words() {
            return WarningWords.negativeInflation(cores, share, unmodified, mayBeNoise);
        }
    }

    record AboveUpperBound(int cores, double actual, double upper) implements NoteFacts {
        public String words() {
            return WarningWords.aboveUpperBound(cores, actual, upper);
        }
    }

    /** The points at which the common pool started spare threads, with how many. */
    record SpareThreads(List<SpareCount> points) implements NoteFacts {
        public SpareThreads {
            points = List.copyOf(points);
        }

        public String words() {
            return WarningWords.spareThreads(points.stream().map(p -> "cores=" + p.cores() + " (" + p.spares()
                    + (p.spares() == 1 ? " spare)" : " spares)")).toList());
        }
    }

    record SpareCount(int cores, int spares) {
    }

    /** From P = {@code cores} the workers share physical cores ({@code physicalCores} of them; null when unknown). */
    record SmtPoints(int cores, Integer physicalCores) implements NoteFacts {
        public String words() {
            return WarningWords.smtPoints(cores, physicalCores);
        }
    }

    /** From P = {@code cores} the workers span more than one socket or NUMA node. */
    record CrossesNode(int cores, Integer sockets, Integer numaNodes) implements NoteFacts {
        public String words() {
            return WarningWords.crossesNode(cores, sockets, numaNodes);
        }
    }
}
