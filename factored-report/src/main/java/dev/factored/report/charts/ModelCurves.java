package dev.factored.report.charts;

import dev.factored.analysis.model.ScalingModels;
import dev.factored.analysis.model.measurement.Estimate;
import java.awt.Color;
import java.awt.geom.Line2D;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.jfree.chart.LegendItem;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The fitted scaling models (USL and Amdahl) as dotted curves on the factored speedup chart, from the values the
 * analysis projected: an extrapolation beyond the largest fitted P, and the legend says so.
 */
final class ModelCurves {

    private ModelCurves() {
    }

    /** One model's curve: its legend name, colour and value at a projected P. */
    private record Model(String name, Color colour, Function<ScalingModels.Projection, Estimate> value) {
    }

    private static final List<Model> MODELS = List.of(
            new Model("USL fit", Palette.USL, ScalingModels.Projection::usl),
            new Model("Amdahl fit", Palette.AMDAHL, ScalingModels.Projection::amdahl));

    /** The projected values to draw: up to {@code extent}, nothing when the models were not fitted. */
    static List<ScalingModels.Projection> shown(ScalingModels models, double extent) {
        if (models == null || !models.fitted()) {
            return List.of();
        }
        return models.projection().stream().filter(p -> p.cores() <= extent).toList();
    }

    /**
     * How far the curves should reach without the bounds band: up to 4 times the largest measured P (a power of
     * two, where the axis ends on a tick), no further than the analysis projected. 0 without a fit.
     */
    static double extent(ScalingModels models, double maxMeasuredP) {
        if (models == null || !models.fitted() || models.projection().isEmpty()) {
            return 0;
        }
        double extent = 1;
        while (extent < 4 * maxMeasuredP) {
            extent *= 2;
        }
        return Math.min(extent, models.projection().get(models.projection().size() - 1).cores());
    }

    static XYSeriesCollection dataset(List<ScalingModels.Projection> shown, boolean log) {
        XYSeriesCollection dataset = new XYSeriesCollection();
        for (Model model : MODELS) {
            XYSeries series = new XYSeries(model.name(), false, true);
            for (ScalingModels.Projection p : shown) {
                Estimate e = model.value().apply(p);
                series.add(p.cores(), e == null || (log && !(e.value() > 0)) ? null : (Number) e.value());
            }
            dataset.addSeries(series);
        }
        return dataset;
    }

    /** The values drawn, for the speedup axis's range. */
    static List<Double> values(List<ScalingModels.Projection> shown) {
        List<Double> values = new ArrayList<>();
        for (ScalingModels.Projection p : shown) {
            for (Model model : MODELS) {
                Estimate e = model.value().apply(p);
                if (e != null) {
                    values.add(e.value());
                }
            }
        }
        return values;
    }

    static XYLineAndShapeRenderer renderer() {
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
        for (int i = 0; i < MODELS.size(); i++) {
            renderer.setSeriesPaint(i, MODELS.get(i).colour());
            renderer.setSeriesStroke(i, Palette.MODEL_STROKE);
        }
        renderer.setDrawSeriesLineAsPath(false);
        return renderer;
    }

    /** The legend entries: which fit, over which P, and that beyond them it is an extrapolation. */
    static List<LegendItem> legendItems(ScalingModels models) {
        List<Integer> fitted = models.fittedTo();
        String to = fitted.size() == 1 ? "P = " + fitted.get(0) : "P = " + fitted.get(0) + "\u2013"
                + fitted.get(fitted.size() - 1);
        Line2D line = new Line2D.Double(-14, 0, 14, 0);
        List<LegendItem> items = new ArrayList<>();
        for (Model model : MODELS) {
            items.add(new LegendItem(model.name() + " to " + to + " (extrapolation beyond)", null, null, null, false,
                    line, false, model.colour(), false, model.colour(), Palette.MODEL_STROKE, true, line,
                    Palette.MODEL_STROKE, model.colour()));
        }
        return items;
    }
}
