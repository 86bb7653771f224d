package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AnalysisJsonTest {

    private static Analysis sample() throws Exception {
        return BootstrapTest.noisy(new Fixtures.Entries().benchmark("a.B.sort").params(Map.of("size", "1000"))).analyze();
    }

    private static List<String> names(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void followsTheArchitectureSchema() throws Exception {
        JsonNode root = new ObjectMapper().readTree(AnalysisJson.toJson(sample()));
        assertEquals(1, root.get("schema").intValue());
        JsonNode family = root.get("families").get(0);
        assertTrue(names(family).containsAll(List.of("benchmark", "params", "mode", "baselineTime", "elisionTime",
                "oneCoreTime", "points", "diagnosis", "warnings", "environment", "configurations")), names(family).toString());
        assertEquals("1000", family.get("params").get("size").asText());
        assertTrue(family.get("params").get("cores") == null);
        JsonNode point = family.get("points").get(2);
        assertEquals(List.of("cores", "time", "idleTime", "workInflation", "speedups", "losses", "oversubscribed",
                "pinned"), names(point));
        assertEquals(List.of("linear", "elision", "maximal", "idleSpecific", "inflationSpecific", "actual"),
                names(point.get("speedups")));
        assertEquals(List.of("algorithmic", "scheduling", "idle", "inflation"), names(point.get("losses")));
        assertEquals(List.of("value", "low", "high"), names(point.get("time")));
        assertEquals(4, point.get("cores").intValue());
        assertEquals(List.of("schema", "source", "seed", "resamples", "confidence", "warnings", "families"), names(root));
    }

    @Test
    void roundTripsIncludingNullsAndNonFiniteNumbers(@TempDir Path dir) throws Exception {
        Point odd = new Point(3, new Estimate(1e-9, 5e-10, 2e-9), null, null,
                new Speedups(Estimate.exact(3), null, null, null, new Estimate(Double.POSITIVE_INFINITY, 1,
                        Double.POSITIVE_INFINITY), null),
                new Losses(null, null, new Estimate(Double.NaN, Double.NEGATIVE_INFINITY, 0), null), true, false);
        FamilyAnalysis f = sample().families().get(0);
        List<Point> points = new ArrayList<>(f.points());
        points.add(odd);
        FamilyAnalysis changed = new FamilyAnalysis(f.benchmark(), f.params(), f.mode(), null, f.elisionTime(),
                f.oneCoreTime(), points, f.diagnosis(), List.of("w \"quoted\" <b>"), null, List.of());
        Analysis a = new Analysis(1, null, -5, 0, 0.99, List.of(f, changed), List.of("file-level"));
        Path file = dir.resolve("sub/analysis.json");
        AnalysisJson.write(a, file);
        assertEquals(a, AnalysisJson.read(file));
    }

    @Test
    void outputIsStable(@TempDir Path dir) throws Exception {
        AnalysisJson.write(sample(), dir.resolve("a.json"));
        AnalysisJson.write(sample(), dir.resolve("b.json"));
        assertEquals(Files.readString(dir.resolve("a.json")), Files.readString(dir.resolve("b.json")));
    }

    @Test
    void readsTheMinimalSchemaOfArchitectureMd() throws Exception {
        String json = "{\"schema\": 1, \"families\": [{\"benchmark\": \"a.B.c\", \"params\": {}, \"mode\": \"avgt\","
                + " \"baselineTime\": {\"value\": 1, \"low\": 0.9, \"high\": 1.1}, \"elisionTime\": null,"
                + " \"oneCoreTime\": null, \"points\": [{\"cores\": 2, \"time\": {\"value\": 0.6, \"low\": 0.5,"
                + " \"high\": 0.7}, \"idleTime\": null, \"workInflation\": null, \"speedups\": {\"linear\":"
                + " {\"value\": 2, \"low\": 2, \"high\": 2}, \"elision\": null, \"maximal\": null, \"idleSpecific\": null,"
                + " \"inflationSpecific\": null, \"actual\": {\"value\": 1.6, \"low\": 1.4, \"high\": 1.8}},"
                + " \"losses\": {\"algorithmic\": null, \"scheduling\": null, \"idle\": null, \"inflation\": null}}],"
                + " \"diagnosis\": [\"d\"], \"warnings\": []}]}";
        Analysis a = AnalysisJson.read(json.getBytes(StandardCharsets.UTF_8), "min.json");
        FamilyAnalysis f = a.families().get(0);
        assertEquals(new Estimate(1.6, 1.4, 1.8), f.points().get(0).speedups().actual());
        assertEquals(null, f.points().get(0).pinned());
        assertEquals(List.of(), f.configurations());
        assertEquals(List.of(), a.warnings());
    }

    private static String error(String json) {
        return assertThrows(AnalysisInputException.class,
                () -> AnalysisJson.read(json.getBytes(StandardCharsets.UTF_8), "an.json")).getMessage();
    }

    @Test
    void rejectsUnknownSchemaAndBadInput() {
        assertEquals("an.json: analysis.json schema 2 is not supported (this version reads schema 1)",
                error("{\"schema\": 2, \"families\": []}"));
        assertTrue(error("{\"families\": []}").startsWith("an.json: no \"schema\" number"));
        assertTrue(error("[1, 2]").startsWith("an.json: expected an analysis.json object"));
        assertTrue(error("{\"schema\": 1, \"families\": [").startsWith("an.json: the JSON ends early"));
        String m = error("{\"schema\": 1, \"families\": [{\"benchmark\": \"a\", \"params\": {}, \"mode\": \"avgt\","
                + " \"points\": [{\"cores\": 2, \"time\": {\"value\": \"fast\", \"low\": 1, \"high\": 1},"
                + " \"speedups\": {}, \"losses\": {}}], \"diagnosis\": [], \"warnings\": []}]}");
        assertEquals("an.json: families[0].points[0].time.value: expected a number, found the string \"fast\"", m);
        m = error("{\"schema\": 1, \"families\": [{\"benchmark\": \"a\", \"params\": {}, \"mode\": \"avgt\","
                + " \"points\": [], \"diagnosis\": [], \"warnings\": [],"
                + " \"configurations\": [{\"cores\": \"many\", \"timeSamples\": [[1]]}]}]}");
        assertTrue(m.startsWith("an.json: families[0].configurations[0].cores: bad `cores` value \"many\""), m);
    }

    @Test
    void missingFileIsNamed(@TempDir Path dir) {
        Path missing = dir.resolve("analysis.json");
        String m = assertThrows(AnalysisInputException.class, () -> AnalysisJson.read(missing)).getMessage();
        assertEquals(missing + ": no such file (expected an analysis.json)", m);
    }
}
