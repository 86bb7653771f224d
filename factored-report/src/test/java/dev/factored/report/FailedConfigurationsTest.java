package dev.factored.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.measurement.FailedConfiguration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The report names every configuration that failed in the run, and why, before what was measured. */
class FailedConfigurationsTest {

    @Test
    void theFailedConfigurationsAreListedWithTheirReasonsEscaped() {
        Analysis measured = Fixtures.analysis();
        Analysis withFailed = new Analysis(measured.schema(), measured.source(), measured.sourceSha256(),
                measured.seed(), measured.resamples(), measured.confidence(), measured.warnings(), measured.families(),
                measured.sweeps(), List.of(new FailedConfiguration("org.example.Sweep.sweep",
                        Map.of("cores", "bandwidth-16"), "thrpt", "java.lang.OutOfMemoryError: Java heap space <b>")));
        String html = FactoredReport.render(withFailed).bodyHtml();
        assertTrue(html.contains("1 configuration failed in the run, so not measured; the report covers the others"),
                html);
        assertTrue(html.contains("<li>org.example.Sweep.sweep cores=bandwidth-16: java.lang.OutOfMemoryError: Java heap"
                + " space &lt;b&gt;</li>"), html);
        assertTrue(html.indexOf("id=\"fct-failed\"") < html.indexOf("id=\"fct-summary\""), "before the summary");
        assertFalse(FactoredReport.render(measured).bodyHtml().contains("fct-failed"), "nothing failed: no list");
    }
}
