package dev.factored.report.charts;

import dev.factored.analysis.diagnosis.words.ProjectionWords;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.SpeedupProjection.ProjectedSpeedup;
import dev.factored.analysis.model.SpeedupProjection;
import dev.factored.analysis.model.point.Point;
import java.awt.Color;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.LegendItem;
import org.jfree.chart.renderer.xy.DeviationRenderer;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

/**
 * The projected speedup band (method.md, "Projection to more cores") on the factored speedup chart: from the actual
 * speedup at the largest valid P measured, between the lower and upper ends the analysis published, past the
 * measured P. Its legend says "projection, not measured".
 */
final class ProjectionBand {

    /** Okabe-Ito yellow, the one colour of the palette no quantity has: a region, not a curve. */
    static final Color COLOUR = new Color(0xF0, 0xE4, 0x42);

    private ProjectionBand() {
    }

    /** How far the band should reach: up to 4 times the largest measured P (a power of two); 0 without one. */
    static double extent(SpeedupProjection projection, double maxMeasuredP) {
        if (projection == null || projection.speedups().isEmpty()) {
            return 0;
        }
        double extent = 1;
        while (extent < 4 * maxMeasuredP) {
            extent *= 2;
        }
        return Math.min(extent, projection.speedups().get(projection.speedups().size() - 1).cores());
    }

    /** The band up to {@code extent}, empty without a projection. */
    static List<ProjectedSpeedup> shown(SpeedupProjection projection, double extent) {
        if (projection == null) {
            return List.of();
        }
        return projection.speedups().stream().filter(s -> s.cores() <= extent).toList();
    }

    /** The band, starting at the actual speedup it was projected from (where lower and upper meet). */
    static YIntervalSeriesCollection dataset(FamilyAnalysis family, List<ProjectedSpeedup> shown, boolean log) {
        YIntervalSeries band = new YIntervalSeries("projection", false, true);
        List<Integer> measured = family.projection().measuredCores();
        Point from = family.point(measured.get(measured.size() - 1));
        if (from != null && from.speedups().actual() != null && (!log || from.speedups().actual().value() > 0)) {
            double actual = from.speedups().actual().value();
            band.add(from.cores(), actual, actual, actual);
        }
        for (ProjectedSpeedup s : shown) {
            double lower = s.lower().value();
            double upper = s.upper().value();
            if (!log || lower > 0) {
                band.add(s.cores(), (lower + upper) / 2, lower, upper);
            }
        }
        YIntervalSeriesCollection dataset = new YIntervalSeriesCollection();
        dataset.addSeries(band);
        return dataset;
    }

    /** The values drawn, for the speedup axis's range. */
    static List<Double> values(List<ProjectedSpeedup> shown) {
        List<Double> values = new ArrayList<>();
        for (ProjectedSpeedup s : shown) {
            values.add(s.lower().value());
            values.add(s.upper().value());
        }
        return values;
    }

    static DeviationRenderer renderer() {
        DeviationRenderer renderer = new DeviationRenderer(false, false);
        renderer.setSeriesPaint(0, new Color(0, 0, 0, 0)); // the middle line is not a quantity: not drawn
        renderer.setSeriesFillPaint(0, COLOUR);
        renderer.setAlpha(0.45f);
        return renderer;
    }

    /**
     * The legend entries: what it was projected from and that it is not a measurement, then (unmarked, on a line of its
     * own so that neither is cut at the chart's edge) what decided each edge at the last P drawn.
     */
    static List<LegendItem> legendItems(SpeedupProjection projection, List<ProjectedSpeedup> shown) {
        Line2D none = new Line2D.Double(0, 0, 0, 0);
        List<LegendItem> items = new ArrayList<>();
        items.add(new LegendItem("projected speedup from " + ProjectionWords.from(projection)
                + ", lower to upper edge (projection, not measured)", null, null, null, true,
                new Rectangle2D.Double(-14, -6, 28, 12), true, Palette.faded(COLOUR), false, COLOUR,
                Palette.GRID_STROKE, false, none, Palette.GRID_STROKE, COLOUR));
        if (!shown.isEmpty()) {
            ProjectedSpeedup last = shown.get(shown.size() - 1);
            items.add(new LegendItem("  at " + last.cores() + ", " + ProjectionWords.decidedBy(last), null, null,
                    null, false, none, false, COLOUR, false, COLOUR, Palette.GRID_STROKE, false, none,
                    Palette.GRID_STROKE, COLOUR));
        }
        return items;
    }
}
