package dev.factored.analysis.input;

import dev.factored.contract.ActivityLog;
import dev.factored.contract.CoresValue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The profiler's activity side files of one run ({@link ActivityLog}), grouped by family and {@code cores}
 * configuration: per configuration, per fork, the sampled operations.
 *
 * @param byFamily family → configuration → forks → operations
 * @param warnings one sentence per file that could not be used, naming it and what is wrong
 */
public record ActivitySamples(Map<ActivitySamples.Key, Map<CoresValue, List<List<ActivityLog.Operation>>>> byFamily,
        List<String> warnings) {

    /**
     * The family a side file belongs to, as its trial names it (the model's FamilyId is built from the same three
     * parts; this package reads files and knows no model).
     */
    public record Key(String benchmark, Map<String, String> params, String mode) {

        public Key {
            if (benchmark == null || benchmark.isEmpty()) {
                throw new IllegalArgumentException("a family needs a benchmark name");
            }
            if (mode == null || mode.isEmpty()) {
                throw new IllegalArgumentException("family " + benchmark + " needs a mode");
            }
            params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        }
    }

    /**
     * The directory of the profiler's activity side files (and host.properties), next to JMH's result file (the
     * profiler option {@code activity=<dir>}).
     */
    public static final String DIRECTORY = "activity";

    public static final ActivitySamples NONE = new ActivitySamples(Map.of(), List.of());

    /** The sampled operations of one configuration of a family, per fork; empty when none were recorded. */
    public List<List<ActivityLog.Operation>> of(Key family, CoresValue cores) {
        return byFamily.getOrDefault(family, Map.of()).getOrDefault(cores, List.of());
    }

    /** As {@link #of(Key, CoresValue)}, for the family of these three parts. */
    public List<List<ActivityLog.Operation>> of(String benchmark, Map<String, String> params, String mode,
            CoresValue cores) {
        return of(new Key(benchmark, params, mode), cores);
    }

    /** Every side file in {@code directory}, in name order; none when it does not exist. */
    public static ActivitySamples read(Path directory) {
        if (directory == null || !Files.isDirectory(directory)) {
            return NONE;
        }
        List<Path> files;
        try (Stream<Path> list = Files.list(directory)) {
            files = list.filter(f -> f.getFileName().toString().endsWith(ActivityLog.SUFFIX)).sorted().toList();
        } catch (IOException e) {
            return new ActivitySamples(Map.of(), List.of("The activity files in " + directory
                    + " could not be listed (" + e.getMessage() + "): no timelines or idle splits."));
        }
        Map<ActivitySamples.Key, Map<CoresValue, List<List<ActivityLog.Operation>>>> byFamily = new LinkedHashMap<>();
        List<String> warnings = new ArrayList<>();
        for (Path file : files) {
            try {
                ActivityLog.Fork fork = ActivityLog.read(file);
                Map<String, String> params = new LinkedHashMap<>(fork.trial().params());
                CoresValue cores = CoresText.of(params);
                params.remove(CoresValue.PARAM);
                if (cores == null) {
                    throw new IllegalArgumentException("its trial has no `cores` param");
                }
                Key id = new Key(fork.trial().benchmark(), params, fork.trial().mode());
                byFamily.computeIfAbsent(id, k -> new LinkedHashMap<>())
                        .computeIfAbsent(cores, k -> new ArrayList<>())
                        .add(fork.operations());
            } catch (IOException | IllegalArgumentException e) {
                warnings.add("The activity file " + file + " was left out: " + e.getMessage());
            }
        }
        Map<ActivitySamples.Key, Map<CoresValue, List<List<ActivityLog.Operation>>>> frozen = new LinkedHashMap<>();
        byFamily.forEach((id, byCores) -> frozen.put(id, Collections.unmodifiableMap(byCores)));
        return new ActivitySamples(Collections.unmodifiableMap(frozen), List.copyOf(warnings));
    }
}
