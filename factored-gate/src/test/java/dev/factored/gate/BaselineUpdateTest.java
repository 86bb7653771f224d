package dev.factored.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.factored.analysis.AnalysisOptions;
import dev.factored.analysis.FactoredAnalysis;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.AnalysisJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Recording runs into a baseline (the plugin's and the CLI's updateBaseline), on analyses of a real JMH result. */
class BaselineUpdateTest {

    @TempDir
    Path dir;

    /** The real JMH file with every time scaled by {@code factor} (so each run has its own source hash) and the JDK. */
    private Analysis run(String name, double factor, String jdk) throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        ArrayNode entries = (ArrayNode) mapper.readTree(getClass().getResource("/jmh/avgt.json"));
        for (JsonNode e : entries) {
            ((ObjectNode) e).put("jdkVersion", jdk);
            for (JsonNode fork : e.get("primaryMetric").get("rawData")) {
                ArrayNode values = (ArrayNode) fork;
                for (int i = 0; i < values.size(); i++) {
                    values.set(i, values.get(i).asDouble() * factor);
                }
            }
        }
        Path jmh = dir.resolve(name + "-jmh.json");
        mapper.writeValue(jmh.toFile(), entries);
        return FactoredAnalysis.analyze(jmh, AnalysisOptions.DEFAULT);
    }

    private static List<String> hashes(Path baseline) throws Exception {
        return AnalysisJson.readRuns(baseline).stream().map(Analysis::sourceSha256).toList();
    }

    @Test
    void oneRunReplacesNRunsKeepTheNewest() throws Exception {
        Analysis a = run("a", 1.0, "17.0.15");
        Analysis b = run("b", 1.01, "17.0.15");
        Analysis c = run("c", 0.99, "17.0.15");
        Path baseline = dir.resolve("new/dir/baseline.json");

        BaselineUpdate.Result first = BaselineUpdate.update(baseline, a, 2, false);
        assertEquals(List.of(a.sourceSha256()), hashes(baseline));
        assertEquals("this run's analysis", first.holds());
        BaselineUpdate.update(baseline, b, 2, false);
        assertEquals(List.of(a.sourceSha256(), b.sourceSha256()), hashes(baseline));
        BaselineUpdate.Result third = BaselineUpdate.update(baseline, c, 2, false);
        assertEquals(List.of(b.sourceSha256(), c.sourceSha256()), hashes(baseline), "the oldest is dropped");
        assertEquals("the last 2 runs (this one included, baselineRuns=2)", third.holds());
        assertEquals(0, third.disturbed());
        assertNull(third.busyWarning());

        BaselineUpdate.update(baseline, a, 1, false);
        assertEquals(List.of(a.sourceSha256()), hashes(baseline), "baselineRuns 1: this run alone");
        assertTrue(!Files.readString(baseline).contains("\"runs\""), "a single run is a plain analysis.json");
    }

    @Test
    void runsOfAnotherJvmAreRefusedUnlessAllowed() throws Exception {
        Path baseline = dir.resolve("baseline.json");
        BaselineUpdate.update(baseline, run("old", 1.0, "21.0.1"), 3, false);
        String before = Files.readString(baseline);
        Analysis now = run("now", 1.0, "17.0.15");
        BaselineUpdate.Refused refused = assertThrows(BaselineUpdate.Refused.class,
                () -> BaselineUpdate.update(baseline, now, 3, false));
        assertTrue(refused.getMessage().contains("JDK version 21.0.1 (baseline)") && refused.getMessage().contains("17.0.15")
                && refused.getMessage().contains(baseline.toString()), refused.getMessage());
        assertEquals(before, Files.readString(baseline), "left as it was");
        assertEquals(2, BaselineUpdate.update(baseline, now, 3, true).runs());
        // baselineRuns 1 replaces the file: nothing is joined, nothing to refuse
        assertEquals(1, BaselineUpdate.update(baseline, run("other", 1.0, "25"), 1, false).runs());
    }

    @Test
    void baselineRunsBelowOneIsRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BaselineUpdate.requireRuns(0));
        assertTrue(e.getMessage().contains("baselineRuns = 0"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> BaselineUpdate.update(dir.resolve("b.json"), run("x", 1.0, "17"), 0, false));
        assertTrue(!Files.exists(dir.resolve("b.json")));
    }
}
