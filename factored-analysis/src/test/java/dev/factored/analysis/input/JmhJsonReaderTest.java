package dev.factored.analysis.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.AnalysisOptions;
import dev.factored.analysis.FactoredAnalysis;
import dev.factored.analysis.RealJmhFilesTest;
import dev.factored.analysis.model.Analysis;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JmhJsonReaderTest {

    /** One minimal JMH entry; {@code cores} and the primary metric's JSON are filled in. */
    static String entry(String cores, String primary) {
        return "{\"benchmark\": \"a.B.run\", \"mode\": \"avgt\", \"threads\": 1, \"forks\": 1,"
                + " \"params\": {\"cores\": \"" + cores + "\", \"n\": \"5\"},"
                + " \"primaryMetric\": " + primary + ", \"secondaryMetrics\": {}}";
    }

    static String metric(String unit, String raw) {
        return "{\"score\": 1.0, \"scoreError\": \"NaN\", \"scoreUnit\": \"" + unit + "\", \"rawData\": " + raw + "}";
    }

    private static String message(String json) {
        return assertThrows(AnalysisInputException.class, () -> FactoredAnalysis.analyze(
                JmhJsonReader.read(json.getBytes(StandardCharsets.UTF_8), "r.json"), "r.json",
                AnalysisOptions.DEFAULT)).getMessage();
    }

    @Test
    void readsNonFiniteNumbersAsJmhWritesThem() throws Exception {
        String json = "[" + entry("1", "{\"score\": \"+INF\", \"scoreError\": \"NaN\", \"scoreUnit\": \"us/op\","
                + " \"rawData\": [[1.0, 2.0]]}") + "]";
        JmhMetric m = JmhJsonReader.read(json.getBytes(StandardCharsets.UTF_8), "r.json").get(0).primaryMetric();
        assertEquals(Double.POSITIVE_INFINITY, m.score());
        assertTrue(Double.isNaN(m.scoreError()));
        assertTrue(Arrays.equals(new double[] {1.0, 2.0}, m.rawData()[0]));
    }

    @Test
    void malformedJsonGivesLineAndColumn() {
        String msg = message("[\n  {\"benchmark\": \"a.B.run\",,}\n]");
        assertTrue(msg.startsWith("r.json: malformed JSON at line 2, column"), msg);
    }

    @Test
    void truncatedFileIsCalledTruncated(@TempDir Path dir) throws Exception {
        byte[] real = Files.readAllBytes(RealJmhFilesTest.resource("avgt.json"));
        Path cut = dir.resolve("cut.json");
        Files.write(cut, Arrays.copyOf(real, real.length / 2));
        AnalysisInputException e = assertThrows(AnalysisInputException.class,
                () -> FactoredAnalysis.analyze(cut, AnalysisOptions.DEFAULT));
        assertTrue(e.getMessage().startsWith(cut + ": the JSON ends early at line"), e.getMessage());
        assertTrue(e.getMessage().contains("truncated"), e.getMessage());
    }

    @Test
    void emptyAndMissingFiles(@TempDir Path dir) throws Exception {
        Path empty = dir.resolve("empty.json");
        Files.writeString(empty, "  \n");
        String msg = assertThrows(AnalysisInputException.class, () -> JmhJsonReader.read(empty)).getMessage();
        assertTrue(msg.startsWith(empty + ": the file is empty"), msg);
        Path missing = dir.resolve("nope.json");
        msg = assertThrows(AnalysisInputException.class, () -> JmhJsonReader.read(missing)).getMessage();
        assertTrue(msg.startsWith(missing + ": no such file"), msg);
    }

    @Test
    void notAnArray() {
        assertTrue(message("{\"benchmark\": \"x\"}").startsWith("r.json: expected a JSON array of JMH results"));
    }

    @Test
    void missingPrimaryMetricNamesTheEntry() {
        String msg = message("[" + entry("1", metric("us/op", "[[1]]")) + ", {\"benchmark\": \"a.B.other\", "
                + "\"mode\": \"avgt\", \"params\": {\"cores\": \"2\"}}]");
        assertEquals("r.json: entry 1 (a.B.other): missing primaryMetric (not a JMH result entry?)", msg);
    }

    @Test
    void badCoresValue() {
        for (String bad : List.of("three", "0", "-1", "", "2.5")) {
            String msg = message("[" + entry(bad, metric("us/op", "[[1, 2, 3]]")) + "]");
            assertTrue(msg.startsWith("r.json: entry 0 (a.B.run): cores = \"" + bad + "\" is not a configuration"), msg);
        }
    }

    @Test
    void duplicateConfiguration() {
        String e = entry("2", metric("us/op", "[[1, 2, 3]]"));
        String msg = message("[" + e + ", " + entry("02", metric("us/op", "[[1, 2, 3]]")) + "]");
        assertTrue(msg.startsWith("r.json: entry 1 (a.B.run): cores=02 was already measured"), msg);
        assertTrue(msg.contains("entry 0 (a.B.run)"), msg);
    }

    @Test
    void nanSampleIsRejectedWithItsPosition() {
        String msg = message("[" + entry("1", metric("us/op", "[[1, \"NaN\", 3]]")) + "]");
        assertTrue(msg.startsWith("r.json: entry 0 (a.B.run), cores=1: primaryMetric: sample [0][1] is NaN us/op"),
                msg);
    }

    @Test
    void noRawDataAndWrongTypes() {
        String msg = message("[" + entry("1", "{\"score\": 1, \"scoreUnit\": \"us/op\"}") + "]");
        assertTrue(msg.contains("entry 0 (a.B.run): primaryMetric: has neither rawData nor rawDataHistogram"), msg);
        msg = message("[" + entry("1", metric("us/op", "[[1, \"fast\"]]")) + "]");
        assertTrue(msg.contains("primaryMetric.rawData[0][1]: expected a number, found the string \"fast\""), msg);
        msg = message("[{\"benchmark\": \"a.B.run\", \"mode\": \"hot\"}]");
        assertTrue(msg.contains("unknown mode \"hot\""), msg);
        msg = message("[{\"mode\": \"avgt\"}]");
        assertEquals("r.json: entry 0: no \"benchmark\" name", msg);
    }

    @Test
    void idleWithADifferentShapeIsRejected() {
        String json = "[{\"benchmark\": \"a.B.run\", \"mode\": \"avgt\", \"params\": {\"cores\": \"2\"},"
                + " \"primaryMetric\": " + metric("us/op", "[[1, 2, 3]]") + ","
                + " \"secondaryMetrics\": {\"factored.idle\": " + metric("us/op", "[[1, 2]]") + "}}]";
        String msg = message(json);
        assertTrue(msg.contains("factored.idle has 1 fork(s) of 2 iteration"), msg);
    }

    @Test
    void entriesWithoutCoresAreLeftOutWithAWarning() throws Exception {
        String plain = "{\"benchmark\": \"a.B.plain\", \"mode\": \"avgt\", \"params\": {\"n\": \"1\"},"
                + " \"primaryMetric\": " + metric("us/op", "[[1, 2, 3]]") + "}";
        Analysis a = FactoredAnalysis.analyze(JmhJsonReader.read(("[" + plain + ", "
                + entry("1", metric("us/op", "[[1, 2, 3]]")) + "]").getBytes(StandardCharsets.UTF_8), "r.json"),
                "r.json", AnalysisOptions.DEFAULT);
        assertEquals(1, a.families().size());
        assertEquals(List.of("Entry 0 (a.B.plain) has no `cores` param and was left out of the analysis."),
                a.warnings());
    }

    @Test
    void emptyArrayHasNoCoresParam() {
        String msg = message("[]");
        assertTrue(msg.startsWith("r.json: no benchmark has a `cores` param (the file holds no results)"), msg);
    }
}
