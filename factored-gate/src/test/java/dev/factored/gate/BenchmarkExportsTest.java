package dev.factored.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.point.Losses;
import java.util.List;
import org.junit.jupiter.api.Test;

class BenchmarkExportsTest {

    static Analysis sample() {
        return Fixtures.analysis(Fixtures.family("b.Sorts.merge").param("size", "1000")
                .baseline(Fixtures.est(1e-3, 0.9e-3, 1.1e-3))
                .point(Fixtures.point(2, Fixtures.est(0.6e-3, 0.5e-3, 0.7e-3), Fixtures.est(0.2e-3, 0.1e-3, 0.3e-3),
                        Fixtures.est(1.6, 1.5, 2.0), new Losses(null, null, null, null)))
                .build(), Fixtures.family(VerdictOutputTest.NASTY).baseline(Fixtures.est(1e-3, 1e-3, 1e-3))
                .point(Fixtures.point(4, Fixtures.est(0.5e-3, 0.5e-3, 0.5e-3), null, Fixtures.est(2, 2, 2), null))
                .build());
    }

    @Test
    void bencherMetricFormat() throws Exception {
        JsonNode root = new ObjectMapper().readTree(BenchmarkExports.bencher(sample()));
        JsonNode merge = root.get("b.Sorts.merge(size=1000) @ cores=2");
        assertEquals(600_000, merge.get("latency").get("value").asDouble(), 1e-6, "T_P in nanoseconds");
        assertEquals(500_000, merge.get("latency").get("lower_value").asDouble(), 1e-6);
        assertEquals(700_000, merge.get("latency").get("upper_value").asDouble(), 1e-6);
        assertEquals(1.6, merge.get("speedup").get("value").asDouble(), 1e-12);
        assertEquals(200_000, merge.get("idle-time").get("value").asDouble(), 1e-6);
        JsonNode nasty = root.get(VerdictOutputTest.NASTY + " @ cores=4");
        assertTrue(nasty != null, "names are kept verbatim: " + root);
        assertTrue(nasty.get("idle-time") == null, "an idle time that was not measured is left out");
    }

    @Test
    void githubActionBenchmarkIsSmallerIsBetter() throws Exception {
        JsonNode root = new ObjectMapper().readTree(BenchmarkExports.githubActionBenchmark(sample()));
        assertTrue(root.isArray());
        assertEquals(List.of("name", "unit", "value", "range", "extra"), names(root.get(0)));
        assertEquals("b.Sorts.merge(size=1000) @ cores=2 - time", root.get(0).get("name").asText());
        assertEquals("ns/op", root.get(0).get("unit").asText());
        assertEquals(600_000, root.get(0).get("value").asDouble(), 1e-6);
        assertEquals("[500000, 700000]", root.get(0).get("range").asText());
        JsonNode inverse = root.get(1);
        assertEquals("b.Sorts.merge(size=1000) @ cores=2 - time relative to the baseline (1/speedup)",
                inverse.get("name").asText());
        assertEquals(1 / 1.6, inverse.get("value").asDouble(), 1e-12);
        assertEquals("[0.5, 0.667]", inverse.get("range").asText());
        assertEquals(3 + 2, root.size(), "time, 1/speedup and idle for P = 2; time and 1/speedup for P = 4");
    }

    private static List<String> names(JsonNode node) {
        List<String> names = new java.util.ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
