package dev.factored.report.svg;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.AnalysisJson;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.report.charts.ComponentsChart;
import dev.factored.report.charts.FactorsChart;
import dev.factored.report.charts.SpeedupChart;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.Axis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;

/**
 * A chart's vertical axis label is drawn along its plot, centred: one longer than the plot runs into the title above
 * and the axis below. With a two-line title and a legend of five rows, the speedup chart's plot was 250 px high and
 * its label 340 px long. Every chart of every family of the 16-core run, as drawn.
 */
class AxisLabelsFitTest {

    private static final Path SIXTEEN_CORES =
            Path.of("../factored-analysis/src/test/resources/sixteen-cores/analysis.json.gz");

    @Test
    void everyVerticalAxisLabelFitsAlongItsPlot() throws Exception {
        List<FamilyAnalysis> families = new ArrayList<>();
        try (InputStream in = new GZIPInputStream(Files.newInputStream(SIXTEEN_CORES))) {
            Analysis analysis = AnalysisJson.read(in.readAllBytes(), "analysis.json");
            families.addAll(analysis.families());
        }
        List<String> overflowing = new ArrayList<>();
        int charts = 0;
        for (FamilyAnalysis family : families) {
            charts += check(SpeedupChart.create(family, 0.95), SpeedupChart.WIDTH, SpeedupChart.HEIGHT, family,
                    overflowing);
            charts += check(ComponentsChart.create(family), ComponentsChart.WIDTH, ComponentsChart.HEIGHT, family,
                    overflowing);
            if (FactorsChart.any(family)) {
                charts += check(FactorsChart.create(family), FactorsChart.WIDTH, FactorsChart.HEIGHT, family,
                        overflowing);
            }
        }
        assertTrue(charts >= 28, "charts drawn: " + charts);
        assertTrue(overflowing.isEmpty(), overflowing.size() + " labels longer than their plots: " + overflowing);
    }

    private static int check(JFreeChart chart, int width, int height, FamilyAnalysis family, List<String> overflowing) {
        ChartRenderingInfo info = new ChartRenderingInfo();
        Svg.render(chart, width, height, info);
        Axis axis = chart.getPlot() instanceof XYPlot xy ? xy.getRangeAxis() : ((CategoryPlot) chart.getPlot()).getRangeAxis();
        double plot = info.getPlotInfo().getDataArea().getHeight();
        double label = new SvgGraphics(width, height).getFontMetrics(axis.getLabelFont()).stringWidth(axis.getLabel());
        if (label > plot) {
            overflowing.add(String.format(Locale.ROOT, "%s of %s: '%s' %.0f px along a %.0f px plot",
                    chart.getTitle().getText().split(" \u2014 ")[0], family.id().label(), axis.getLabel(), label, plot));
        }
        return 1;
    }
}
