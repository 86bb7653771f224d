package dev.factored.jmh.profiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.factored.analysis.AnalysisOptions;
import dev.factored.analysis.FactoredAnalysis;
import dev.factored.analysis.model.AnalysisJson;
import dev.factored.contract.ProfilerMetrics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The analysis loses nothing under the default {@code metrics=analysis}: a real run recorded with {@code metrics=all}
 * (published/all-metrics.json: the plain-JMH IT's SumBenchmark, sumOfSquares and existingPool, baseline, 1 and 2,
 * 2 forks of 3 iterations, beside other builds) is cut down to what the default publishes (no {@link
 * PublishedMetrics#UNREAD}, each fork's first sample of {@link PublishedMetrics#PER_FORK}), and both analyse to the
 * same families, byte for byte. A reader that starts taking a metric the default leaves out fails here.
 */
class PublishedMetricsAnalysisTest {

    @Test
    void theDefaultSetAnalysesAsEveryMetricDoes(@TempDir Path dir) throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        Path all = dir.resolve("all.json");
        try (var in = PublishedMetricsAnalysisTest.class.getResourceAsStream("/published/all-metrics.json")) {
            Files.copy(in, all);
        }
        JsonNode entries = mapper.readTree(all.toFile());
        asPublishedNow(entries);
        mapper.writeValue(all.toFile(), entries);
        int cut = 0;
        for (JsonNode entry : entries) {
            ObjectNode secondary = (ObjectNode) entry.path("secondaryMetrics");
            List<String> unread = new ArrayList<>();
            for (Iterator<String> labels = secondary.fieldNames(); labels.hasNext(); ) {
                String label = labels.next();
                if (PublishedMetrics.UNREAD.contains(label)) {
                    unread.add(label);
                } else if (PublishedMetrics.PER_FORK.contains(label)) {
                    for (JsonNode fork : secondary.path(label).path("rawData")) {
                        ArrayNode samples = (ArrayNode) fork;
                        while (samples.size() > 1) {
                            samples.remove(samples.size() - 1);
                            cut++;
                        }
                    }
                }
            }
            unread.forEach(secondary::remove);
            cut += unread.size();
        }
        assertTrue(cut > 100, "the fixture carries what the default leaves out: " + cut);
        Path published = dir.resolve("published.json");
        mapper.writeValue(published.toFile(), entries);

        JsonNode whole = families(all);
        JsonNode fewer = families(published);
        assertEquals(6, entries.size());
        assertEquals(2, whole.size(), "two families");
        assertEquals(whole, fewer);
    }

    /**
     * The recording predates {@code factored.interferenceReading}: its {@code factored.interferenceShare} was that
     * reading, signed. As the profiler publishes it now: the reading under its own name, and the share taken into
     * [0, 1] per iteration.
     */
    private static void asPublishedNow(JsonNode entries) {
        for (JsonNode entry : entries) {
            ObjectNode secondary = (ObjectNode) entry.path("secondaryMetrics");
            JsonNode share = secondary.get(ProfilerMetrics.INTERFERENCE_SHARE);
            if (share == null || secondary.has(ProfilerMetrics.INTERFERENCE_READING)) {
                continue;
            }
            ObjectNode reading = share.deepCopy();
            reading.put("scoreUnit", "signed share");
            secondary.set(ProfilerMetrics.INTERFERENCE_READING, reading);
            for (JsonNode fork : share.path("rawData")) {
                ArrayNode samples = (ArrayNode) fork;
                for (int i = 0; i < samples.size(); i++) {
                    samples.set(i, samples.numberNode(Math.min(1, Math.max(0, samples.get(i).asDouble()))));
                }
            }
        }
    }

    private static JsonNode families(Path jmhJson) throws Exception {
        String json = AnalysisJson.toJson(FactoredAnalysis.analyze(jmhJson, AnalysisOptions.DEFAULT));
        return new ObjectMapper().readTree(json).path("families");
    }
}
