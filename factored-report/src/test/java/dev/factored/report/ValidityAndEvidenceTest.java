package dev.factored.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.ReferenceTimes;
import dev.factored.analysis.model.finding.Explanation;
import dev.factored.analysis.model.finding.Finding;
import dev.factored.analysis.model.finding.Severity;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.measurement.Measurement;
import dev.factored.report.charts.ComponentsChart;
import dev.factored.report.charts.SpeedupChart;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.junit.jupiter.api.Test;

/** Invalid points look different and stay out of the headline; tentative findings and one-fork intervals say so. */
class ValidityAndEvidenceTest {

    /** P = 1, 2, 4 on 4 CPUs and P = 8 on 4 CPUs: the last point is oversubscribed, so not valid. */
    private static FamilyAnalysis withInvalidPoint() {
        return Fixtures.family("dev.example.Bench.run").point(1, 0.0, 0.0).point(2, 0.2e-3, 0.1e-3)
                .point(4, 0.6e-3, 0.3e-3).point(8, 1.5e-3, 0.5e-3, 4).build();
    }

    @Test
    void invalidPointsAreHollowInTheSpeedupChart() {
        FamilyAnalysis family = withInvalidPoint();
        JFreeChart chart = SpeedupChart.create(family, 0.95);
        XYLineAndShapeRenderer renderer = (XYLineAndShapeRenderer) chart.getXYPlot().getRenderer(0);
        for (int series = 0; series < SpeedupChart.LINES.size() + 1; series++) {
            assertTrue(renderer.getItemShapeFilled(series, 2), "P = 4 is valid: filled");
            assertFalse(renderer.getItemShapeFilled(series, 3), "P = 8 is not valid: hollow");
        }
        LegendItemCollection legend = chart.getXYPlot().getFixedLegendItems();
        boolean explained = false;
        for (int i = 0; i < legend.getItemCount(); i++) {
            explained |= SpeedupChart.INVALID_LEGEND.equals(legend.get(i).getLabel());
        }
        assertTrue(explained, "the legend explains the hollow markers");
        JFreeChart allValid = SpeedupChart.create(SampleReports.twelvePoints(), 0.95);
        for (int i = 0; i < allValid.getXYPlot().getFixedLegendItems().getItemCount(); i++) {
            assertFalse(SpeedupChart.INVALID_LEGEND.equals(allValid.getXYPlot().getFixedLegendItems().get(i).getLabel()));
        }
    }

    @Test
    void invalidPointsArePaleAndNamedInTheComponentsChart() {
        JFreeChart chart = ComponentsChart.create(withInvalidPoint());
        var plot = chart.getCategoryPlot();
        assertEquals(List.of("1", "2", "4", "8 (not valid)"), plot.getDataset(0).getColumnKeys());
        java.awt.Color valid = (java.awt.Color) plot.getRenderer(0).getItemPaint(0, 2);
        java.awt.Color invalid = (java.awt.Color) plot.getRenderer(0).getItemPaint(0, 3);
        assertEquals(255, valid.getAlpha());
        assertTrue(invalid.getAlpha() < 128, "pale");
    }

    @Test
    void theSummaryHeadlineUsesTheLargestValidPoint() {
        String html = Fixtures.asRead(FactoredReport.render(Fixtures.analysis(withInvalidPoint())).bodyHtml());
        assertTrue(html.contains("<td class=\"fct-num\">4 <span class=\"fct-tag\">P = 8 not valid</span></td>"), html);
        assertTrue(html.contains("title=\"oversubscribed: 8 workers shared 4 CPUs\">not valid</span>"), html);
        String svg = new String(FactoredReport.render(Fixtures.analysis(withInvalidPoint())).files().values()
                .iterator().next(), StandardCharsets.UTF_8);
        assertTrue(svg.contains("<svg"), "an SVG chart was rendered");
    }

    @Test
    void tentativeFindingsAndOneForkIntervalsAreMarked() {
        FamilyAnalysis f = withInvalidPoint();
        Estimate oneFork = new Estimate(12e-3, 11e-3, 13e-3, true);
        Finding tentative = new Finding("scheduling-overhead", null, Severity.MODERATE, true,
                Map.of("oneCoreTime", oneFork), "Elision may be 1.09x faster than 1 core, which suggests tasks are "
                + "too small (tentative: measured in a single JVM fork).");
        ReferenceTimes t = f.times();
        FamilyAnalysis marked = new FamilyAnalysis(f.id(),
                new ReferenceTimes(t.baselineTime(), t.elisionTime(), oneFork, t.schedulingOverhead(),
                t.algorithmicOverhead()),
                null, f.points(), null, null, null, null, null,
                new Explanation(List.of(tentative), null, f.explanation().warnings()),
                new Measurement(List.of(), f.measurement().environment(), f.measurement().configurations(), List.of()));
        String html = Fixtures.asRead(FactoredReport.render(Fixtures.analysis(marked)).bodyHtml());
        assertTrue(html.contains("<p class=\"fct-finding fct-moderate\"><span class=\"fct-tag\">moderate</span> "
                + "<span class=\"fct-tag fct-tentative\">tentative</span> Elision may be"), html);
        assertTrue(html.contains("12.0 ms [11.0, 13.0] \u2020</td>"), html);
        assertTrue(html.contains("<span class=\"fct-tag\">tentative</span>"), "the summary row tags it too");
    }
}
