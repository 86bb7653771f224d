package dev.factored.report.charts;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.point.Point;
import dev.factored.analysis.model.point.Speedups;
import dev.factored.text.Numbers;
import java.awt.Color;
import java.awt.Shape;
import java.awt.Stroke;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.plot.SeriesRenderingOrder;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.DeviationRenderer;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.util.ShapeUtils;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

/**
 * The factored speedup chart (METHOD.md §3): the six curves over the measured core counts. Each gap
 * between neighbouring curves is one cause of lost speedup, coloured like that loss everywhere.
 * A value that was not measured is absent from its curve (a gap), never drawn as zero.
 */
public final class SpeedupChart {

    public static final int WIDTH = 760;
    public static final int HEIGHT = 520;

    /** One curve: its legend text, colour, marker and where its value comes from. */
    public record Curve(String key, String legend, Color colour, Shape marker, Stroke stroke,
            Function<Speedups, Estimate> value) {
    }

    public static final List<Curve> LINES = List.of(
            new Curve("linear", "linear (ideal)", Palette.LINEAR, ShapeUtils.createDiamond(2.5f),
                    Palette.LINEAR_STROKE, Speedups::linear),
            new Curve("elision", "elision \u2014 lost to the algorithm", Palette.ALGORITHMIC,
                    ShapeUtils.createDiamond(4.5f), Palette.CURVE_STROKE, Speedups::elision),
            new Curve("maximal", "maximal \u2014 + scheduling overhead", Palette.SCHEDULING,
                    new Rectangle2D.Double(-3.5, -3.5, 7, 7), Palette.CURVE_STROKE, Speedups::maximal),
            new Curve("idle-specific", "idle-specific \u2014 + idle time", Palette.IDLE,
                    ShapeUtils.createUpTriangle(4.5f), Palette.CURVE_STROKE, Speedups::idleSpecific),
            new Curve("inflation-specific", "inflation-specific \u2014 + work inflation", Palette.INFLATION,
                    ShapeUtils.createDownTriangle(4.5f), Palette.CURVE_STROKE, Speedups::inflationSpecific));

    static final Shape ACTUAL_MARKER = new Ellipse2D.Double(-4.5, -4.5, 9, 9);

    private SpeedupChart() {
    }

