package dev.factored.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.point.Disturbance;
import dev.factored.analysis.model.point.Losses;
import dev.factored.analysis.model.point.Point;
import dev.factored.analysis.model.point.PointConditions;
import dev.factored.analysis.model.point.PointTimes;
import dev.factored.report.charts.ComponentsChart;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The program's own waiting (issue 43.2) is its own part in every view, under the one name the analysis' words give it:
 * the components table's column, the components chart's bar and legend, the chart's explanation.
 */
class OwnWaitingViewTest {

    private static final String NAME = "own threads' waiting";

    /** {@link BusyMachineTest#busyAtTwo()}, with 0.3 ms of the workers' wait at P = 2 their own. */
    static FamilyAnalysis ownWaitingAtTwo() {
        FamilyAnalysis f = BusyMachineTest.busyAtTwo();
        List<Point> points = BusyMachineTest.atTwo(f, p -> {
            double t = p.times().time().value();
            double own = 0.3e-3;
            Losses l = p.losses();
            Losses split = new Losses(l.algorithmic(), l.scheduling(), l.idle(),
                    Fixtures.est(l.inflation().value() - own / t), null, l.interference(), Fixtures.est(own / t));
            return new Point(2, true, List.of(), Disturbance.NONE,
                    new PointTimes(p.times().time(), p.times().idleTime(), p.times().descheduledTime(),
                            p.times().workInflation(), Fixtures.est(own)), p.speedups(), split, p.shares(), p.factors(),
                    null, new PointConditions(false, Boolean.TRUE, null, null, null));
        });
        return new FamilyAnalysis(f.id(), f.times(), null, points, null, null, null, null, null, f.explanation(),
                f.measurement());
    }

    @Test
    void theOwnWaitingIsAColumnABarAndALegendEntryOfItsOwn() {
        var plot = ComponentsChart.create(ownWaitingAtTwo()).getCategoryPlot();
        assertTrue(plot.getDataset(0).getValue("ownWaiting", "2").doubleValue() > 0);
        boolean legend = false;
        for (int i = 0; i < plot.getFixedLegendItems().getItemCount(); i++) {
            legend |= plot.getFixedLegendItems().get(i).getLabel().equals(NAME);
        }
        assertTrue(legend, "the legend names the own waiting");
        String html = FactoredReport.render(new Analysis(Analysis.SCHEMA, "jmh-result.json", null, 42, 2000, 0.95,
                List.of(), List.of(ownWaitingAtTwo()))).bodyHtml();
        assertTrue(html.contains(NAME.replace("'", "&#39;") + "</th>") || html.contains(NAME + "</th>"),
                "the components table's column");
        assertTrue(html.contains("never other processes&#39;") || html.contains("never other processes'"),
                "the table says it is the program's");
    }

    @Test
    void withoutTheMeasurementThereIsNoSuchPart() {
        var plot = ComponentsChart.create(BusyMachineTest.busyAtTwo()).getCategoryPlot();
        assertFalse(plot.getDataset(0).getRowKeys().contains("ownWaiting"), "an old file draws as before");
        String html = FactoredReport.render(new Analysis(Analysis.SCHEMA, "jmh-result.json", null, 42, 2000, 0.95,
                List.of(), List.of(BusyMachineTest.busyAtTwo()))).bodyHtml();
        assertFalse(html.contains("threads&#39; waiting") || html.contains("threads' waiting"));
    }
}
