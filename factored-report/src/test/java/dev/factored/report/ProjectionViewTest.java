package dev.factored.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.SpeedupProjection.ProjectedSpeedup;
import dev.factored.analysis.model.SpeedupProjection;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.measurement.Measurement;
import dev.factored.report.charts.SpeedupChart;
import dev.factored.report.html.Html;
import dev.factored.report.html.ProjectionTable;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.DeviationRenderer;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;

/** The projected speedup: a band from the largest measured P onwards, labelled as a projection, and its table. */
class ProjectionViewTest {

    /** A band from P = 1, 2 to P = 64: Amdahl's f = 0.2 below, P/1.2 above. */
    static SpeedupProjection projection() {
        List<ProjectedSpeedup> speedups = new ArrayList<>();
        for (int p = 3; p <= 64; p++) {
            double lower = p / (1 + 0.2 * (p - 1));
            speedups.add(new ProjectedSpeedup(p, new Estimate(lower, 0.9 * lower, 1.1 * lower),
                    new Estimate(p / 1.2, p / 1.3, p / 1.1), SpeedupProjection.MODEL, SpeedupProjection.MODEL));
        }
        return new SpeedupProjection(List.of(1, 2), List.of(SpeedupProjection.TIMES, SpeedupProjection.IDLE),
                speedups, List.of(SpeedupProjection.UNSPLIT_IDLE));
    }

    static FamilyAnalysis with(FamilyAnalysis f, SpeedupProjection projection) {
        return new FamilyAnalysis(f.id(), f.times(), f.idleSource(), f.points(), f.profile(), f.scalingModels(),
                projection, f.bandwidth(), f.timeline(), f.explanation(),
                new Measurement(f.measurement().interference(), f.measurement().environment(),
                f.measurement().configurations(), List.of()));
    }

    private static FamilyAnalysis twoCores() {
        return Fixtures.family("demo.SpinBenchmark.spin").times(10e-3, 10e-3, 10e-3)
                .point(1, 0.0, 0.0).point(2, 2e-3, 0.0).build();
    }

    @Test
    void theBandStartsAtTheMeasuredSpeedupAndSaysItIsAProjection() {
        FamilyAnalysis family = with(twoCores(), projection());
        XYPlot plot = SpeedupChart.create(family, 0.95).getXYPlot();
        assertInstanceOf(DeviationRenderer.class, plot.getRenderer(4));
        XYDataset band = plot.getDataset(4);
        int n = band.getItemCount(0);
        assertEquals(2.0, band.getXValue(0, 0), "from the largest measured P");
        assertEquals(family.point(2).speedups().actual().value(), band.getYValue(0, 0), 1e-12);
        assertEquals(8.0, band.getXValue(0, n - 1), "to 4 x the largest measured P");
        assertTrue(plot.getDomainAxis().getRange().contains(8.0), "the axis goes on with the band");
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < plot.getFixedLegendItems().getItemCount(); i++) {
            labels.add(plot.getFixedLegendItems().get(i).getLabel());
        }
        int at = labels.indexOf("projected speedup from P = 1\u20132, lower to upper edge (projection, not measured)");
        assertTrue(at >= 0, labels.toString());
        assertEquals("  at 8, both edges: the measured work and idle carried on", labels.get(at + 1),
                "what decided each edge where the band ends, said once when one thing decided both");
    }

    @Test
    void withoutAProjectionThereIsNoBandAndTheTableSaysWhy() {
        XYPlot plot = SpeedupChart.create(twoCores(), 0.95).getXYPlot();
        assertNull(plot.getDataset(4));
        Html html = new Html();
        ProjectionTable.write(html, null);
        assertTrue(html.toString().contains("Not projected"), html.toString());
    }

    @Test
    void theTableListsPowersOfTwoAndTheLastP() {
        Html html = new Html();
        ProjectionTable.write(html, projection());
        String s = html.toString();
        assertTrue(s.contains("A projection, not a measurement"), s);
        assertTrue(s.contains("P = 1, 2, from the times (work and its inflation), the idle time."), s);
        assertTrue(s.contains("<td class=\"fct-num\">16</td><td class=\"fct-num\">4.00x [3.60, 4.40]</td><td>the "
                + "measured work and idle carried on</td>"), s);
        assertTrue(s.contains("Left wide: the idle time has no split"), s);
        assertTrue(s.contains("<td class=\"fct-num\">64</td>"), s);
        assertTrue(!s.contains("<td class=\"fct-num\">3</td>"), "not every P: " + s);
    }
}
