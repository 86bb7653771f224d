package dev.factored.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.ScalingModels;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.measurement.Measurement;
import dev.factored.report.charts.SpeedupChart;
import dev.factored.report.html.Html;
import dev.factored.report.html.ScalingTable;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;

/** The fitted models: dotted curves to where the chart ends, labelled as an extrapolation, and their table. */
class ScalingModelsViewTest {

    /** USL with σ = 5 %, κ = 0.002 over T_s/T_1 = 1, projected to P = 64. */
    static ScalingModels fitted() {
        List<ScalingModels.Projection> projection = new ArrayList<>();
        for (int p = 1; p <= 64; p++) {
            double usl = p / (1 + 0.05 * (p - 1) + 0.002 * p * (p - 1));
            double amdahl = p / (1 + 0.07 * (p - 1));
            projection.add(new ScalingModels.Projection(p, Estimate.exact(amdahl), Estimate.exact(usl)));
        }
        return new ScalingModels(List.of(1, 2, 4), null, new Estimate(0.07, 0.06, 0.08),
                new Estimate(0.05, 0.04, 0.06), new Estimate(0.002, 0.0012, 0.0031), new Estimate(21.8, 17.5, 28.1),
                List.of(new ScalingModels.KarpFlatt(2, new Estimate(0.054, 0.05, 0.058)),
                        new ScalingModels.KarpFlatt(4, new Estimate(0.058, 0.055, 0.061))), projection);
    }

    static FamilyAnalysis with(FamilyAnalysis f, ScalingModels models) {
        return new FamilyAnalysis(f.id(), f.times(), f.idleSource(), f.points(), f.profile(), models, null,
                f.bandwidth(), f.timeline(), f.explanation(),
                new Measurement(f.measurement().interference(), f.measurement().environment(),
                f.measurement().configurations(), List.of()));
    }

    private static FamilyAnalysis fourCores() {
        return Fixtures.family("demo.SpinBenchmark.spin").times(10e-3, 10e-3, 10e-3)
                .point(1, 0.0, 0.0).point(2, 1e-3, 0.0).point(4, 3e-3, 0.0).build();
    }

    @Test
    void theFitsAreDrawnBeyondTheMeasuredPAndLabelledAsExtrapolation() {
        XYPlot plot = SpeedupChart.create(with(fourCores(), fitted()), 0.95).getXYPlot();
        XYDataset fits = plot.getDataset(3);
        assertEquals(2, fits.getSeriesCount());
        assertEquals("USL fit", fits.getSeriesKey(0));
        int n = fits.getItemCount(0);
        assertEquals(16.0, fits.getXValue(0, n - 1), "to 4 x the largest measured P");
        assertEquals(16 / (1 + 0.05 * 15 + 0.002 * 16 * 15), fits.getYValue(0, n - 1), 1e-12, "the published value");
        assertTrue(plot.getDomainAxis().getRange().contains(16.0));
        boolean labelled = false;
        for (int i = 0; i < plot.getFixedLegendItems().getItemCount(); i++) {
            labelled |= plot.getFixedLegendItems().get(i).getLabel()
                    .equals("USL fit to P = 1\u20134 (extrapolation beyond)");
        }
        assertTrue(labelled);
    }

    @Test
    void withoutAFitThereAreNoCurvesAndTheTableSaysWhy() {
        ScalingModels none = ScalingModels.notFitted(List.of(1, 2), "fitted only to 3 or more valid P, and this "
                + "family has 2 (P = 1, 2)");
        XYPlot plot = SpeedupChart.create(with(fourCores(), none), 0.95).getXYPlot();
        assertNull(plot.getDataset(3));
        Html html = new Html();
        ScalingTable.write(html, none);
        assertTrue(html.toString().contains("Not fitted: fitted only to 3 or more valid P"), html.toString());
    }

    @Test
    void theTableShowsThePublishedFits() {
        Html html = new Html();
        ScalingTable.write(html, fitted());
        String s = html.toString();
        assertTrue(s.contains("0.002 [0.0012, 0.0031]"), s);
        assertTrue(s.contains("22 [18, 28]"), s);
        assertTrue(s.contains("e(4)</td><td class=\"fct-num\">5.8% [5.5, 6.1]"), s);
    }
}