    /** The chart of a family with at least one point. */
    public static JFreeChart create(FamilyAnalysis family, double confidence) {
        List<Point> points = family.points();
        double minP = points.get(0).cores();
        double measuredMaxP = points.get(points.size() - 1).cores();
        List<dev.factored.analysis.model.Bound> bounds = BoundsBand.shown(family, measuredMaxP);
        // the band and the fitted models go on past the measured P: the axis with them
        double maxP = Math.max(measuredMaxP, Math.max(BoundsBand.extent(bounds), Math.max(
                ModelCurves.extent(family.scalingModels(), measuredMaxP),
                ProjectionBand.extent(family.projection(), measuredMaxP))));
        List<dev.factored.analysis.model.ScalingModels.Projection> fits = ModelCurves.shown(family.scalingModels(), maxP);
        List<dev.factored.analysis.model.SpeedupProjection.ProjectedSpeedup> projected =
                ProjectionBand.shown(family.projection(), maxP);
        boolean log = CoresAxis.useLog(minP, maxP);
        Range y = new Range();

        boolean single = points.size() == 1;
        XYSeriesCollection lines = new XYSeriesCollection();
        List<Boolean> measured = new ArrayList<>();
        for (int i = 0; i < LINES.size(); i++) {
            Curve curve = LINES.get(i);
            XYSeries series = new XYSeries(curve.key(), false, true);
            boolean any = false;
            for (Point point : points) {
                Estimate e = curve.value().apply(point.speedups());
                boolean drawable = e != null && Double.isFinite(e.value()) && (!log || e.value() > 0);
                series.add(x(point, i, single), drawable ? (Number) e.value() : null); // null: a gap in the line
                if (drawable) {
                    y.include(e.value());
                    any = true;
                }
            }
            lines.addSeries(series);
            measured.add(any);
        }

        // the actual curve: its line with the others (drawn last, on top), its band in a dataset of its own
        XYSeries actualLine = new XYSeries("actual", false, true);
        YIntervalSeriesCollection actual = new YIntervalSeriesCollection();
        YIntervalSeries actualSeries = new YIntervalSeries("actual", false, true);
        boolean anyActual = false;
        for (Point point : points) {
            Estimate e = point.speedups().actual();
            boolean drawable = e != null && Double.isFinite(e.value()) && (!log || e.value() > 0);
            actualLine.add(x(point, LINES.size(), single), drawable ? (Number) e.value() : null);
            if (drawable && Double.isFinite(e.low()) && Double.isFinite(e.high()) && (!log || e.low() > 0)) {
                actualSeries.add(x(point, LINES.size(), single), e.value(), e.low(), e.high());
                y.include(e.low());
                y.include(e.high());
            }
            if (drawable) {
                y.include(e.value());
                anyActual = true;
            }
        }
        lines.addSeries(actualLine);
        measured.add(anyActual);
        actual.addSeries(actualSeries);
        y.include(minP); // the linear curve, even when nothing else was measured
        y.include(measuredMaxP);
        for (dev.factored.analysis.model.Bound b : bounds) {
            y.include(b.lower().value());
            y.include(b.upper().value());
        }
        ModelCurves.values(fits).forEach(y::include);
        ProjectionBand.values(projected).forEach(y::include);

        List<Double> cores = new ArrayList<>();
        for (Point point : points) {
            cores.add((double) point.cores());
        }
        cores.addAll(BoundsBand.ticksBeyond(measuredMaxP, maxP));
        ValueAxis xAxis;
        ValueAxis yAxis;
        if (log) {
            xAxis = CoresAxis.log2("cores P (log\u2082 scale)", cores);
            xAxis.setRange(minP / 1.25, maxP * 1.25);
            double low = y.min / 1.3;
            double high = y.max * 1.3;
            yAxis = CoresAxis.log2("speedup over T_s (log\u2082 scale)",
                    CoresAxis.powersOfTwo(low, high));
            yAxis.setRange(low, high);
        } else {
            xAxis = CoresAxis.linear("cores P", cores);
            double pad = Math.max(0.5, (maxP - minP) * 0.05);
            xAxis.setRange(minP - pad, maxP + pad);
            yAxis = Charts.numberAxis("speedup over T_s");
            yAxis.setRange(0, Math.max(y.max, 1) * 1.1);
        }
        Charts.style(xAxis);
        Charts.style(yAxis);

        boolean[] valid = new boolean[points.size()];
        boolean anyInvalid = false;
        for (int i = 0; i < valid.length; i++) {
            // hollow: a point that carries no conclusion, invalid or measured on a busy machine
            valid[i] = points.get(i).valid() && !points.get(i).disturbance().disturbed();
            anyInvalid |= !valid[i];
        }
        XYLineAndShapeRenderer lineRenderer = new XYLineAndShapeRenderer(true, true) {
            @Override
            public boolean getItemShapeFilled(int series, int item) {
                return valid[item]; // hollow: a point that carries no conclusion (see the warnings)
            }
        };
        lineRenderer.setUseOutlinePaint(false);
        for (int i = 0; i < LINES.size(); i++) {
            Curve curve = LINES.get(i);
            lineRenderer.setSeriesPaint(i, curve.colour());
            lineRenderer.setSeriesStroke(i, curve.stroke());
            lineRenderer.setSeriesShape(i, curve.marker());
        }
        lineRenderer.setSeriesPaint(LINES.size(), Palette.ACTUAL);
        lineRenderer.setSeriesStroke(LINES.size(), Palette.ACTUAL_STROKE);
        lineRenderer.setSeriesShape(LINES.size(), ACTUAL_MARKER);
        lineRenderer.setDrawSeriesLineAsPath(false); // segment by segment, so a null leaves a gap

        XYPlot plot = new XYPlot(lines, xAxis, yAxis, lineRenderer);
        plot.setDataset(1, actual);
        plot.setRenderer(1, actualRenderer(actualSeries.getItemCount()));
        if (!bounds.isEmpty()) {
            plot.setDataset(2, BoundsBand.dataset(bounds, log)); // drawn first: under the measured curves
            plot.setRenderer(2, BoundsBand.renderer());
        }
        if (!fits.isEmpty()) {
            plot.setDataset(3, ModelCurves.dataset(fits, log));
            plot.setRenderer(3, ModelCurves.renderer());
        }
        if (!projected.isEmpty()) {
            plot.setDataset(4, ProjectionBand.dataset(family, projected, log)); // under the curves, like the bounds
            plot.setRenderer(4, ProjectionBand.renderer());
        }
        plot.setDatasetRenderingOrder(DatasetRenderingOrder.REVERSE); // the band (dataset 1) under the lines
        plot.setSeriesRenderingOrder(SeriesRenderingOrder.FORWARD); // the actual line (last) on top
        TopologyMarkers.add(plot, points);
        Charts.style(plot);
        LegendItemCollection legend = legend(confidence, measured, anyInvalid);
        if (!bounds.isEmpty()) {
            legend.add(BoundsBand.legendItem());
        }
        if (!fits.isEmpty()) {
            ModelCurves.legendItems(family.scalingModels()).forEach(legend::add);
        }
        if (!projected.isEmpty()) {
            ProjectionBand.legendItems(family.projection(), projected).forEach(legend::add);
        }
        plot.setFixedLegendItems(legend);

        return Charts.chart("Factored speedup \u2014 " + ReportText.abbreviate(ReportText.title(family), 120), plot);
    }

