package dev.factored.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.Bound;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.WorkSpanProfile;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.measurement.Measurement;
import dev.factored.report.charts.SpeedupChart;
import dev.factored.report.html.Html;
import dev.factored.report.html.ProfileTable;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.LegendItem;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.DeviationRenderer;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;

/** The parallelism profile table and the bounds band: read from the analysis, drawn past the measured P. */
class ProfileAndBoundsTest {

    /** A family measured at P = 1, 2 with a span run of parallelism 4.9 and bounds to P = 64. */
    static FamilyAnalysis withProfile(FamilyAnalysis f) {
        List<Bound> bounds = new ArrayList<>();
        for (int p = 1; p <= 64; p++) {
            double upper = Math.min(p, 4.9);
            double lower = 1 / (1.0 / p + (1 - 1.0 / p) * 1.7 / 4.5);
            bounds.add(new Bound(p, Estimate.exact(lower), Estimate.exact(upper)));
        }
        WorkSpanProfile profile = new WorkSpanProfile(new Estimate(0.0098, 0.0097, 0.0099),
                new Estimate(0.002, 0.0019, 0.0021), Estimate.exact(0.00218), new Estimate(4.9, 4.8, 5.0),
                new Estimate(4.5, 4.4, 4.6), Estimate.exact(159), Estimate.exact(0.0098 / 478), Estimate.exact(20e-6),
                bounds);
        return new FamilyAnalysis(f.id(), f.times(), null, f.points(), profile, null, null, null, null, f.explanation(),
                new Measurement(List.of(), f.measurement().environment(), f.measurement().configurations(), List.of()));
    }

    private static FamilyAnalysis twoCores() {
        return Fixtures.family("demo.SpinBenchmark.spin").times(10e-3, 10e-3, 10e-3)
                .point(1, 0.0, 0.0).point(2, 2e-3, 0.0).build();
    }

    @Test
    void theBandGoesPastTheMeasuredPAndSaysItIsNotMeasured() {
        XYPlot plot = SpeedupChart.create(withProfile(twoCores()), 0.95).getXYPlot();
        assertInstanceOf(DeviationRenderer.class, plot.getRenderer(2));
        XYDataset band = plot.getDataset(2);
        int n = band.getItemCount(0);
        assertEquals(16.0, band.getXValue(0, n - 1), "to 2 x parallelism 4.9, rounded up to a power of two");
        assertTrue(plot.getDomainAxis().getRange().contains(16.0), "the axis goes on with the band");
        boolean labelled = false;
        for (int i = 0; i < plot.getFixedLegendItems().getItemCount(); i++) {
            LegendItem item = plot.getFixedLegendItems().get(i);
            labelled |= item.getLabel().contains("bound, not measured");
        }
        assertTrue(labelled);
    }

    @Test
    void withoutBoundsThereIsNoBand() {
        XYPlot plot = SpeedupChart.create(twoCores(), 0.95).getXYPlot();
        assertNull(plot.getDataset(2));
        assertEquals(2.0, plot.getDomainAxis().getUpperBound(), 0.5);
    }

    @Test
    void theProfileTableShowsThePublishedNumbers() {
        Html html = new Html();
        ProfileTable.write(html, withProfile(twoCores()));
        String s = Fixtures.asRead(html.toString());
        assertTrue(s.contains("Parallelism profile"), s);
        assertTrue(s.contains("4.90x"), s);
        assertTrue(s.contains("4.50x"), s);
        assertTrue(s.contains("159"), s);
        assertTrue(s.contains("20.0 µs") || s.contains("20.0 \u00b5s"), s);
        assertTrue(s.contains("bound, not measured"), s);
        Html none = new Html();
        ProfileTable.write(none, twoCores());
        assertTrue(none.toString().contains("Not measured"));
        assertFalse(none.toString().contains("fct-bounds"));
    }
}
