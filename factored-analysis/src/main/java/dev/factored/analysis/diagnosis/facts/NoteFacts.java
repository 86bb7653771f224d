package dev.factored.analysis.diagnosis.facts;

import dev.factored.analysis.model.family.BetweenForks;
import dev.factored.analysis.model.family.ForkNoise;
import dev.factored.analysis.model.measurement.Interference;
import dev.factored.analysis.model.measurement.SpanSamples;
import dev.factored.analysis.model.measurement.Steadiness;
import dev.factored.analysis.stats.ForkModes;
import dev.factored.contract.CoresValue;
import dev.factored.contract.ProfilerMetrics;
import java.util.List;

/**
 * What a data-quality note says, as the facts its words are made of: one record per kind of note, made by the rule
 * that decides it (the diagnosis's {@code Warnings} and {@code PointWarnings}). Two notes say the same when their
 * kinds, P and facts are equal ({@code Warnings.Note#saysTheSameAs}); equal facts give equal words (the renderer's
 * {@code NoteWords}), which are written once the notes are decided.
 */
public sealed interface NoteFacts {

    /** A note that rests on no measured value: what is missing from the family's configurations. */
    enum Missing implements NoteFacts {
        NO_BASELINE, NO_ELISION, ESTIMATED_IDLE, NO_ONE_CORE, NO_PARALLEL, NO_PROFILER
    }

    /** The configurations some of whose forks had not reached a steady state in their measured iterations. */
    record Unsteady(List<Steadiness> configurations) implements NoteFacts {
        public Unsteady {
            configurations = List.copyOf(configurations);
        }
    }

    /** The configurations of the family whose run failed, each with JMH's reason (empty when it gave none). */
    record Failed(List<Failure> failed) implements NoteFacts {
        public Failed {
            failed = List.copyOf(failed);
        }
    }

    record Failure(String cores, String reason) {
    }

    /** What a list of configurations (by their cores values) lacks or did, as the kind of note says. */
    record Configurations(Lack lack, List<CoresValue> cores) implements NoteFacts {
        public Configurations {
            cores = List.copyOf(cores);
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
    }

    /** A span run whose strands are shorter than its clock can time. */
    record SpanUnresolved(SpanSamples samples) implements NoteFacts {
    }

    /**
     * Configurations measured in a single fork: every one of the family's ({@code which} null), or those named;
     * {@code one} when a single configuration; the run's noise between forks, which widened their intervals.
     */
    record SingleFork(boolean every, List<CoresValue> which, boolean one, BetweenForks betweenForks) implements NoteFacts {
        public SingleFork {
            which = which == null ? null : List.copyOf(which);
        }
    }

    /** Configurations whose forks each settled at one of two speeds. */
    record TwoSpeeds(List<Speeds> configurations) implements NoteFacts {
        public TwoSpeeds {
            configurations = List.copyOf(configurations);
        }
    }

    record Speeds(CoresValue cores, ForkModes.Split split) {
    }

    /** Configurations whose forks disagreed far beyond what the run's others expect ({@link ForkNoise.Apart}). */
    record ForksApart(List<ForkNoise.Apart> configurations) implements NoteFacts {
        public ForksApart {
            configurations = List.copyOf(configurations);
        }
    }

    /**
     * Configurations most of whose estimated operations began after a pause ({@code factored.afterPause}): each with
     * the share of such operations.
     */
    record AfterPauses(List<PausedShare> configurations) implements NoteFacts {
        public AfterPauses {
            configurations = List.copyOf(configurations);
        }
    }

    record PausedShare(CoresValue cores, double share) {
    }

    /** Configurations whose JMH error is large: {@code relative} is the half-interval over the score. */
    record LargeErrors(List<RelativeError> configurations) implements NoteFacts {
        public LargeErrors {
            configurations = List.copyOf(configurations);
        }
    }

    record RelativeError(CoresValue cores, double relative) {
    }

    /** Configurations with fewer than 3 samples. */
    record FewSamples(List<SampleCount> configurations) implements NoteFacts {
        public FewSamples {
            configurations = List.copyOf(configurations);
        }
    }

    record SampleCount(CoresValue cores, int samples) {
    }

    /** The JVMs the configurations ran on, each once, in the order met. */
    record MixedJvms(List<Jvm> jvms) implements NoteFacts {
        public MixedJvms {
            jvms = List.copyOf(jvms);
        }
    }

    /** A JVM as JMH names it: its JDK version, VM name and version, and where it is. */
    record Jvm(String jdkVersion, String vmName, String vmVersion, String path) {
    }

    record JmhThreads(int threads) implements NoteFacts {
    }

    /** The points that are not valid, each with its reasons as the point gives them. */
    record InvalidPoints(List<Invalid> points) implements NoteFacts {
        public InvalidPoints {
            points = List.copyOf(points);
        }
    }

    record Invalid(int cores, List<String> because) {
        public Invalid {
            because = List.copyOf(because);
        }
    }

    /** The share of an operation the one worker was idle (off the CPU, for unmodified code). */
    record IdleAtOneCore(boolean offCpu, double share) implements NoteFacts {
    }

    /** The configurations measured on a busy machine, with what the machine took from each. */
    record BusyMachine(List<Interference> disturbed) implements NoteFacts {
        public BusyMachine {
            disturbed = List.copyOf(disturbed);
        }
    }

    /**
     * A negative work inflation at P: {@code share} less work than one worker; {@code unmodified} the idle was
     * estimated; {@code mayBeNoise} its interval reaches 0.
     */
    record NegativeInflation(int cores, double share, boolean unmodified, boolean mayBeNoise) implements NoteFacts {
    }

    record AboveUpperBound(int cores, double actual, double upper) implements NoteFacts {
    }

    /** The points at which the common pool started spare threads, with how many. */
    record SpareThreads(List<SpareCount> points) implements NoteFacts {
        public SpareThreads {
            points = List.copyOf(points);
        }
    }

    record SpareCount(int cores, int spares) {
    }

    /** From P = {@code cores} the workers share physical cores ({@code physicalCores} of them; null when unknown). */
    record SmtPoints(int cores, Integer physicalCores) implements NoteFacts {
    }

    /** From P = {@code cores} the workers span more than one socket or NUMA node. */
    record CrossesNode(int cores, Integer sockets, Integer numaNodes) implements NoteFacts {
    }
}
