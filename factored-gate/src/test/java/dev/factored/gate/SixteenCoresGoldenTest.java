package dev.factored.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.AnalysisJson;
import dev.factored.gate.rules.Rule;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gate's three views of the 16-core run's analysis.json (factored-analysis' SixteenCoresGoldenTest stores it),
 * word for word: check.json, summary.md and the console table, with rules that pass, fail, match nothing and miss
 * their P, and the run compared with itself as the baseline. Stored before the judgements became facts rendered by
 * one writer (issue 35). Where a change is meant, the test writes the new text to {@code target/golden/} to compare.
 */
class SixteenCoresGoldenTest {

    /** factored-analysis' stored analysis of the run (its SixteenCoresGoldenTest keeps it the analysis' own). */
    private static final Path ANALYSIS = Path.of("../factored-analysis/src/test/resources/sixteen-cores/analysis.json.gz");

    @TempDir
    Path dir;

    private static final List<Rule> RULES = List.of(
            Rule.of(null, null, null, "efficiency", "50%", null, null),
            Rule.of(null, null, "16", "actual-speedup", "4", null, null),
            Rule.of(null, null, null, "idle-share", null, "10%", null),
            Rule.of(null, null, "2", "inflation-loss", null, "0.5", "value"),
            Rule.of(null, null, null, "scheduling-overhead", null, "5%", null),
            Rule.of(null, null, null, "algorithmic-overhead", null, "200%", null),
            Rule.of("NoSuchBench", null, null, "efficiency", "10%", null, null),
            Rule.of(null, null, "3", "idle-loss", null, "1", null));

    @Test
    void checkJsonSummaryAndTableAreTheStoredOnes() throws Exception {
        Analysis analysis = AnalysisJson.read(gunzip(Files.newInputStream(ANALYSIS)).getBytes(StandardCharsets.UTF_8),
                "analysis.json");
        Verdict verdict = Gate.check(analysis, analysis, GateConfig.of(RULES));
        VerdictOutput.json(verdict, dir.resolve("check.json"));
        Map<String, String> views = new LinkedHashMap<>();
        views.put("check.json", Files.readString(dir.resolve("check.json")));
        views.put("summary.md", VerdictOutput.markdown(verdict, analysis));
        views.put("table.txt", VerdictOutput.table(verdict));
        for (Map.Entry<String, String> view : views.entrySet()) {
            if (!stored(view.getKey() + ".gz").equals(view.getValue())) {
                Path out = Path.of("target/golden/" + view.getKey());
                Files.createDirectories(out.getParent());
                Files.writeString(out, view.getValue(), StandardCharsets.UTF_8);
            }
        }
        for (Map.Entry<String, String> view : views.entrySet()) {
            assertEquals(stored(view.getKey() + ".gz"), view.getValue(), "see target/golden/" + view.getKey());
        }
    }

    /** The stored view, or "" when there is none yet. */
    private static String stored(String name) throws IOException {
        InputStream raw = SixteenCoresGoldenTest.class.getResourceAsStream("/golden/" + name);
        return raw == null ? "" : gunzip(raw);
    }

    private static String gunzip(InputStream raw) throws IOException {
        try (InputStream in = new GZIPInputStream(raw)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
