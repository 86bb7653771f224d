package dev.factored.run;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.AnalysisOptions;
import dev.factored.analysis.FactoredAnalysis;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.AnalysisJson;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.gate.Gate;
import dev.factored.gate.GateConfig;
import dev.factored.gate.VerdictOutput;
import dev.factored.gate.rules.Rule;
import dev.factored.report.FactoredReport;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The program's own waiting has one name in every view a user reads (issue 43.2): "own threads' waiting", analysis.json's
 * {@code losses.ownWaiting}, the gate's {@code own-waiting-loss}; never "other processes". Read from real JMH forks of
 * the profiler's {@code CrowdedBenchmark} on a quiet 2-CPU VM: at the crowded P one more busy thread of the program
 * beside the P workers (own threads' waiting 0.382x at P = 1 and 0.653x at P = 2, other processes 0.011x and 0.021x).
 */
class OwnWaitingNameTest {

    private static final String NAME = "own threads' waiting";

    @Test
    void theOwnWaitingHasOneNameInAnalysisJsonReportSummaryConsoleAndGate(@TempDir Path dir) throws Exception {
        Path jmh = dir.resolve("jmh-result.json");
        try (InputStream in = new GZIPInputStream(OwnWaitingNameTest.class.getResourceAsStream(
                "/own-waiting/jmh-result.json.gz"))) {
            Files.write(jmh, in.readAllBytes());
        }
        Analysis all = FactoredAnalysis.analyze(jmh, AnalysisOptions.DEFAULT);
        FamilyAnalysis two = all.families().stream().filter(f -> f.id().label().contains("crowdedAt=2")).findFirst()
                .orElseThrow(() -> new AssertionError(all.families().toString()));
        Analysis one = new Analysis(all.schema(), all.source(), all.sourceSha256(), all.seed(), all.resamples(),
                all.confidence(), List.of(), List.of(two), List.of(), List.of());

        String json = AnalysisJson.toJson(one);
        assertTrue(json.contains("\"ownWaiting\" : {"), "analysis.json's key");
        String html = FactoredReport.render(one).bodyHtml();
        var verdict = Gate.check(one, null, GateConfig.of(List.of(
                Rule.of("Crowded", null, "2", "own-waiting-loss", null, "0.1", "value"))));
        String summary = VerdictOutput.markdown(verdict, one);
        String console = String.join("\n", AnalysisStep.familyLines(one));
        String escaped = NAME.replace("'", "&#39;");
        for (String[] view : new String[][] {{"report", html}, {"summary.md", summary}, {"console", console}}) {
            assertTrue(view[1].contains(NAME) || view[1].contains(escaped), view[0] + " names it:\n" + view[1]);
        }
        String table = html.substring(html.indexOf("fct-components"));
        String head = table.substring(0, table.indexOf("</thead>"));
        assertTrue(head.contains(NAME + "</th>") || head.contains(escaped + "</th>"), "its column: " + head);
        assertTrue(console.contains("largest loss: " + NAME), console);
        assertTrue(verdict.rules().get(0).measured() != null && verdict.rules().get(0).measured().value() > 0.3,
                "the gate reads it: " + verdict.rules());
        assertFalse(two.point(2).losses().interference().value() > two.point(2).losses().ownWaiting().value(),
                "on a quiet machine most of the wait is the program's own");
    }
}
