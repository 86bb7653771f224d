package dev.factored.analysis.model.measurement;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.factored.analysis.input.AnalysisInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A configuration whose JMH run failed (the benchmark threw, or its forked JVM died): JMH's JSON leaves it out, so
 * the run that saw it writes it to {@value #FILE} next to {@code jmh-result.json}, and the analysis names it in the
 * family it belongs to instead of leaving the family silently short of it.
 *
 * @param benchmark the fully qualified benchmark method name (untrusted text)
 * @param params    its JMH params, {@code cores} among them (untrusted text)
 * @param mode      JMH's mode as its log names it, or empty
 * @param reason    the exception's first line, or how the fork ended
 */
@JsonPropertyOrder({"benchmark", "params", "mode", "reason"})
public record FailedConfiguration(String benchmark, Map<String, String> params, String mode, String reason) {

    /** The side file's name, next to the JMH JSON. */
    public static final String FILE = "failed-configurations.json";

    private static final ObjectMapper JSON = new ObjectMapper();

    public FailedConfiguration {
        if (benchmark == null || benchmark.isEmpty()) {
            throw new IllegalArgumentException("a failed configuration needs a benchmark");
        }
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params == null ? Map.of() : params));
        mode = mode == null ? "" : mode;
        reason = reason == null ? "" : reason;
    }

    /** The value of {@code cores}, or null. */
    public String cores() {
        return params.get(dev.factored.contract.CoresValue.PARAM);
    }

    /** Whether it is a configuration of {@code family}: the same benchmark and the same params but cores. */
    public boolean belongsTo(FamilyId family) {
        Map<String, String> others = new LinkedHashMap<>(params);
        others.remove(dev.factored.contract.CoresValue.PARAM);
        return benchmark.equals(family.benchmark()) && others.equals(family.params());
    }

    /** {@code a.B.c cores=2 size=100: reason}. */
    public String describe() {
        StringBuilder sb = new StringBuilder(benchmark);
        params.forEach((k, v) -> sb.append(' ').append(k).append('=').append(v));
        return reason.isEmpty() ? sb.toString() : sb.append(": ").append(reason).toString();
    }

    /** Writes the list (an empty list removes the file, so a later run does not inherit an old failure). */
    public static void write(Path directory, List<FailedConfiguration> failed) throws IOException {
        Path file = directory.resolve(FILE);
        if (failed.isEmpty()) {
            Files.deleteIfExists(file);
            return;
        }
        Files.createDirectories(directory);
        JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), failed);
    }

    /**
     * The failures recorded next to {@code jmhJson}; empty when there is no file.
     *
     * @throws AnalysisInputException naming the file when it cannot be read
     */
    public static List<FailedConfiguration> readNextTo(Path jmhJson) throws AnalysisInputException {
        Path parent = jmhJson.toAbsolutePath().getParent();
        Path file = parent == null ? null : parent.resolve(FILE);
        if (file == null || !Files.isRegularFile(file)) {
            return List.of();
        }
        try {
            return List.copyOf(JSON.readValue(file.toFile(), new TypeReference<List<FailedConfiguration>>() { }));
        } catch (IOException | IllegalArgumentException e) {
            throw new AnalysisInputException(file + ": not a list of failed configurations: " + e.getMessage(), e);
        }
    }
}
