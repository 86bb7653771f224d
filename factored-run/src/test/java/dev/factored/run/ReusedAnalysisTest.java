package dev.factored.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.AnalysisOptions;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.AnalysisJson;
import dev.factored.analysis.model.measurement.Interference;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An analysis.json is reused only when it is the analysis of these very bytes with these options; whether it may be is
 * read from its head ({@link AnalysisJson#provenance}) before the megabytes after it.
 */
class ReusedAnalysisTest {

    private static final Path SIXTEEN = Path.of("../factored-analysis/src/test/resources/sixteen-cores");
    private static final AnalysisOptions FEW = new AnalysisOptions(7, 200, 0.95, AnalysisOptions.DEFAULT_PROJECT_TO,
            AnalysisOptions.DEFAULT_DISTURBED_ABOVE);

    @TempDir
    static Path dir;
    static Path jmh;

    @BeforeAll
    static void unpack() throws Exception {
        jmh = dir.resolve("jmh-result.json");
        try (InputStream in = new GZIPInputStream(Files.newInputStream(SIXTEEN.resolve("jmh-result.json.gz")))) {
            Files.copy(in, jmh);
        }
    }

    @Test
    void theSameBytesWithTheSameOptionsAreReadBackAndAnythingElseIsAnalysedAgain() throws Exception {
        Path analysis = dir.resolve("reuse/analysis.json");
        AnalysisStep.Outcome first = AnalysisStep.analysisOf(jmh, analysis, FEW);
        assertFalse(first.reused(), "nothing to reuse yet");
        AnalysisJson.Provenance head = AnalysisJson.provenance(analysis);
        assertEquals(new AnalysisJson.Provenance(first.analysis().sourceSha256(), 7, 200, 0.95), head);

        AnalysisStep.Outcome again = AnalysisStep.analysisOf(jmh, analysis, FEW);
        assertTrue(again.reused(), "same bytes, same options");
        assertEquals(AnalysisJson.toJson(first.analysis()), AnalysisJson.toJson(again.analysis()));

        AnalysisOptions otherSeed = new AnalysisOptions(8, 200, 0.95, FEW.projectTo(), FEW.disturbedAbove());
        assertFalse(AnalysisStep.analysisOf(jmh, analysis, otherSeed).reused(), "another seed");
        assertEquals(8, AnalysisJson.provenance(analysis).seed(), "and the file now holds that analysis");
        assertFalse(AnalysisStep.analysisOf(jmh, analysis, otherSeed.withProjectTo(32)).reused(),
                "another projectTo, read from the families once the head matches");

        Path changed = dir.resolve("changed.json");
        Files.writeString(changed, Files.readString(jmh) + "\n");
        assertFalse(AnalysisStep.analysisOf(changed, analysis, otherSeed.withProjectTo(32)).reused(),
                "other bytes (one more newline)");
    }

    /**
     * A configuration is disturbed when its share is above the threshold over its whole interval: one whose share's
     * value is above the threshold and its low end not is quiet, and its analysis is still reused (the check had
     * compared the value, so such an analysis was read back and then analysed again every time: issue 43).
     */
    @Test
    void aShareAboveTheThresholdOnlyByItsValueIsReusedToo() throws Exception {
        Path analysis = dir.resolve("straddling/analysis.json");
        Interference straddling = AnalysisStep.analysisOf(jmh, analysis, FEW).analysis().families().stream()
                .flatMap(f -> f.measurement().interference().stream())
                .filter(i -> i.share().low() < i.share().value() && i.share().value() < 1).findFirst().orElseThrow();
        double between = (straddling.share().low() + straddling.share().value()) / 2;
        AnalysisOptions threshold = FEW.withDisturbedAbove(between);
        Analysis made = AnalysisStep.analysisOf(jmh, analysis, threshold).analysis();
        assertTrue(made.families().stream().flatMap(f -> f.measurement().interference().stream())
                .anyMatch(i -> i.share().value() > between && !Interference.above(i.share(), between)),
                "a configuration's share is above " + between + " by its value only");
        assertTrue(AnalysisStep.analysisOf(jmh, analysis, threshold).reused());
    }

    @Test
    void aFileThatIsNotOneAnalysisHasNoProvenanceAndIsReplaced() throws Exception {
        Path analysis = dir.resolve("other/analysis.json");
        Files.createDirectories(analysis.getParent());
        Files.writeString(analysis, "[1, 2");
        assertNull(AnalysisJson.provenance(analysis), "not an object");
        assertFalse(AnalysisStep.analysisOf(jmh, analysis, FEW).reused());
        Analysis written = AnalysisJson.read(analysis);
        AnalysisJson.writeRuns(List.of(written, written), analysis);
        assertNull(AnalysisJson.provenance(analysis), "a baseline of two runs is not one analysis");
        assertFalse(AnalysisStep.analysisOf(jmh, analysis, FEW).reused());
        assertTrue(AnalysisStep.analysisOf(jmh, analysis, FEW).reused());
    }
}
