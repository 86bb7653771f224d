package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.factored.analysis.model.AnalysisJson;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole analysis.json of the 16-core run ({@link SixteenCores}), word for word: every finding's and note's text,
 * every headline, every number. Stored from the analysis before the findings became facts rendered by one writer
 * (issue 35), so that a change of words shows here as a diff. Where a change is meant, the test writes the new text
 * to {@code target/golden/sixteen-cores-analysis.json} to compare and store.
 */
class SixteenCoresGoldenTest {

    @TempDir
    Path dir;

    @Test
    void theAnalysisJsonIsTheStoredOne() throws Exception {
        String actual = AnalysisJson.toJson(SixteenCores.analyze(dir))
                .replace(dir.resolve("jmh-result.json").toString(), "jmh-result.json");
        String expected = stored("/sixteen-cores/analysis.json.gz");
        if (!expected.equals(actual)) {
            Path out = Path.of("target/golden/sixteen-cores-analysis.json");
            Files.createDirectories(out.getParent());
            Files.writeString(out, actual, StandardCharsets.UTF_8);
        }
        assertEquals(expected, actual, "see target/golden/sixteen-cores-analysis.json");
    }

    static String stored(String resource) throws IOException {
        InputStream raw = SixteenCoresGoldenTest.class.getResourceAsStream(resource);
        if (raw == null) {
            return "";
        }
        try (InputStream in = new GZIPInputStream(raw)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
