package dev.factored.analysis;

import dev.factored.analysis.diagnosis.Diagnosis;
import dev.factored.analysis.diagnosis.facts.NoteFacts;
import dev.factored.analysis.diagnosis.OneThread;
import dev.factored.analysis.diagnosis.facts.Program;
import dev.factored.analysis.diagnosis.Story;
import dev.factored.analysis.diagnosis.Warnings;
import dev.factored.analysis.diagnosis.words.Words;
import dev.factored.analysis.input.ActivitySamples;
import dev.factored.analysis.input.AnalysisInputException;
import dev.factored.analysis.input.Hosts;
import dev.factored.analysis.input.JmhEntry;
import dev.factored.analysis.input.JmhJsonReader;
import dev.factored.analysis.input.JmhSettings;
import dev.factored.analysis.input.Sha256;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.Timeline;
import dev.factored.analysis.model.family.Family;
import dev.factored.analysis.model.family.ForkNoise;
import dev.factored.analysis.model.family.Quantities;
import dev.factored.analysis.model.family.RunContext;
import dev.factored.analysis.model.finding.Explanation;
import dev.factored.analysis.model.finding.Finding;
import dev.factored.analysis.model.measurement.Environment;
import dev.factored.analysis.model.measurement.FailedConfiguration;
import dev.factored.analysis.model.measurement.FamilyId;
import dev.factored.analysis.model.measurement.Interference;
import dev.factored.analysis.model.measurement.Measurement;
import dev.factored.analysis.model.measurement.Steadiness;
import dev.factored.analysis.model.point.Point;
import dev.factored.contract.CoresValue;
import dev.factored.contract.HostIdentity;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The analysis room's entry point: JMH JSON in, {@link Analysis} out.
 *
 * <pre>{@code
 * Analysis analysis = FactoredAnalysis.analyze(Path.of("target/factored/jmh-result.json"), AnalysisOptions.DEFAULT);
 * AnalysisJson.write(analysis, Path.of("target/factored/analysis.json"));
 * }</pre>
 */
public final class FactoredAnalysis {


    private FactoredAnalysis() {
    }

    /**
     * Reads JMH's JSON result and analyses every family in it, with the profiler's activity side files from
     * the {@code activity} directory next to it when there is one.
     */
    public static Analysis analyze(Path jmhJson, AnalysisOptions options) throws AnalysisInputException {
        byte[] bytes = JmhJsonReader.bytes(jmhJson);
        // The digest of megabytes runs interpreted in a fresh JVM (a tenth of a second): taken on the other core while
        // the files are read (issue 43).
        CompletableFuture<String> sha256 = CompletableFuture.supplyAsync(() -> Sha256.of(bytes));
        Path parent = jmhJson.toAbsolutePath().getParent();
        ActivitySamples activity = ActivitySamples.read(parent == null ? null
                : parent.resolve(ActivitySamples.DIRECTORY));
        List<JmhEntry> entries = JmhJsonReader.read(bytes, jmhJson.toString());
        return analyze(entries, jmhJson.toString(), sha256.join(), options, activity,
                FailedConfiguration.readNextTo(jmhJson), Hosts.readNextTo(jmhJson));
    }

    /**
     * Analyses the results of several runs together (shards of one suite, or one suite on several machines): the
     * same configuration in files of one host class is one measurement with the forks of all of them; files of
     * different host classes are analysed apart, each family once per host, never a speedup across hosts.
     *
     * @throws AnalysisInputException a file cannot be read, or a family's configurations come from different hosts
     *                                (the message names the family and both hosts)
     */
    public static Analysis analyze(List<Path> jmhJsons, AnalysisOptions options) throws AnalysisInputException {
        if (jmhJsons.size() == 1) {
            return analyze(jmhJsons.get(0), options);
        }
        ResultMerge.Merged merged = ResultMerge.byHost(jmhJsons);
        List<Analysis> parts = new ArrayList<>();
        for (ResultMerge.HostRun run : merged.runs()) {
            parts.add(analyze(run.entries(), run.sources(), null, options, run.activity(), run.failed(), run.host()));
        }
        return merged.analysis(parts, options);
    }

    /** Analyses entries already read; {@code source} names where they came from in messages and output. */
    public static Analysis analyze(List<JmhEntry> entries, String source, AnalysisOptions options)
            throws AnalysisInputException {
        return analyze(entries, source, null, options);
    }

    /**
     * @param sourceSha256 SHA-256 of the JMH JSON's bytes (see {@link Sha256}), or null when the entries did
     *                     not come from a file
     */
    public static Analysis analyze(List<JmhEntry> entries, String source, String sourceSha256,
            AnalysisOptions options) throws AnalysisInputException {
        return analyze(entries, source, sourceSha256, options, ActivitySamples.NONE);
    }

