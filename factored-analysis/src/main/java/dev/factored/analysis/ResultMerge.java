package dev.factored.analysis;

import dev.factored.analysis.input.ActivitySamples;
import dev.factored.analysis.input.AnalysisInputException;
import dev.factored.analysis.input.Hosts;
import dev.factored.analysis.input.JmhEntry;
import dev.factored.analysis.input.JmhJsonReader;
import dev.factored.analysis.input.JmhMetric;
import dev.factored.analysis.input.TurnMember;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.Sweep;
import dev.factored.analysis.model.measurement.FailedConfiguration;
import dev.factored.analysis.model.measurement.FamilyId;
import dev.factored.contract.ActivityLog;
import dev.factored.contract.CoresValue;
import dev.factored.contract.HostIdentity;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Several runs' results as one analysis, in two steps around the analysis of each host: {@link #byHost} puts the
 * files into host classes (by the host identity each run recorded) and merges each class's entries, and
 * {@link Merged#analysis} joins the analyses of the classes into one. Within one class the same benchmark, params and
 * configuration are forks of one measurement; across classes nothing is combined, each family is analysed once per
 * host, and a family whose configurations come only partly from one host is refused.
 */
final class ResultMerge {

    /** One result file and what its run recorded beside it. */
    private record Input(Path path, List<JmhEntry> entries, HostIdentity host, ActivitySamples activity,
            List<FailedConfiguration> failed) {
    }

    /** The files of one host class. */
    private record HostGroup(HostIdentity host, List<Input> inputs) {

        String sources() {
            return String.join(", ", inputs.stream().map(i -> i.path().toString()).toList());
        }
    }

    /**
     * One host class, ready to analyse: its entries with the forks of all its files merged, where they came from,
     * what its runs recorded beside them, and what the merge had to leave out ({@code warnings}).
     */
    record HostRun(HostIdentity host, List<JmhEntry> entries, String sources, ActivitySamples activity,
            List<FailedConfiguration> failed, List<String> warnings) {
    }

    /** The host classes of {@code paths}, in the order of their first file. */
    record Merged(List<Path> paths, List<HostRun> runs) {

        /** One analysis from the analyses of {@link #runs} ({@code parts}, in their order). */
        Analysis analysis(List<Analysis> parts, AnalysisOptions options) {
            List<String> warnings = new ArrayList<>();
            List<FamilyAnalysis> families = new ArrayList<>();
            List<Sweep> sweeps = new ArrayList<>();
            List<FailedConfiguration> failed = new ArrayList<>();
            boolean severalHosts = runs.size() > 1;
            for (int i = 0; i < runs.size(); i++) {
                HostRun run = runs.get(i);
                Analysis part = parts.get(i);
                String prefix = severalHosts ? "On " + Hosts.describe(run.host()) + ": " : "";
                run.warnings().forEach(w -> warnings.add(prefix + w));
                part.warnings().forEach(w -> warnings.add(prefix + w));
                families.addAll(part.families());
                part.sweeps().forEach(sweep -> sweeps.add(severalHosts && run.host() != null
                        ? sweep.onHost(run.host().hostClass()) : sweep));
                failed.addAll(part.failedConfigurations());
            }
            if (severalHosts && runs.stream().anyMatch(run -> run.host() == null)) {
                warnings.add("Some result files have no host identity (no activity/" + HostIdentity.FILE_NAME
                        + " beside them): they are kept apart from the files whose host is known.");
            }
            String source = String.join(", ", paths.stream().map(Path::toString).toList());
            return new Analysis(Analysis.SCHEMA, source, null, options.seed(), options.resamples(),
                    options.confidence(), warnings, families, sweeps, failed);
        }
    }

    private ResultMerge() {
    }

    /**
     * Reads {@code paths} and merges them by host class.
     *
     * @throws AnalysisInputException a file cannot be read, or a family's configurations come from different hosts
     */
    static Merged byHost(List<Path> paths) throws AnalysisInputException {
        if (paths.isEmpty()) {
            throw new AnalysisInputException("no result files to merge");
        }
        Map<String, HostGroup> groups = new LinkedHashMap<>();
        for (Path path : paths) {
            Input input = read(path);
            String key = input.host() == null ? "" : input.host().hostClass();
            groups.computeIfAbsent(key, k -> new HostGroup(input.host(), new ArrayList<>())).inputs().add(input);
        }
        refuseFamiliesAcrossHosts(groups.values());
        List<HostRun> runs = new ArrayList<>();
        for (HostGroup group : groups.values()) {
            List<String> warnings = new ArrayList<>();
            List<JmhEntry> entries = mergeForks(group, warnings);
            List<FailedConfiguration> failed = new ArrayList<>();
            group.inputs().forEach(i -> failed.addAll(i.failed()));
            runs.add(new HostRun(group.host(), entries, group.sources(), mergeActivity(group), failed, warnings));
        }
        return new Merged(List.copyOf(paths), runs);
    }

    private static Input read(Path path) throws AnalysisInputException {
        List<JmhEntry> entries = JmhJsonReader.read(path);
        Path parent = path.toAbsolutePath().getParent();
        ActivitySamples activity = ActivitySamples.read(
                parent == null ? null : parent.resolve(ActivitySamples.DIRECTORY));
        return new Input(path, entries, Hosts.readNextTo(path), activity, FailedConfiguration.readNextTo(path));
    }

    /** A family measured on several host classes must be complete (baseline included) on each. */
    private static void refuseFamiliesAcrossHosts(Iterable<HostGroup> groups) throws AnalysisInputException {
        Map<FamilyId, Map<HostGroup, Set<String>>> coresByFamily = new LinkedHashMap<>();
        for (HostGroup group : groups) {
            for (Input input : group.inputs()) {
                for (JmhEntry e : input.entries()) {
                    String cores = normalizedCores(e);
                    if (cores != null) {
                        coresByFamily.computeIfAbsent(familyOf(e), k -> new LinkedHashMap<>())
                                .computeIfAbsent(group, k -> new LinkedHashSet<>()).add(cores);
                    }
                }
            }
        }
        for (Map.Entry<FamilyId, Map<HostGroup, Set<String>>> family : coresByFamily.entrySet()) {
            Map<HostGroup, Set<String>> byHost = family.getValue();
            if (byHost.size() < 2) {
                continue;
            }
            HostGroup withBaseline = byHost.entrySet().stream().filter(h -> h.getValue().contains(CoresValue.BASELINE))
                    .map(Map.Entry::getKey).findFirst().orElse(null);
            for (Map.Entry<HostGroup, Set<String>> part : byHost.entrySet()) {
                if (part.getValue().contains(CoresValue.BASELINE)) {
                    continue;
                }
                HostGroup other = withBaseline != null ? withBaseline
                        : byHost.keySet().stream().filter(g -> g != part.getKey()).findFirst().orElseThrow();
                throw new AnalysisInputException(family.getKey().label() + ": its configurations come from different"
                        + " hosts: cores=" + String.join(", ", part.getValue()) + " from " + Hosts.describe(
                        part.getKey().host()) + " (" + part.getKey().sources() + "), "
                        + (withBaseline != null ? "its baseline" : "other configurations") + " from "
                        + Hosts.describe(other.host()) + " (" + other.sources() + "). A speedup is never computed across"
                        + " hosts: measure every configuration of a family on one kind of machine, or leave one"
                        + " host's file out.");
            }
        }
    }

    /**
     * The entries of a host class with the same benchmark, params (cores included) and mode combined into one,
     * whose forks are all of theirs in file order. A member of a turn combines only with the same member of the same
     * turn, so that fork f of every member is still one JVM; the same configuration in forks of its own stays apart
     * (the family keeps the turn's, {@code Families}).
     */
    private static List<JmhEntry> mergeForks(HostGroup group, List<String> warnings) {
        Map<List<Object>, JmhEntry> merged = new LinkedHashMap<>();
        for (Input input : group.inputs()) {
            for (JmhEntry e : input.entries()) {
                List<Object> key = List.of(e.benchmark(), e.mode(), withNormalizedCores(e),
                        e.sharedForks() == null ? "" : e.sharedForks().toString());
                JmhEntry before = merged.get(key);
                merged.put(key, before == null ? reindexed(e, merged.size()) : combine(before, e, input.path(), warnings));
            }
        }
        return List.copyOf(merged.values());
    }

    private static JmhEntry reindexed(JmhEntry e, int index) {
        return new JmhEntry(index, e.benchmark(), e.mode(), e.params(), e.cores(), e.runtime(), e.settings(),
                e.primaryMetric(), e.secondaryMetrics(), e.turn());
    }

    /** {@code a} with the forks of {@code b} after its own; a secondary metric only one of them has is left out. */
    private static JmhEntry combine(JmhEntry a, JmhEntry b, Path bFile, List<String> warnings) {
        Map<String, JmhMetric> secondary = new LinkedHashMap<>();
        for (Map.Entry<String, JmhMetric> m : a.secondaryMetrics().entrySet()) {
            JmhMetric other = b.secondaryMetrics().get(m.getKey());
            if (other == null) {
                warnings.add(a.benchmark() + " " + a.params() + ": the metric " + m.getKey() + " is missing from "
                        + bFile + " and was left out of the merged forks.");
            } else {
                secondary.put(m.getKey(), metric(m.getValue(), a.settings().forks(), other, b.settings().forks()));
            }
        }
        for (String label : b.secondaryMetrics().keySet()) {
            if (!a.secondaryMetrics().containsKey(label)) {
                warnings.add(a.benchmark() + " " + a.params() + ": the metric " + label + " is only in " + bFile
                        + " and was left out of the merged forks.");
            }
        }
        int aForks = a.settings().forks();
        int bForks = b.settings().forks();
        return new JmhEntry(a.index(), a.benchmark(), a.mode(), a.params(), a.cores(), a.runtime(),
                a.settings().withForks(aForks + bForks),
                metric(a.primaryMetric(), aForks, b.primaryMetric(), bForks), Collections.unmodifiableMap(secondary),
                a.turn() == null ? null : new TurnMember(a.turn().turn(), leftOut(a.turn(), aForks, b.turn())));
    }

    /** The forks left out of both turn entries, b's counted after a's forks as the merged entry numbers them. */
    private static List<Integer> leftOut(TurnMember a, int aForks, TurnMember b) {
        List<Integer> forks = new ArrayList<>(a.forksLeftOut());
        b.forksLeftOut().forEach(f -> forks.add(aForks + a.forksLeftOut().size() + f));
        return forks;
    }

    /**
     * The forks of both: raw data one after the other; the score and its error as JMH computes them over every
     * iteration of every fork (the mean of the iterations, {@link JmhMetric#scoreError}). Sample mode's histograms are
     * not recomputed: the score is then the fork-weighted mean of the two and the error is missing.
     */
    private static JmhMetric metric(JmhMetric a, int aForks, JmhMetric b, int bForks) {
        double[][] raw = null;
        if (a.rawData() != null && b.rawData() != null) {
            raw = new double[a.rawData().length + b.rawData().length][];
            System.arraycopy(a.rawData(), 0, raw, 0, a.rawData().length);
            System.arraycopy(b.rawData(), 0, raw, a.rawData().length, b.rawData().length);
        }
        boolean histogram = a.histogram() || b.histogram();
        double[] iterations = histogram || raw == null ? new double[0]
                : Arrays.stream(raw).flatMapToDouble(Arrays::stream).toArray();
        if (iterations.length == 0) {
            int forks = Math.max(1, aForks + bForks);
            return new JmhMetric((a.score() * aForks + b.score() * bForks) / forks, Double.NaN, a.scoreUnit(), raw,
                    histogram);
        }
        return new JmhMetric(Arrays.stream(iterations).average().orElseThrow(), JmhMetric.scoreError(iterations),
                a.scoreUnit(), raw, false);
    }

    private static ActivitySamples mergeActivity(HostGroup group) {
        Map<ActivitySamples.Key, Map<CoresValue, List<List<ActivityLog.Operation>>>> byFamily = new LinkedHashMap<>();
        List<String> warnings = new ArrayList<>();
        for (Input input : group.inputs()) {
            input.activity().byFamily().forEach((family, byCores) -> byCores.forEach((cores, forks) ->
                    byFamily.computeIfAbsent(family, k -> new LinkedHashMap<>())
                            .computeIfAbsent(cores, k -> new ArrayList<>()).addAll(forks)));
            warnings.addAll(input.activity().warnings());
        }
        return new ActivitySamples(byFamily, warnings);
    }

    private static FamilyId familyOf(JmhEntry e) {
        Map<String, String> rest = new LinkedHashMap<>(e.params());
        rest.remove(CoresValue.PARAM);
        return new FamilyId(e.benchmark(), rest, e.mode());
    }

    /** The entry's params with {@code cores} in its canonical spelling; one that is not a configuration as written. */
    private static Map<String, String> withNormalizedCores(JmhEntry e) {
        String cores = normalizedCores(e);
        if (cores == null) {
            // left as written: the analysis names the bad value
            return e.params();
        }
        Map<String, String> normalized = new LinkedHashMap<>(e.params());
        normalized.put(CoresValue.PARAM, cores);
        return normalized;
    }

    /** The canonical spelling of the entry's configuration; null when it has none or its text is not one. */
    private static String normalizedCores(JmhEntry e) {
        return e.cores().value() instanceof CoresValue configuration ? configuration.toString() : null;
    }
}
