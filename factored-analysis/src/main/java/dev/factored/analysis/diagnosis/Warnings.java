package dev.factored.analysis.diagnosis;

import dev.factored.analysis.diagnosis.facts.NoteFacts;
import dev.factored.analysis.diagnosis.facts.Program;
import dev.factored.analysis.diagnosis.words.NoteWords;
import dev.factored.analysis.input.JmhEntry;
import dev.factored.analysis.input.JmhMetric;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.family.BetweenForks;
import dev.factored.analysis.model.family.Family;
import dev.factored.analysis.model.family.ForkNoise;
import dev.factored.analysis.model.family.Quantities;
import dev.factored.analysis.model.family.RunContext;
import dev.factored.analysis.model.finding.Finding;
import dev.factored.analysis.model.finding.FindingKind;
import dev.factored.analysis.model.finding.Severity;
import dev.factored.analysis.model.measurement.ConfigurationRun;
import dev.factored.analysis.model.measurement.FailedConfiguration;
import dev.factored.analysis.model.measurement.Steadiness;
import dev.factored.analysis.stats.ForkModes;
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
    /** A configuration is noted when at least this share of its operations began after a pause. */
    static final double MOSTLY_AFTER_PAUSES = 0.5;

    private Warnings() {
    }

    /** Warnings as findings of {@link Severity#WARNING}, in a fixed order; their texts are the family's warnings. */
    public static List<Finding> of(Family family, Quantities result) {
        return of(family, result, RunContext.NONE);
    }

    /** As above, with the run's noise between forks (it widened single-fork intervals) and its failures. */
    public static List<Finding> of(Family family, Quantities result, RunContext run) {
        return notes(family, result, run).stream().map(Note::finding).toList();
    }

    /**
     * A note and the facts its words were made from (the measured values, the configurations it names): two notes
     * say the same when their kinds, P and facts are equal, which is how a note of every family is found to be the
     * run's, without comparing their words.
     *
     * @param finding the note as a finding of {@link Severity#WARNING}, its text written from {@code facts}
     * @param facts   what the words were made from; equal facts give equal words
     */
    public record Note(Finding finding, NoteFacts facts) {

        /** The note of a kind (about one P, or null) with its words written from its facts. */
        static Note of(FindingKind kind, Integer cores, NoteFacts facts) {
            return new Note(new Finding(kind.id(), cores, Severity.WARNING, false, null, NoteWords.of(facts)),
                    facts);
        }

        /** Whether the other note says the same: same kind, same P, same facts. */
        public boolean saysTheSameAs(Note other) {
            return finding.kind().equals(other.finding.kind()) && java.util.Objects.equals(finding.cores(),
                    other.finding.cores()) && facts.equals(other.facts);
        }
    }

    /** The warnings with the facts their words were made from ({@link Note}), in the order of {@link #of}. */
    public static List<Note> notes(Family family, Quantities result, RunContext run) {
        return notes(family, result, run, List.of());
    }

    /** As above, with whether each configuration's forks had reached a steady state. */
    public static List<Note> notes(Family family, Quantities result, RunContext run, List<Steadiness> steadiness) {
        Found w = new Found();
        failed(family, run.failed(), w);
        missing(family, w);
        profiler(family, w);
        PointWarnings.invalidPoints(result, w);
        PointWarnings.disturbed(result, w);
        bandwidthCopies(family, w);
        spanUnresolved(family, w);
        singleFork(family, run.forkNoise().run(), w);
        forkModes(family, w);
        forksApart(family, run.forkNoise(), w);
        unsteady(steadiness, w);
        afterPauses(family, w);
        poolNeverUsed(family, w);
        PointWarnings.idleAtOneCore(result, Program.of(family).unmodified(), w);
        PointWarnings.negativeInflation(result, Program.of(family).unmodified(), w);
        PointWarnings.aboveUpperBound(result, w);
        errors(family, w);
        jvms(family, w);
        threads(family, w);
        PointWarnings.spares(result, w);
        PointWarnings.topology(result, w);
        return w.decided.stream().map(d -> Note.of(d.kind(), d.cores(), d.facts())).toList();
    }

    /**
     * The warnings decided so far, as facts: each is about the family (no P) or one P, rests on no estimate, and is
     * never tentative. Their words are written once every rule has run ({@link #notes}).
     */
    static final class Found {
        private record Decided(FindingKind kind, Integer cores, NoteFacts facts) {
        }

        private final List<Decided> decided = new ArrayList<>();

        void add(FindingKind kind, NoteFacts facts) {
            add(kind, null, facts);
        }

        /** A warning about one P (e.g. the inflation at it), so that a finding that states the same fact can drop it. */
        void add(FindingKind kind, Integer cores, NoteFacts facts) {
            decided.add(new Decided(kind, cores, facts));
        }
    }

    /** Configurations with a fork not steady in its measured iterations (a warm-up, a slowdown, no steady state). */
    private static void unsteady(List<Steadiness> steadiness, Found w) {
        List<Steadiness> unsteady = steadiness.stream().filter(Steadiness::unsteady).toList();
        if (!unsteady.isEmpty()) {
            w.add(FindingKind.UNSTEADY, new NoteFacts.Unsteady(unsteady));
        }
    }

    /** Configurations of the family whose run failed: named, so that their absence is never silent. */
    private static void failed(Family f, List<FailedConfiguration> failed, Found w) {
        List<NoteFacts.Failure> mine = new ArrayList<>();
        for (FailedConfiguration c : failed) {
            if (c.belongsTo(f.id())) {
                mine.add(new NoteFacts.Failure(c.cores(), c.reason()));
            }
        }
        if (!mine.isEmpty()) {
            w.add(FindingKind.CONFIGURATION_FAILED, new NoteFacts.Failed(mine));
        }
    }

    private static void missing(Family f, Found w) {
        if (f.configuration(CoresValue.BASELINE_VALUE) == null) {
            w.add(FindingKind.NO_BASELINE, NoteFacts.Missing.NO_BASELINE);
        }
        boolean unmodified = FamilyAnalysis.IDLE_ESTIMATED.equals(f.idleSource());
        // Unmodified code has no elision and no span run: their absence is what the path is, not a warning.
        if (!unmodified && f.configuration(CoresValue.ELISION_VALUE) == null) {
            w.add(FindingKind.NO_ELISION, NoteFacts.Missing.NO_ELISION);
        }
        if (unmodified) {
            w.add(FindingKind.ESTIMATED_IDLE, NoteFacts.Missing.ESTIMATED_IDLE);
        }
        if (f.configuration(CoresValue.workers(1)) == null) {
            w.add(FindingKind.NO_ONE_CORE, NoteFacts.Missing.NO_ONE_CORE);
        }
        boolean parallel = f.configurations().stream()
                .anyMatch(r -> r.cores().workers() >= 2);
        if (!parallel) {
            w.add(FindingKind.NO_PARALLEL, NoteFacts.Missing.NO_PARALLEL);
        }
    }

    private static boolean hasFactoredMetrics(JmhEntry e) {
        return e.secondaryMetrics().keySet().stream().anyMatch(k -> k.startsWith(ProfilerMetrics.PREFIX));
    }

    private static void profiler(Family f, Found w) {
        if (f.entries().stream().noneMatch(Warnings::hasFactoredMetrics)) {
            w.add(FindingKind.NO_PROFILER, NoteFacts.Missing.NO_PROFILER);
            return;
        }
        List<CoresValue> noIdle = new ArrayList<>();
        List<CoresValue> unpinned = new ArrayList<>();
        List<CoresValue> unknownPinning = new ArrayList<>();
        for (ConfigurationRun run : f.configurations()) {
            if (run.cores().isParallel() && run.idleSamples() == null) {
                noIdle.add(run.cores());
            }
            if (Boolean.FALSE.equals(run.pinned())) {
                unpinned.add(run.cores());
            } else if (run.pinned() == null) {
                unknownPinning.add(run.cores());
            }
        }
        if (!noIdle.isEmpty()) {
            w.add(FindingKind.NO_IDLE_METRIC, new NoteFacts.Configurations(NoteFacts.Lack.IDLE_METRIC, noIdle));
        }
        if (!unpinned.isEmpty()) {
            w.add(FindingKind.UNPINNED, new NoteFacts.Configurations(NoteFacts.Lack.PINNING, unpinned));
        }
        if (!unknownPinning.isEmpty()) {
            w.add(FindingKind.PINNING_UNKNOWN, new NoteFacts.Configurations(NoteFacts.Lack.PINNING_KNOWN,
                    unknownPinning));
        }
    }


    /**
     * A bandwidth test whose baseline branch ran one copy measured nothing; one that ran fewer copies than asked, but
     * two or more, ran as many as fit in the machine's memory and is a test of that many.
     */
    private static void bandwidthCopies(Family f, Found w) {
        for (ConfigurationRun run : f.configurations()) {
            CoresValue cores = run.cores();
            if (cores.isBandwidth() && run.workers() != null && run.workers() < cores.workers()) {
                w.add(FindingKind.BANDWIDTH_COPIES, new NoteFacts.BandwidthCopies(run.cores(), run.workers(),
                        cores.workers()));
            }
        }
    }

    /** A span run whose strands are too short for its clock: its numbers are missing, and this says why. */
    private static void spanUnresolved(Family f, Found w) {
        ConfigurationRun run = f.configuration(CoresValue.SPAN_VALUE);
        if (run != null && run.spanSamples() != null && run.spanSamples().belowClockResolution()) {
            w.add(FindingKind.SPAN_UNRESOLVED, new NoteFacts.SpanUnresolved(run.spanSamples()));
        }
    }

    /**
     * One fork cannot show the noise between forks, which is larger than the noise inside one: its interval is
     * widened by the run's other configurations' between-fork spread, or, without any, said to be too narrow.
     */
    private static void singleFork(Family f, BetweenForks betweenForks, Found w) {
        List<CoresValue> single = new ArrayList<>();
        for (ConfigurationRun run : f.configurations()) {
            if (run.forks() < 2) {
                single.add(run.cores());
            }
        }
        if (single.isEmpty()) {
            return;
        }
        // what the words say: every configuration (then not which), or which; one or more; the run's noise
        boolean every = single.size() == f.configurations().size();
        w.add(FindingKind.SINGLE_FORK, new NoteFacts.SingleFork(every, every ? null : single, single.size() == 1,
                betweenForks));
    }

    /** Configurations whose forks each settled at one of two speeds: why their speedups move from run to run. */
    private static void forkModes(Family f, Found w) {
        List<NoteFacts.Speeds> speeds = new ArrayList<>();
        for (ConfigurationRun run : f.configurations()) {
            ForkModes.of(run.timeSamples()).ifPresent(split -> speeds.add(new NoteFacts.Speeds(run.cores(), split)));
        }
        if (!speeds.isEmpty()) {
            w.add(FindingKind.FORK_MODES, new NoteFacts.TwoSpeeds(speeds));
        }
    }

    /** Configurations whose forks disagreed far beyond the run's others: why their intervals alone are wide. */
    private static void forksApart(Family f, ForkNoise noise, Found w) {
        List<ForkNoise.Apart> apart = new ArrayList<>();
        for (ConfigurationRun run : f.configurations()) {
            ForkNoise.Apart a = noise.apart(f.id(), run.cores());
            if (a != null) {
                apart.add(a);
            }
        }
        if (!apart.isEmpty()) {
            w.add(FindingKind.FORKS_APART, new NoteFacts.ForksApart(apart));
        }
    }

    private static void poolNeverUsed(Family f, Found w) {
        List<CoresValue> unused = new ArrayList<>();
        List<CoresValue> unwrapped = new ArrayList<>();
        for (int i = 0; i < f.configurations().size(); i++) {
            CoresValue cores = f.configurations().get(i).cores();
            JmhEntry e = f.entries().get(i);
            Double poolOps = e.secondaryMean(ProfilerMetrics.POOL_OPS);
            // baseline never uses the pool; elision runs the tasks inline but still through pool().invoke
            if (cores.isBaseline() || cores.isBandwidth() || poolOps == null
                    || poolOps != 0) {
                continue;
            }
            if (e.secondaryMean(ProfilerMetrics.IDLE) != null) {
                continue; // the workers of Cores.forkJoinPool() ran: their idle was estimated over each iteration
            }
            Double threads = e.secondaryMean(ProfilerMetrics.THREADS);
            (threads != null && threads > 0 ? unwrapped : unused).add(cores);
        }
        if (!unused.isEmpty()) {
            w.add(FindingKind.POOL_UNUSED, new NoteFacts.Configurations(NoteFacts.Lack.POOL_USE, unused));
        }
        if (!unwrapped.isEmpty()) {
            w.add(FindingKind.POOL_UNUSED, new NoteFacts.Configurations(NoteFacts.Lack.MEASURED_POOL, unwrapped));
        }
    }





    private static void errors(Family f, Found w) {
        List<NoteFacts.RelativeError> large = new ArrayList<>();
        List<NoteFacts.SampleCount> few = new ArrayList<>();
        for (int i = 0; i < f.configurations().size(); i++) {
            ConfigurationRun run = f.configurations().get(i);
            JmhMetric m = f.entries().get(i).primaryMetric();
            double relative = Math.abs(m.scoreError() / m.score());
            if (run.sampleCount() < 3) {
                few.add(new NoteFacts.SampleCount(run.cores(), run.sampleCount()));
            } else if (Double.isFinite(relative) && relative > LARGE_ERROR) {
                large.add(new NoteFacts.RelativeError(run.cores(), relative));
            }
        }
        if (!large.isEmpty()) {
            w.add(FindingKind.LARGE_ERRORS, new NoteFacts.LargeErrors(large));
        }
        if (!few.isEmpty()) {
            w.add(FindingKind.FEW_SAMPLES, new NoteFacts.FewSamples(few));
        }
    }

    /**
     * Configurations at least half of whose estimated operations began after a pause: the share the profiler counted
     * ({@code factored.afterPause}), where it was published.
     */
    private static void afterPauses(Family f, Found w) {
        List<NoteFacts.PausedShare> paused = new ArrayList<>();
        for (int i = 0; i < f.configurations().size(); i++) {
            JmhMetric share = f.entries().get(i).secondaryMetrics().get(ProfilerMetrics.AFTER_PAUSE);
            if (share != null && share.score() >= MOSTLY_AFTER_PAUSES) {
                paused.add(new NoteFacts.PausedShare(f.configurations().get(i).cores(), share.score()));
            }
        }
        if (!paused.isEmpty()) {
            w.add(FindingKind.AFTER_PAUSES, new NoteFacts.AfterPauses(paused));
        }
    }

    private static void jvms(Family f, Found w) {
        Set<NoteFacts.Jvm> jvms = new LinkedHashSet<>();
        for (JmhEntry e : f.entries()) {
            jvms.add(jvm(e));
        }
        if (jvms.size() > 1) {
            w.add(FindingKind.MIXED_JVMS, new NoteFacts.MixedJvms(new ArrayList<>(jvms)));
        }
    }

    /** The JVM an entry ran on, as JMH names it. */
    public static NoteFacts.Jvm jvm(JmhEntry e) {
        return new NoteFacts.Jvm(e.runtime().jdkVersion(), e.runtime().vmName(), e.runtime().vmVersion(),
                e.runtime().jvm());
    }



    private static void threads(Family f, Found w) {
        int threads = f.entries().stream().mapToInt(e -> e.settings().threads()).max().orElse(1);
        if (threads > 1) {
            w.add(FindingKind.JMH_THREADS, new NoteFacts.JmhThreads(threads));
        }
    }
}