    /**
     * The x position of curve {@code index} at a point. With a single P every curve is a lone marker, so
     * they are spread a little sideways (a dot plot) instead of hiding each other; the tick stays at P.
     */
    private static double x(Point point, int index, boolean single) {
        return single ? point.cores() + (index - LINES.size() / 2.0) * 0.05 : point.cores();
    }

    /** A band for two or more points; error bars for a single point, where a band has no width. */
    private static org.jfree.chart.renderer.xy.XYItemRenderer actualRenderer(int items) {
        if (items >= 2) {
            DeviationRenderer band = new DeviationRenderer(false, false); // the line is in dataset 0
            band.setSeriesPaint(0, Palette.ACTUAL);
            band.setSeriesFillPaint(0, Palette.ACTUAL);
            band.setAlpha(0.22f);
            band.setSeriesStroke(0, Palette.ACTUAL_STROKE);
            band.setSeriesShape(0, ACTUAL_MARKER);
            return band;
        }
        XYErrorRenderer bars = new XYErrorRenderer();
        bars.setDrawXError(false);
        bars.setDrawYError(true);
        bars.setErrorPaint(Palette.ACTUAL);
        bars.setErrorStroke(Palette.CURVE_STROKE);
        bars.setCapLength(12);
        bars.setDefaultLinesVisible(false);
        bars.setDefaultShapesVisible(false); // the marker is in dataset 0
        return bars;
    }

    public static final String INVALID_LEGEND = "hollow: not a valid point, or measured on a busy machine (see the warnings)";

    private static LegendItemCollection legend(double confidence, List<Boolean> measured, boolean anyInvalid) {
        LegendItemCollection items = new LegendItemCollection();
        Line2D line = new Line2D.Double(-14, 0, 14, 0);
        for (int i = 0; i < LINES.size(); i++) {
            Curve curve = LINES.get(i);
            String label = measured.get(i) ? curve.legend() : curve.key() + " — not measured";
            items.add(new LegendItem(label, null, null, null, true, curve.marker(), true, curve.colour(),
                    false, curve.colour(), curve.stroke(), true, line, curve.stroke(), curve.colour()));
        }
        String actual = measured.get(LINES.size()) ? "actual (" + Numbers.plain(confidence * 100) + "% CI)"
                : "actual — not measured";
        LegendItem band = new LegendItem(actual, null, null, null, true, new Rectangle2D.Double(-14, -6, 28, 12),
                true, Palette.ACTUAL_BAND, false, Palette.ACTUAL, Palette.CURVE_STROKE, true, line,
                Palette.ACTUAL_STROKE, Palette.ACTUAL);
        items.add(band);
        if (anyInvalid) {
            items.add(new LegendItem(INVALID_LEGEND, null, null, null, true, ACTUAL_MARKER, false, Palette.LINEAR,
                    true, Palette.LINEAR, Palette.CURVE_STROKE, false, line, Palette.CURVE_STROKE, Palette.LINEAR));
        }
        return items;
    }

    /** The extent of what is drawn on the speedup axis. */
    private static final class Range {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;

        void include(double v) {
            if (Double.isFinite(v) && v > 0) {
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
        }
    }
}
