package dev.factored.analysis.diagnosis;

import dev.factored.analysis.input.JmhEntry;
import dev.factored.analysis.input.JmhMetric;
import dev.factored.analysis.model.BetweenForks;
import dev.factored.analysis.model.ConfigurationRun;
import dev.factored.analysis.model.FailedConfiguration;
import dev.factored.analysis.model.Family;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.Finding;
import dev.factored.analysis.model.FindingKind;
import dev.factored.analysis.model.Quantities;
import dev.factored.analysis.model.RunContext;
import dev.factored.analysis.model.Severity;
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
     * @param facts the values the words were made from, in the order given; equal facts give equal words
     */
    public record Note(Finding finding, List<Object> facts) {

        public Note {
            facts = java.util.Collections.unmodifiableList(new ArrayList<>(facts)); // a fact may be null: not measured
        }

        /** Whether the other note says the same: same kind, same P, same facts. */
        public boolean saysTheSameAs(Note other) {
            return finding.kind().equals(other.finding.kind()) && java.util.Objects.equals(finding.cores(),
                    other.finding.cores()) && facts.equals(other.facts);
        }
    }

    /** The warnings with the facts their words were made from ({@link Note}), in the order of {@link #of}. */
    public static List<Note> notes(Family family, Quantities result, RunContext run) {
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
        poolNeverUsed(family, w);
        PointWarnings.idleAtOneCore(result, Program.of(family).unmodified(), w);
        PointWarnings.negativeInflation(result, Program.of(family).unmodified(), w);
        PointWarnings.aboveUpperBound(result, w);
        errors(family, w);
        jvms(family, w);
        threads(family, w);
        PointWarnings.spares(result, w);
        PointWarnings.topology(result, w);
        return List.copyOf(w.notes);
    }

    /** The warnings found so far: each is about the family (no P), rests on no estimate, and is never tentative. */
    static final class Found {
        private final List<Note> notes = new ArrayList<>();

        /** @param facts what the text was made from ({@link Note}) */
        void add(FindingKind kind, List<?> facts, String text) {
            add(kind, null, facts, text);
        }

        /** A warning about one P (e.g. the inflation at it), so that a finding that states the same fact can drop it. */
        void add(FindingKind kind, Integer cores, List<?> facts, String text) {
            notes.add(new Note(new Finding(kind.id(), cores, Severity.WARNING, false, null, text),
                    new ArrayList<Object>(facts)));
        }
    }

    /** Configurations of the family whose run failed: named, so that their absence is never silent. */
    private static void failed(Family f, List<FailedConfiguration> failed, Found w) {
        List<String> mine = new ArrayList<>();
        List<Object> facts = new ArrayList<>();
        for (FailedConfiguration c : failed) {
            if (c.belongsTo(f.id())) {
                mine.add("cores=" + c.cores() + (c.reason().isEmpty() ? "" : " (" + c.reason() + ")"));
                facts.add(List.of(c.cores(), c.reason()));
            }
        }
        if (!mine.isEmpty()) {
            w.add(FindingKind.CONFIGURATION_FAILED, facts, WarningWords.failed(mine));
        }
    }

    private static void missing(Family f, Found w) {
        if (f.configuration(CoresValue.BASELINE) == null) {
            w.add(FindingKind.NO_BASELINE, List.of(), WarningWords.noBaseline());
        }
        boolean unmodified = FamilyAnalysis.IDLE_ESTIMATED.equals(f.idleSource());
        // Unmodified code has no elision and no span run: their absence is what the path is, not a warning.
        if (!unmodified && f.configuration(CoresValue.ELISION) == null) {
            w.add(FindingKind.NO_ELISION, List.of(), WarningWords.noElision());
        }
        if (unmodified) {
            w.add(FindingKind.ESTIMATED_IDLE, List.of(), WarningWords.estimatedIdle());
        }
        if (f.configuration("1") == null) {
            w.add(FindingKind.NO_ONE_CORE, List.of(), WarningWords.noOneCore());
        }
        boolean parallel = f.configurations().stream()
                .anyMatch(r -> CoresValue.parse(r.cores()).workers() >= 2);
        if (!parallel) {
            w.add(FindingKind.NO_PARALLEL, List.of(), WarningWords.noParallel());
        }
    }

    private static boolean hasFactoredMetrics(JmhEntry e) {
        return e.secondaryMetrics().keySet().stream().anyMatch(k -> k.startsWith(ProfilerMetrics.PREFIX));
    }

    private static void profiler(Family f, Found w) {
        if (f.entries().stream().noneMatch(Warnings::hasFactoredMetrics)) {
            w.add(FindingKind.NO_PROFILER, List.of(), WarningWords.noProfiler());
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
            w.add(FindingKind.NO_IDLE_METRIC, noIdle, WarningWords.noIdleMetric(noIdle));
        }
        if (!unpinned.isEmpty()) {
            w.add(FindingKind.UNPINNED, unpinned, WarningWords.unpinned(unpinned));
        }
        if (!unknownPinning.isEmpty()) {
            w.add(FindingKind.PINNING_UNKNOWN, unknownPinning, WarningWords.pinningUnknown(unknownPinning));
        }
    }


    /**
     * A bandwidth test whose baseline branch ran one copy measured nothing; one that ran fewer copies than asked, but
     * two or more, ran as many as fit in the machine's memory and is a test of that many.
     */
    private static void bandwidthCopies(Family f, Found w) {
        for (ConfigurationRun run : f.configurations()) {
            CoresValue cores = CoresValue.parse(run.cores());
            if (cores.isBandwidth() && run.workers() != null && run.workers() < cores.workers()) {
                w.add(FindingKind.BANDWIDTH_COPIES, List.of(run.cores(), run.workers()),
                        run.workers() < 2 ? WarningWords.bandwidthCopies(run, cores)
                        : WarningWords.bandwidthCopiesThatFit(run, cores));
            }
        }
    }

    /** A span run whose strands are too short for its clock: its numbers are missing, and this says why. */
    private static void spanUnresolved(Family f, Found w) {
        ConfigurationRun run = f.configuration(CoresValue.SPAN);
        String because = run == null || run.spanSamples() == null ? null : WarningWords.spanUnresolvedBecause(run.spanSamples());
        if (because != null) {
            w.add(FindingKind.SPAN_UNRESOLVED, java.util.Arrays.asList(run.spanSamples()),
                    WarningWords.spanUnresolved(because));
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
        // what the words say: every configuration (then not which), or which; one or more; the run's noise
        boolean every = single.size() == f.configurations().size();
        w.add(FindingKind.SINGLE_FORK, java.util.Arrays.asList(every, every ? null : single, single.size() == 1,
                betweenForks), WarningWords.singleFork(single, f.configurations().size(), betweenForks));
    }

    /** Configurations whose forks each settled at one of two speeds: why their speedups move from run to run. */
    private static void forkModes(Family f, Found w) {
        List<String> parts = new ArrayList<>();
        List<Object> facts = new ArrayList<>();
        for (ConfigurationRun run : f.configurations()) {
            ForkModes.of(run.timeSamples()).ifPresent(split -> {
                parts.add(WarningWords.forkModes(run.cores(), split));
                facts.add(List.of(run.cores(), split));
            });
        }
        if (!parts.isEmpty()) {
            w.add(FindingKind.FORK_MODES, facts, WarningWords.forkModes(parts));
        }
    }

    private static void poolNeverUsed(Family f, Found w) {
        List<String> unused = new ArrayList<>();
        List<String> unwrapped = new ArrayList<>();
        for (int i = 0; i < f.configurations().size(); i++) {
            String cores = f.configurations().get(i).cores();
            JmhEntry e = f.entries().get(i);
            Double poolOps = e.secondaryMean(ProfilerMetrics.POOL_OPS);
            // baseline never uses the pool; elision runs the tasks inline but still through pool().invoke
            if (CoresValue.BASELINE.equals(cores) || CoresValue.parse(cores).isBandwidth() || poolOps == null
                    || poolOps != 0) {
                continue;
            }
            if (e.secondaryMean(ProfilerMetrics.IDLE) != null) {
                continue; // the workers of Cores.forkJoinPool() ran: their idle was estimated over each iteration
            }
            Double threads = e.secondaryMean(ProfilerMetrics.THREADS);
            (threads != null && threads > 0 ? unwrapped : unused).add("cores=" + cores);
        }
        if (!unused.isEmpty()) {
            w.add(FindingKind.POOL_UNUSED, List.of("unused", unused), WarningWords.poolUnused(unused));
        }
        if (!unwrapped.isEmpty()) {
            w.add(FindingKind.POOL_UNUSED, List.of("unwrapped", unwrapped), WarningWords.poolUnwrapped(unwrapped));
        }
    }





    private static void errors(Family f, Found w) {
        List<String> large = new ArrayList<>();
        List<String> few = new ArrayList<>();
        List<Object> largeFacts = new ArrayList<>();
        List<Object> fewFacts = new ArrayList<>();
        for (int i = 0; i < f.configurations().size(); i++) {
            ConfigurationRun run = f.configurations().get(i);
            JmhMetric m = f.entries().get(i).primaryMetric();
            double relative = Math.abs(m.scoreError() / m.score());
            if (run.sampleCount() < 3) {
                few.add("cores=" + run.cores() + " (" + run.sampleCount() + (run.sampleCount() == 1 ? " sample)" : " samples)"));
                fewFacts.add(List.of(run.cores(), run.sampleCount()));
            } else if (Double.isFinite(relative) && relative > LARGE_ERROR) {
                large.add("cores=" + run.cores() + " ±" + Words.percent(relative));
                largeFacts.add(List.of(run.cores(), relative));
            }
        }
        if (!large.isEmpty()) {
            w.add(FindingKind.LARGE_ERRORS, largeFacts, WarningWords.largeErrors(large));
        }
        if (!few.isEmpty()) {
            w.add(FindingKind.FEW_SAMPLES, fewFacts, WarningWords.fewSamples(few));
        }
    }

    private static void jvms(Family f, Found w) {
        Set<String> jvms = new LinkedHashSet<>();
        Set<List<String>> facts = new LinkedHashSet<>();
        for (JmhEntry e : f.entries()) {
            jvms.add(jvm(e));
            facts.add(java.util.Arrays.asList(e.jdkVersion(), e.vmName(), e.vmVersion(), e.jvm()));
        }
        if (jvms.size() > 1) {
            w.add(FindingKind.MIXED_JVMS, new ArrayList<>(facts), WarningWords.mixedJvms(jvms));
        }
    }

    public static String jvm(JmhEntry e) {
        return "JDK " + e.jdkVersion() + ", " + e.vmName() + " " + e.vmVersion() + " at " + e.jvm();
    }



    private static void threads(Family f, Found w) {
        int threads = f.entries().stream().mapToInt(JmhEntry::threads).max().orElse(1);
        if (threads > 1) {
            w.add(FindingKind.JMH_THREADS, List.of(threads), WarningWords.jmhThreads(threads));
        }
    }
}