    public static Analysis analyze(List<JmhEntry> entries, String source, String sourceSha256, AnalysisOptions options,
            ActivitySamples activity) throws AnalysisInputException {
        return analyze(entries, source, sourceSha256, options, activity, List.of());
    }

    /** As above, with the configurations whose run failed (JMH's JSON leaves them out). */
    public static Analysis analyze(List<JmhEntry> entries, String source, String sourceSha256, AnalysisOptions options,
            ActivitySamples activity, List<FailedConfiguration> failed) throws AnalysisInputException {
        return analyze(entries, source, sourceSha256, options, activity, failed, null);
    }

    /** As above, with the host the run recorded (null: none). */
    public static Analysis analyze(List<JmhEntry> entries, String source, String sourceSha256, AnalysisOptions options,
            ActivitySamples activity, List<FailedConfiguration> failed, HostIdentity host)
            throws AnalysisInputException {
        Families.Grouped grouped = Families.group(entries, source);
        // Families are independent and each draws from its own random stream (seed + family), so they
        // can be analysed in parallel and still give the same numbers in the same order.
        ForkNoise forkNoise = ForkNoise.of(grouped.families());
        List<Analysed> each = grouped.families().parallelStream()
                .map(family -> analysed(family, options, activity, new RunContext(forkNoise, failed, host)))
                .toList();
        List<String> warnings = new ArrayList<>(grouped.skipped());
        List<FamilyAnalysis> families = sayRunWideNotesOnce(each, warnings);
        warnings.addAll(activity.warnings());
        mixedJvms(entries).ifPresent(warnings::add);
        busyMachine(families, options).ifPresent(warnings::add);
        List<FailedConfiguration> orphans = failed.stream()
                .filter(f -> grouped.families().stream().noneMatch(family -> f.belongsTo(family.id()))).toList();
        if (!orphans.isEmpty()) {
            warnings.add("Failed, so missing from the results (no other configuration of their benchmarks was "
                    + "measured): " + String.join("; ", orphans.stream().map(FailedConfiguration::describe).toList())
                    + ".");
        }
        return new Analysis(Analysis.SCHEMA, source, sourceSha256, options.seed(), options.resamples(),
                options.confidence(), warnings, families, Sweeps.of(families), failed);
    }

    public static FamilyAnalysis analyze(Family family, AnalysisOptions options) {
        return analyze(family, options, ActivitySamples.NONE);
    }

    static FamilyAnalysis analyze(Family family, AnalysisOptions options, ActivitySamples activity) {
        return analyze(family, options, activity, RunContext.NONE);
    }

    static FamilyAnalysis analyze(Family family, AnalysisOptions options, ActivitySamples activity,
            RunContext run) {
        return analysed(family, options, activity, run).family();
    }

    /** A family's analysis with the facts its notes were worded from ({@link Warnings.Note}). */
    record Analysed(FamilyAnalysis family, List<Warnings.Note> notes) {
    }

    private static Analysed analysed(Family family, AnalysisOptions options, ActivitySamples activity,
            RunContext run) {
        Quantities result = Factoring.compute(family, options, activity, run.forkNoise());
        String idleSource = family.idleSource();
        List<Finding> diagnosis = new java.util.ArrayList<>(Diagnosis.diagnose(result, Program.of(family)));
        diagnosis.addAll(OneThread.of(family));
        List<Steadiness> steadiness = SteadyStates.of(family.configurations());
        List<Warnings.Note> notes = Warnings.notes(family, result, run, steadiness);
        List<Finding> warnings = notes.stream().map(Warnings.Note::finding).toList();
        FamilyId id = family.id();
        FamilyAnalysis analysis = new FamilyAnalysis(id, result.times(), idleSource, result.points(),
                result.profile(), result.scaling(), result.projection(), result.bandwidth(),
                timeline(id, result.points(), activity), Story.tell(diagnosis, warnings, result.points()),
                new Measurement(result.interference(), environment(family.entries(), run.host()),
                        family.configurations(), steadiness));
        return new Analysed(analysis, notes);
    }

    /**
     * A note that every family carries with the same facts (e.g. that the whole run had a single fork per
     * configuration) is about the run: said once, among the run's warnings, and no longer in each family. Only with 2
     * or more families: a single family's notes are already said once. Notes are the same when their kind, P and the
     * facts they were worded from are ({@link Warnings.Note#saysTheSameAs}), never by their words.
     */
    static List<FamilyAnalysis> sayRunWideNotesOnce(List<Analysed> families, List<String> runWarnings) {
        List<FamilyAnalysis> analyses = families.stream().map(Analysed::family).toList();
        if (families.size() < 2) {
            return analyses;
        }
        List<Warnings.Note> shared = new ArrayList<>(kept(families.get(0)));
        for (Analysed f : families.subList(1, families.size())) {
            List<Warnings.Note> theirs = kept(f);
            shared.removeIf(n -> theirs.stream().noneMatch(n::saysTheSameAs));
        }
        if (shared.isEmpty()) {
            return analyses;
        }
        shared.forEach(n -> runWarnings.add(n.finding().text()));
        return families.stream().map(f -> {
            Explanation e = f.family().explanation();
            List<Finding> notes = kept(f).stream().filter(n -> shared.stream().noneMatch(n::saysTheSameAs))
                    .map(Warnings.Note::finding).toList();
            return f.family().withExplanation(Explanation.of(e.headline(), e.findings(), notes));
        }).toList();
    }

