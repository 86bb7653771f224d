package dev.factored.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.AnalysisJson;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.gate.Gate;
import dev.factored.gate.GateConfig;
import dev.factored.gate.VerdictOutput;
import dev.factored.report.FactoredReport;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/**
 * One loss, one name, in every view a user reads (issue 43). Without an elision the algorithmic and scheduling overheads
 * are one loss, {@code overhead} in analysis.json; it was "running as tasks on one worker" in the headline and
 * summary.md, "algorithmic + scheduling (no elision)" in the chart's legend and had no column in the report's table.
 * Read here for the 16-core run's plain sum (unmodified fork/join code, threshold 1,000), whose headline cannot tell
 * that loss apart from the time off-CPU.
 */
class OneNamePerLossTest {

    private static final Path ANALYSIS = Path.of("../factored-analysis/src/test/resources/sixteen-cores/analysis.json.gz");
    private static final String FAMILY = "dev.factored.example.PlainSumBenchmark.sum(threshold=1000)";
    private static final String NAME = "one-worker overhead";
    private static final List<String> OTHER_NAMES = List.of("running as tasks on one worker",
            "algorithmic + scheduling", "(no elision)</th>");

    @Test
    void theOneWorkerOverheadHasOneNameInAnalysisJsonReportSummaryAndConsole() throws Exception {
        Analysis all = read();
        FamilyAnalysis family = all.families().stream().filter(f -> f.id().label().equals(FAMILY)).findFirst()
                .orElseThrow();
        Analysis one = new Analysis(all.schema(), all.source(), all.sourceSha256(), all.seed(), all.resamples(),
                all.confidence(), List.of(), List.of(family), List.of(), List.of());
        assertEquals(null, family.times().elisionTime(), "the fixture's family has no elision");

        String json = AnalysisJson.toJson(one);
        assertTrue(json.contains("\"overhead\" : {"), "analysis.json keeps its key");
        String html = FactoredReport.render(one).bodyHtml();
        String summary = VerdictOutput.markdown(Gate.check(one, null, GateConfig.of(List.of())), one);
        String console = String.join("\n", AnalysisStep.familyLines(one));

        for (String[] view : new String[][] {{"analysis.json", json}, {"report", html}, {"summary.md", summary},
                {"console", console}}) {
            assertTrue(view[1].contains(NAME), view[0] + " names the loss " + NAME + ":\n" + view[1]);
            for (String other : OTHER_NAMES) {
                assertFalse(view[1].contains(other), view[0] + " calls it " + other);
            }
        }
        String table = html.substring(html.indexOf("fct-components"));
        assertTrue(table.substring(0, table.indexOf("</thead>")).contains(NAME + "</th>"),
                "the components table has a column for it");
        assertTrue(console.contains("largest loss: " + NAME + " 8.59x [0.754, 16.7] or time off-CPU"), console);
    }

    private static Analysis read() throws Exception {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(ANALYSIS))) {
            return AnalysisJson.read(in.readAllBytes(), "analysis.json");
        }
    }
}
