package dev.factored.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.AnalysisJson;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.measurement.Interference;
import dev.factored.contract.CoresValue;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/**
 * A zero that was clamped or is zero by construction reads as such in the report, never as an interval {@code [0, 0]}
 * that looks like a measurement of exactly 0 (issue 43, item 4).
 */
class ZeroViewsTest {

    /** An interval whose two bounds read 0, in any of the report's number formats. */
    private static final Pattern ZERO_WIDTH = Pattern.compile("\\[[-+]?0(\\.0+)?, [-+]?0(\\.0+)?]");

    private static final Path SIXTEEN_CORES =
            Path.of("../factored-analysis/src/test/resources/sixteen-cores/analysis.json.gz");

    /** The machine table: a share none measured, a small one with its interval, the JVM's none measured. */
    @Test
    void theMachineTableSaysNoneMeasuredAndKeepsASmallIntervalWithItsInterval() {
        String html = BusyMachineTest.withMachine(List.of(
                new Interference(CoresValue.parse("baseline"), Estimate.noneMeasured(true, false), 1, false, 1.0,
                        "quiet", List.of(), Estimate.noneMeasured(true, false)),
                new Interference(CoresValue.parse("2"), new Estimate(0.002, 0.001, 0.003), 2, false, 1.01, "quiet",
                        List.of(), new Estimate(0.05, 0.04, 0.06))));
        html = Fixtures.asRead(html);
        int start = html.indexOf("fct-machine");
        String table = html.substring(start, html.indexOf("</table>", start));
        assertTrue(table.contains("<td class=\"fct-num\">0.0% (none measured) \u2020</td>"
                + "<td class=\"fct-num\">0.0% (none measured) \u2020</td>"), table);
        assertTrue(table.contains("0.2% [0.1, 0.3]"), table);
        assertFalse(ZERO_WIDTH.matcher(html).find(), html);
    }

    /** The 16-core run's report: its clamped and one-worker zeros are said so, no interval reads [0, 0]. */
    @Test
    void theSixteenCoreReportHasNoZeroWidthInterval() throws Exception {
        Analysis analysis;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(SIXTEEN_CORES))) {
            analysis = AnalysisJson.read(in.readAllBytes(), "analysis.json");
        }
        String html = Fixtures.asRead(FactoredReport.render(analysis).bodyHtml());
        Matcher zero = ZERO_WIDTH.matcher(html);
        assertFalse(zero.find(), () -> html.substring(Math.max(0, zero.start() - 300), zero.end()));
        assertTrue(html.contains("<td><code>cores=2</code></td><td class=\"fct-num\">2</td>"
                + "<td class=\"fct-num\">0.0% [0.0, 0.041] \u2020</td>"), "MergeSort's P = 2 below the tick");
        assertTrue(html.contains("0.0% (none measured) \u2020"), "the machine's shares read at or below 0");
        assertTrue(html.contains("0x (none measured) \u2020"), "the components' wait behind other processes");
        assertTrue(html.contains("0 ns (by construction) \u2020"), "the idle split's serial and tail at P = 1");
    }
}
