package dev.factored.report.charts;

import dev.factored.analysis.model.Bound;
import dev.factored.analysis.model.FamilyAnalysis;
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
 * Cilkview's bounds (METHOD.md §5) as a band on the factored speedup chart, between the lower and the
 * upper bound's values as the analysis published them. It is a projection from the span run, so it goes on
 * past the measured P, and its legend says "bound, not measured".
 */
final class BoundsBand {

    static final String LEGEND = "Cilkview bounds, lower to upper (bound, not measured)";
    /** Okabe-Ito sky blue, pale: a region, not a curve. */
    static final Color COLOUR = new Color(0x56, 0xB4, 0xE9);

    private BoundsBand() {
    }

    /**
     * The bounds to draw: up to 4 times the largest measured P, or twice the parallelism (where the upper
     * bound has long turned flat), whichever is further, and no further than the analysis projected.
     */
    static List<Bound> shown(FamilyAnalysis family, double maxMeasuredP) {
        if (family.profile().bounds().isEmpty()) {
            return List.of();
        }
        double parallelism = family.profile().parallelism() == null ? 0 : family.profile().parallelism().value();
        double wanted = Math.max(4 * maxMeasuredP, 2 * parallelism);
        double extent = 1;
        while (extent < wanted) {
            extent *= 2; // a power of two: the axis ends on a tick
        }
        List<Bound> shown = new ArrayList<>();
        for (Bound b : family.profile().bounds()) {
            if (b.cores() <= extent) {
                shown.add(b);
            }
        }
        return shown;
    }

    /** The largest P drawn, or 0 when there is no band. */
    static double extent(List<Bound> shown) {
        return shown.isEmpty() ? 0 : shown.get(shown.size() - 1).cores();
    }

    static YIntervalSeriesCollection dataset(List<Bound> shown, boolean log) {
        YIntervalSeries band = new YIntervalSeries("bounds", false, true);
        for (Bound b : shown) {
            double lower = b.lower().value();
            double upper = b.upper().value();
            if (!log || lower > 0) {
                band.add(b.cores(), (lower + upper) / 2, lower, upper);
            }
        }
        YIntervalSeriesCollection dataset = new YIntervalSeriesCollection();
        dataset.addSeries(band);
        return dataset;
    }

    static DeviationRenderer renderer() {
        DeviationRenderer renderer = new DeviationRenderer(false, false);
        renderer.setSeriesPaint(0, new Color(0, 0, 0, 0)); // the middle line is not a quantity: not drawn
        renderer.setSeriesFillPaint(0, COLOUR);
        renderer.setAlpha(0.25f);
        return renderer;
    }

    static LegendItem legendItem() {
        Line2D none = new Line2D.Double(0, 0, 0, 0);
        return new LegendItem(LEGEND, null, null, null, true, new Rectangle2D.Double(-14, -6, 28, 12), true,
                Palette.faded(COLOUR), false, COLOUR, Palette.GRID_STROKE, false, none, Palette.GRID_STROKE, COLOUR);
    }

    /** Ticks for the projected range: powers of two beyond the largest measured P. */
    static List<Double> ticksBeyond(double maxMeasuredP, double extent) {
        List<Double> ticks = new ArrayList<>();
        for (double p = 1; p <= extent; p *= 2) {
            if (p > maxMeasuredP) {
                ticks.add(p);
            }
        }
        return ticks;
    }
}
