package dev.factored.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.measurement.Interference;
import dev.factored.analysis.model.measurement.Measurement;
import dev.factored.analysis.model.point.Disturbance;
import dev.factored.analysis.model.point.Losses;
import dev.factored.analysis.model.point.Point;
import dev.factored.analysis.model.point.PointConditions;
import dev.factored.analysis.model.point.PointTimes;
import dev.factored.contract.CoresValue;
import dev.factored.report.charts.ComponentsChart;
import dev.factored.report.charts.SpeedupChart;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.junit.jupiter.api.Test;

/** A point measured while other processes took its CPUs is marked in every view, and the machine's part is drawn. */
class BusyMachineTest {

    private static final String BECAUSE = "other processes took 25.0% of the 2 CPUs of P = 2 <b>";

    /** P = 1, 2, 4; at P = 2 other processes took a quarter of the CPUs and the workers waited 0.5 ms behind them. */
    static FamilyAnalysis busyAtTwo() {
        FamilyAnalysis f = Fixtures.family("dev.example.Bench.run").point(1, 0.0, 0.0).point(2, 0.2e-3, 0.6e-3)
                .point(4, 0.6e-3, 0.3e-3).build();
        List<Point> points = atTwo(f, p -> {
            double t = p.times().time().value();
            double waited = 0.5e-3;
            Losses l = p.losses();
            Losses split = new Losses(l.algorithmic(), l.scheduling(), l.idle(),
                    Fixtures.est(l.inflation().value() - waited / t), null, Fixtures.est(waited / t));
            return new Point(2, true, List.of(), new Disturbance(true, List.of(BECAUSE)),
                    new PointTimes(p.times().time(), p.times().idleTime(), Fixtures.est(waited), p.times()
                    .workInflation()), p.speedups(),
                    split, p.shares(), p.factors(), null, new PointConditions(false, Boolean.TRUE, null, null, null));
        });
        List<Interference> machine = List.of(
                new Interference(CoresValue.parse("baseline"), new Estimate(0.001, 0, 0.004), 1, false, 1.004, "quiet"),
                new Interference(CoresValue.parse("2"), new Estimate(0.25, 0.2, 0.3), 2, true, 2.5, BECAUSE));
        return new FamilyAnalysis(f.id(), f.times(), null, points, null, null, null, null, null, f.explanation(),
                new Measurement(machine, f.measurement().environment(), f.measurement().configurations(), List.of()));
    }

    /** The family's points with P = 2 made anew by {@code two}. */
    static List<Point> atTwo(FamilyAnalysis f, java.util.function.UnaryOperator<Point> two) {
        List<Point> points = new ArrayList<>();
        for (Point p : f.points()) {
            points.add(p.cores() == 2 ? two.apply(p) : p);
        }
        return points;
    }

    @Test
    void aDisturbedPointIsHollowAndExplainedInTheSpeedupChart() {
        JFreeChart chart = SpeedupChart.create(busyAtTwo(), 0.95);
        XYLineAndShapeRenderer renderer = (XYLineAndShapeRenderer) chart.getXYPlot().getRenderer(0);
        assertTrue(renderer.getItemShapeFilled(0, 0));
        assertFalse(renderer.getItemShapeFilled(0, 1), "P = 2 rests on a busy machine: hollow");
        LegendItemCollection legend = chart.getXYPlot().getFixedLegendItems();
        boolean explained = false;
        for (int i = 0; i < legend.getItemCount(); i++) {
            explained |= SpeedupChart.INVALID_LEGEND.equals(legend.get(i).getLabel());
        }
        assertTrue(explained);
    }

    @Test
    void theComponentsChartDrawsTheMachinesPartAndNamesTheBusyColumn() {
        var plot = ComponentsChart.create(busyAtTwo()).getCategoryPlot();
        assertEquals(List.of("1", "2 (busy machine)", "4"), plot.getDataset(0).getColumnKeys());
        assertTrue(plot.getDataset(0).getValue("interference", "2 (busy machine)").doubleValue() > 0);
        boolean legend = false;
        for (int i = 0; i < plot.getFixedLegendItems().getItemCount(); i++) {
            legend |= plot.getFixedLegendItems().get(i).getLabel().equals("waiting behind other processes");
        }
        assertTrue(legend, "the legend names the machine's part when it was measured");
        var quiet = ComponentsChart.create(Fixtures.family("dev.example.Bench.run").scaling(1, 2).build())
                .getCategoryPlot();
        for (int i = 0; i < quiet.getFixedLegendItems().getItemCount(); i++) {
            assertFalse(quiet.getFixedLegendItems().get(i).getLabel().equals("waiting behind other processes"));
        }
    }

    @Test
    void theReportSaysOnceHowBusyTheMachineWasAndMarksThePoint() {
        FamilyAnalysis family = busyAtTwo();
        Analysis analysis = new Analysis(Analysis.SCHEMA, "jmh-result.json", null, 42, 2000, 0.95,
                List.of("The machine was busy: other processes took more than 5.0% of the CPUs of 1 of 2 configurations"),
                List.of(family));
        String html = FactoredReport.render(analysis).bodyHtml();
        assertTrue(html.indexOf("The machine was busy") < html.indexOf("dev.example.Bench.run\u003c")
                || html.indexOf("The machine was busy") < html.indexOf("Factored speedup chart"), "at the top");
        assertTrue(html.contains("busy machine</span>"), "the points table marks P = 2");
        assertTrue(html.contains("&lt;b&gt;") && !html.contains(BECAUSE), "untrusted text is escaped");
        assertTrue(html.contains("<table class=\"fct-table fct-machine\">"), "the machine table");
        assertTrue(html.contains("other processes</th>"), "the components table has the machine's column");
        assertFalse(html.contains("taken by the JVM's own threads"), "no column for what the profiler did not measure");
    }

    /** The JVM's own threads' share of the CPUs, when measured, is a column of its own beside other processes'. */
    @Test
    void theMachineTableShowsTheJvmsOwnShareWhenMeasured() {
        String html = withMachine(List.of(
                new Interference(CoresValue.parse("baseline"), new Estimate(0.001, 0, 0.004), 1, true, 1.3, "jvm", List.of(),
                        new Estimate(0.2, 0.18, 0.22)),
                new Interference(CoresValue.parse("2"), new Estimate(0.25, 0.2, 0.3), 2, true, 2.5, BECAUSE, List.of(),
                        new Estimate(0, 0, 0))));
        assertTrue(html.contains("<th>taken by the JVM's own threads</th>"), "the JVM's column");
        assertTrue(html.contains("20.0%"), html);
    }

    /** The report's body for {@link #busyAtTwo} with {@code machine} as its machine section's readings. */
    static String withMachine(List<Interference> machine) {
        FamilyAnalysis busy = busyAtTwo();
        FamilyAnalysis family = new FamilyAnalysis(busy.id(), busy.times(), null, busy.points(), null, null, null, null,
                null, busy.explanation(),
                new Measurement(machine, busy.measurement().environment(), busy.measurement().configurations(),
                        List.of()));
        return FactoredReport.render(new Analysis(Analysis.SCHEMA, "jmh-result.json", null, 42, 2000, 0.95,
                List.of(), List.of(family))).bodyHtml();
    }
}