    /** The notes the family's explanation kept (a note a finding states is dropped there), with their facts. */
    private static List<Warnings.Note> kept(Analysed f) {
        List<Finding> notes = f.family().explanation().notes();
        return f.notes().stream().filter(n -> notes.stream().anyMatch(k -> k == n.finding())).toList();
    }

    /** A typical operation's activity at the largest valid P that has any, else at the largest P that has any. */
    private static Timeline timeline(FamilyId id, List<Point> points, ActivitySamples activity) {
        Timeline fallback = null;
        for (int i = points.size() - 1; i >= 0; i--) {
            Point p = points.get(i);
            Timeline t = Timeline.typical(p.cores(), activity.of(id.benchmark(), id.params(), id.mode(),
                    CoresValue.workers(p.cores())));
            if (t != null && p.valid()) {
                return t;
            }
            fallback = fallback == null ? t : fallback;
        }
        return fallback;
    }

    private static Environment environment(List<JmhEntry> entries, HostIdentity host) {
        JmhEntry e = entries.get(0);
        JmhSettings settings = e.settings();
        int forks = entries.stream().mapToInt(entry -> entry.settings().forks()).max().orElse(settings.forks());
        int threads = entries.stream().mapToInt(entry -> entry.settings().threads()).max().orElse(settings.threads());
        return new Environment(e.runtime(), threads, forks, settings.warmupIterations(), settings.warmupTime(),
                settings.measurementIterations(), settings.measurementTime(), Families.machineTopology(entries), host);
    }

    /**
     * Once per run, how busy the machine was: how many configurations were disturbed and the most other processes
     * took; or, when none was measured, that nothing could tell.
     */
    static java.util.Optional<String> busyMachine(List<FamilyAnalysis> families, AnalysisOptions options) {
        int measured = 0;
        int disturbed = 0;
        int bySpare = 0;
        Interference worst = null;
        for (FamilyAnalysis f : families) {
            for (Interference i : f.measurement().interference()) {
                measured++;
                if (i.disturbed()) {
                    disturbed++;
                }
                if (i.spare() != null && i.spare().disturbed()) {
                    bySpare++;
                }
                if (worst == null || i.share().value() > worst.share().value()) {
                    worst = i;
                }
            }
        }
        if (measured == 0 || disturbed == 0) {
            return java.util.Optional.empty();
        }
        String threshold = Words.percent(options.disturbedAbove());
        String took = bySpare == 0 ? "took more than " + threshold + " of the CPUs of " : "took more than " + threshold
                + " of the CPUs, or held up the JVM's own threads on the spare CPUs for more than " + threshold
                + " of the time, of ";
        return java.util.Optional.of("The machine was busy: other processes " + took + disturbed + " of " + measured
                + " configurations (the most: " + Words.percent(worst.share().value()) + "). Points that rest on them "
                + "are marked disturbed, findings drawn from them are tentative, and work inflation and the bandwidth "
                + "test are not interpreted there. Run on a quieter machine, or with more forks, to confirm.");
    }

    private static java.util.Optional<String> mixedJvms(List<JmhEntry> entries) {
        Map<NoteFacts.Jvm, List<Integer>> byJvm = new LinkedHashMap<>();
        for (JmhEntry e : entries) {
            byJvm.computeIfAbsent(Warnings.jvm(e), k -> new ArrayList<>()).add(e.index());
        }
        if (byJvm.size() <= 1) {
            return java.util.Optional.empty();
        }
        List<String> parts = new ArrayList<>();
        byJvm.forEach((jvm, idx) -> parts.add(Words.jvm(jvm) + " (entries " + ranges(idx) + ")"));
        return java.util.Optional.of("This file mixes results from different JVMs: " + String.join("; ", parts)
                + ". Numbers from different JVMs or machines are not comparable.");
    }

    private static String ranges(List<Integer> indices) {
        StringBuilder sb = new StringBuilder();
        int i = 0;
        while (i < indices.size()) {
            int j = i;
            while (j + 1 < indices.size() && indices.get(j + 1) == indices.get(j) + 1) {
                j++;
            }
            sb.append(sb.length() == 0 ? "" : ", ").append(indices.get(i));
            if (j > i) {
                sb.append('–').append(indices.get(j));
            }
            i = j + 1;
        }
        return sb.toString();
    }
}
