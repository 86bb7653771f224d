package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.factored.analysis.input.JmhMetric;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The score error of merged forks is recomputed as JMH computes it: checked against the error JMH itself wrote for
 * every entry of real result files (1 fork of 3 iterations in this module's, 3 forks of 5 in the plugin IT's).
 */
class MergedScoreErrorTest {

    @Test
    void theRecomputedErrorIsJmhsOwn() throws Exception {
        int checked = 0;
        try (Stream<Path> files = Stream.concat(Files.list(Path.of("src/test/resources/jmh")),
                Stream.of(Path.of("../maven-plugin/src/it/fixtures/jmh-result.json")))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).toList()) {
                JsonNode root = new ObjectMapper().readTree(file.toFile());
                if (!root.isArray()) {
                    continue;
                }
                for (JsonNode entry : root) {
                    JsonNode metric = entry.path("primaryMetric");
                    JsonNode raw = metric.get("rawData");
                    if (raw == null || !metric.path("scoreError").isNumber()) {
                        continue;
                    }
                    List<Double> iterations = new ArrayList<>();
                    raw.forEach(fork -> fork.forEach(v -> iterations.add(v.asDouble())));
                    double[] values = iterations.stream().mapToDouble(Double::doubleValue).toArray();
                    double jmh = metric.get("scoreError").asDouble();
                    assertEquals(jmh, JmhMetric.scoreError(values), 1e-9 * Math.abs(jmh) + 1e-300,
                            file + ": " + entry.path("benchmark").asText() + " " + entry.path("params"));
                    checked++;
                }
            }
        }
        assertTrue(checked >= 20, "entries checked: " + checked);
        assertTrue(Double.isNaN(JmhMetric.scoreError(new double[] {1, 2})), "2 iterations: NaN, as JMH");
    }
}
