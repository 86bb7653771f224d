package dev.factored.analysis.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.factored.analysis.BootstrapTest;
import dev.factored.analysis.Fixtures;
import dev.factored.analysis.input.AnalysisInputException;
import dev.factored.analysis.model.finding.Explanation;
import dev.factored.analysis.model.finding.Finding;
import dev.factored.analysis.model.finding.Severity;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.measurement.Measurement;
import dev.factored.analysis.model.point.Disturbance;
import dev.factored.analysis.model.point.MachineShares;
import dev.factored.analysis.model.point.Point;
import dev.factored.analysis.model.point.PointConditions;
import dev.factored.analysis.model.point.PointTimes;
import dev.factored.analysis.model.point.Speedups;
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
        assertEquals(2, root.get("schema").intValue());
        JsonNode family = root.get("families").get(0);
        assertEquals(List.of("benchmark", "params", "mode", "baselineTime", "elisionTime", "oneCoreTime",
                "schedulingOverhead", "algorithmicOverhead", "idleSource", "points", "work", "span", "burdenedSpan", "parallelism",
                "burdenedParallelism", "spawns", "averageStrand", "burden", "bounds", "scalingModels", "projection",
                "bandwidthCopies",
                "bandwidthSlowdown", "timeline",
                "headline", "findings", "diagnosis", "notes", "warnings", "environment", "configurations", "steadiness"),
                names(family));
        assertEquals(List.of("cores", "iterations", "learnedWarmup", "forks"),
                names(family.get("steadiness").get(0)), "compile and GC time not measured: left out, never a zero");
        assertTrue(family.get("timeline").isNull(), "no activity recorded: null");
        assertTrue(family.get("work").isNull(), "not measured without cores=span: null, never a made-up number");
        assertEquals(0, family.get("bounds").size());
        JsonNode fits = family.get("scalingModels");
        assertEquals(List.of("fittedTo", "amdahl", "contention", "coherency", "karpFlatt", "projection"), names(fits));
        assertEquals(64, fits.get("projection").size(), "projected to P = projectTo");
        JsonNode projection = family.get("projection");
        assertEquals(List.of("measuredCores", "restsOn", "widenedBy", "speedups"), names(projection));
        assertEquals("workGrowth", projection.get("widenedBy").get(0).asText(), "the noisy sample's work grew");
        assertEquals(60, projection.get("speedups").size(), "beyond the measured P = 4, to projectTo");
        assertEquals(List.of("cores", "lower", "upper", "lowerFrom", "upperFrom"),
                names(projection.get("speedups").get(0)));
        assertEquals("1000", family.get("params").get("size").asText());
        assertTrue(family.get("params").get("cores") == null);
        JsonNode point = family.get("points").get(2);
        assertEquals(List.of("cores", "valid", "invalidBecause", "time", "idleTime", "workInflation", "speedups",
                "losses", "efficiency", "idleShare", "inflationShare", "factors", "idleSplit", "oversubscribed",
                "pinned"), names(point));
        assertEquals(List.of("linear", "elision", "maximal", "idleSpecific", "inflationSpecific", "actual", "overElision"),
                names(point.get("speedups")));
        assertEquals(List.of("algorithmic", "scheduling", "idle", "inflation"), names(point.get("losses")));
        assertEquals(List.of("work", "distribution", "delay"), names(point.get("factors")));
        assertEquals(List.of("value", "low", "high"), names(point.get("time")));
        assertEquals(4, point.get("cores").intValue());
        assertTrue(point.get("valid").booleanValue());
        assertEquals(List.of("schema", "source", "sourceSha256", "seed", "resamples", "confidence", "warnings",
                "families", "sweeps"), names(root));
        JsonNode finding = family.get("findings").get(0);
        assertEquals(List.of("kind", "cores", "severity", "tentative", "evidence", "text"), names(finding));
        assertEquals(family.get("diagnosis").get(0).asText(), finding.get("text").asText());
    }

    @Test
    void roundTripsThroughTheRecordsUnchanged(@TempDir Path dir) throws Exception {
        Analysis a = sample();
        Path file = dir.resolve("sub/analysis.json");
        AnalysisJson.write(a, file);
        Analysis back = AnalysisJson.read(file);
        assertEquals(a, back);
        assertEquals(AnalysisJson.toJson(a), AnalysisJson.toJson(back));
    }

    @Test
    void roundTripsNullsInvalidPointsAndSingleForkEstimates(@TempDir Path dir) throws Exception {
        Point odd = new Point(8, false, List.of("oversubscribed: 8 workers shared 2 CPUs"), Disturbance.NONE,
                new PointTimes(new Estimate(1e-9, 5e-10, 2e-9, true), null, null, null),
                new Speedups(Estimate.exact(3), null, null, null, null, null), null, MachineShares.NONE, null, null,
                new PointConditions(true, false, null, null, null));
        FamilyAnalysis f = sample().families().get(0);
        List<Point> points = new ArrayList<>(f.points());
        points.add(odd);
        Finding finding = new Finding("idle", 3, Severity.MAJOR, true, Map.of("idleLoss", new Estimate(1, 0.5, 2, true)),
                "At 3 cores idle time may cost 1.0 of the 3x.");
        FamilyAnalysis changed = new FamilyAnalysis(f.id(),
                new ReferenceTimes(null, f.times().elisionTime(), f.times().oneCoreTime(), null, null), null, points,
                null, null, null, null, null, new Explanation(List.of(finding), null, List.of("w \"quoted\" <b>")),
                new Measurement(List.of(), null, List.of(), List.of()));
        Analysis a = new Analysis(Analysis.SCHEMA, null, null, -5, 0, 0.99, List.of("file-level"), List.of(f, changed));
        Path file = dir.resolve("analysis.json");
        AnalysisJson.write(a, file);
        Analysis back = AnalysisJson.read(file);
        assertEquals(a, back);
        assertTrue(Files.readString(file).contains("\"singleFork\" : true"));
        assertEquals(List.of("At 3 cores idle time may cost 1.0 of the 3x."), back.families().get(1).explanation().diagnosis());
    }

    /** A file written before the projection existed reads, and writes back, byte for byte as it was. */
    @Test
    void aFileWithoutAProjectionWritesBackUnchanged() throws Exception {
        com.fasterxml.jackson.databind.node.ObjectNode root = (com.fasterxml.jackson.databind.node.ObjectNode)
                new ObjectMapper().readTree(AnalysisJson.toJson(sample()));
        root.withArray("families").forEach(f -> ((com.fasterxml.jackson.databind.node.ObjectNode) f)
                .remove("projection"));
        String before = AnalysisJson.toJson(AnalysisJson.read(new ObjectMapper().writeValueAsBytes(root), "old.json"));
        Analysis back = AnalysisJson.read(before.getBytes(StandardCharsets.UTF_8), "old.json");
        assertEquals(null, back.families().get(0).projection());
        assertEquals(root, new ObjectMapper().readTree(before), "what the file held, and nothing more");
        assertEquals(before, AnalysisJson.toJson(back));
        assertTrue(!before.contains("\"projection\" : {"), "not written when absent");
    }

    @Test
    void outputIsStable(@TempDir Path dir) throws Exception {
        AnalysisJson.write(sample(), dir.resolve("a.json"));
        AnalysisJson.write(sample(), dir.resolve("b.json"));
        assertEquals(Files.readString(dir.resolve("a.json")), Files.readString(dir.resolve("b.json")));
    }

    @Test
    void aSchemaOneFilesWarningFindingsAreReadAsNotes() throws Exception {
        String json = "{\"schema\": 1, \"families\": [{\"benchmark\": \"a.B.c\", \"params\": {}, \"mode\": \"avgt\","
                + " \"points\": [], \"findings\": [{\"kind\": \"idle\", \"cores\": 2, \"severity\": \"major\","
                + " \"tentative\": false, \"evidence\": {}, \"text\": \"i\"}, {\"kind\": \"single-fork\", \"cores\": null,"
                + " \"severity\": \"warning\", \"tentative\": false, \"evidence\": {}, \"text\": \"w\"}],"
                + " \"diagnosis\": [\"i\"], \"warnings\": [\"w\"]}]}";
        FamilyAnalysis f = AnalysisJson.read(json.getBytes(StandardCharsets.UTF_8), "one.json").families().get(0);
        assertEquals(List.of("idle"), f.explanation().findings().stream().map(Finding::kind).toList());
        assertEquals(List.of("single-fork"), f.explanation().notes().stream().map(Finding::kind).toList());
        assertEquals(List.of("w"), f.explanation().warnings());
        assertEquals(null, f.explanation().headline(), "schema 1 had no headline");
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
        assertEquals(null, f.points().get(0).conditions().pinned());
        assertTrue(f.points().get(0).valid(), "a point from before validity existed is valid unless oversubscribed");
        assertEquals(List.of(), f.explanation().findings());
        assertEquals(List.of("d"), f.explanation().diagnosis());
        assertEquals(List.of(), f.measurement().configurations());
        assertEquals(List.of(), a.warnings());
    }

    private static String error(String json) {
        return assertThrows(AnalysisInputException.class,
                () -> AnalysisJson.read(json.getBytes(StandardCharsets.UTF_8), "an.json")).getMessage();
    }

    @Test
    void rejectsUnknownSchemaAndBadInput() {
        assertEquals("an.json: analysis.json schema 3 is not supported (this version reads schemas 1 and 2)",
                error("{\"schema\": 3, \"families\": []}"));
        assertTrue(error("{\"families\": []}").startsWith("an.json: no \"schema\" number"));
        // bound straight from the bytes, a fraction would round to schema 2: the checked way still says it is no number
        assertTrue(error("{\"schema\": 2.0, \"confidence\": 0.95, \"families\": []}")
                .startsWith("an.json: no \"schema\" number"));
        assertTrue(error("[1, 2]").startsWith("an.json: expected an analysis.json object"));
        assertTrue(error("{\"schema\": 1, \"families\": [").startsWith("an.json: the JSON ends early"));
        String m = error("{\"schema\": 1, \"families\": [{\"benchmark\": \"a\", \"params\": {}, \"mode\": \"avgt\","
                + " \"points\": [{\"cores\": 2, \"time\": {\"value\": \"fast\", \"low\": 1, \"high\": 1},"
                + " \"speedups\": {}, \"losses\": {}}], \"diagnosis\": [], \"warnings\": []}]}");
        assertTrue(m.startsWith("an.json: families[0].points[0].time.value: "), m);
        assertTrue(m.contains("\"fast\""), m);
        m = error("{\"schema\": 1, \"families\": [{\"benchmark\": \"a\", \"params\": {}, \"mode\": \"avgt\","
                + " \"points\": [], \"diagnosis\": [], \"warnings\": [],"
                + " \"configurations\": [{\"cores\": \"many\", \"timeSamples\": [[1]]}]}]}");
        assertTrue(m.startsWith("an.json: families[0].configurations[0].cores: cores = \"many\" is not a configuration"),
                m);
        m = error("{\"schema\": 1, \"families\": [{\"benchmark\": \"a\", \"params\": {}, \"mode\": \"avgt\","
                + " \"points\": [], \"diagnosis\": [], \"warnings\": [],"
                + " \"configurations\": [{\"cores\": \"Baseline\", \"timeSamples\": [[1]]}]}]}");
        assertEquals("an.json: families[0].configurations[0].cores: cores \"Baseline\" is not in its canonical spelling "
                + "\"baseline\"", m);
        m = error("{\"schema\": 1, \"families\": [{\"benchmark\": \"a\", \"params\": {}, \"mode\": \"avgt\","
                + " \"points\": [{\"cores\": 2, \"time\": {\"value\": 1, \"low\": 1.5, \"high\": 2}}]}]}");
        assertEquals("an.json: families[0].points[0].time: an estimate needs low <= value <= high, got value 1.0 "
                + "[1.5, 2.0]", m);
        m = error("{\"schema\": 1, \"families\": [{\"benchmark\": \"a\", \"params\": {}, \"mode\": \"avgt\","
                + " \"points\": [{\"cores\": 2, \"time\": {\"value\": \"NaN\", \"low\": 1, \"high\": 2}}]}]}");
        assertTrue(m.startsWith("an.json: families[0].points[0].time"), m);
        m = error("{\"schema\": 1, \"families\": [{\"benchmark\": \"a\", \"params\": {}, \"mode\": \"avgt\","
                + " \"points\": [{\"cores\": 2, \"time\": {\"value\": 1, \"high\": 2}}]}]}");
        assertTrue(m.startsWith("an.json: families[0].points[0].time"), m);
        assertTrue(m.contains("low"), m);
    }

    @Test
    void missingFileIsNamed(@TempDir Path dir) {
        Path missing = dir.resolve("analysis.json");
        String m = assertThrows(AnalysisInputException.class, () -> AnalysisJson.read(missing)).getMessage();
        assertEquals(missing + ": no such file (expected an analysis.json)", m);
    }
}
