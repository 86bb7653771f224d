package dev.factored.report.charts;

import dev.factored.analysis.diagnosis.words.LossNames;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.Sweep;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.measurement.FamilyId;
import dev.factored.analysis.model.point.Losses;
import dev.factored.analysis.model.point.Point;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Shape;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.chart.util.ShapeUtils;
import org.jfree.data.xy.XYIntervalSeries;
import org.jfree.data.xy.XYIntervalSeriesCollection;

/**
 * A sweep (Roth Fig. 3.8, Acar et al. Figs. 5–6): the actual speedup and the four losses at one P against the
 * param that varies, each with its interval; the best measured value marked.
 */
public final class SweepChart {

    public static final int WIDTH = 760;
    public static final int HEIGHT = 420;

    record Line(String key, String legend, Color colour, Shape marker, Function<Point, Estimate> value) {
    }

    static final List<Line> LINES = List.of(
            new Line("actual", "actual speedup", Palette.ACTUAL, SpeedupChart.ACTUAL_MARKER, p -> p.speedups().actual()),
            new Line("algorithmic", LossNames.ofPart("algorithmic", false), Palette.ALGORITHMIC,
                    ShapeUtils.createDiamond(4.5f), p -> loss(p, Losses::algorithmic)),
            new Line("scheduling", LossNames.ofPart("scheduling", false), Palette.SCHEDULING,
                    new Rectangle2D.Double(-3.5, -3.5, 7, 7), p -> loss(p, Losses::scheduling)),
            new Line("idle", LossNames.ofPart("idle", false), Palette.IDLE, ShapeUtils.createUpTriangle(4.5f),
                    p -> loss(p, Losses::idle)),
            new Line("inflation", LossNames.ofPart("inflation", false), Palette.INFLATION,
                    ShapeUtils.createDownTriangle(4.5f), p -> loss(p, Losses::inflation)));

    private SweepChart() {
    }

    private static Estimate loss(Point p, Function<Losses, Estimate> part) {
        return part.apply(p.losses());
    }

    /** @param families the run's families by their key, to find each step's point */
    public static JFreeChart create(Sweep sweep, Map<FamilyId, FamilyAnalysis> families) {
        XYIntervalSeriesCollection data = new XYIntervalSeriesCollection();
        List<Double> values = new ArrayList<>();
        double low = 0;
        double high = sweep.cores();
        boolean log = sweep.spansDecades();
        for (Line line : LINES) {
            XYIntervalSeries series = new XYIntervalSeries(line.key(), false, true);
            for (Sweep.Step step : sweep.steps()) {
                double x = Sweep.number(step.value(), sweep.param());
                FamilyAnalysis family = families.get(sweep.family(step));
                Point point = family == null ? null : family.point(sweep.cores());
                Estimate e = point == null ? null : line.value().apply(point);
                if (e != null) {
                    series.add(x, x, x, e.value(), e.low(), e.high());
                    low = Math.min(low, e.low());
                    high = Math.max(high, e.high());
                }
            }
            data.addSeries(series);
        }
        for (Sweep.Step step : sweep.steps()) {
            values.add(Sweep.number(step.value(), sweep.param()));
        }
        double first = values.get(0);
        double last = values.get(values.size() - 1);
        ValueAxis x;
        if (log) {
            x = CoresAxis.log2(ReportText.drawn(sweep.param()) + " (log scale)", values);
            x.setRange(first / 1.6, last * 1.6);
        } else {
            x = CoresAxis.linear(ReportText.drawn(sweep.param()), values);
            double pad = Math.max((last - first) * 0.08, Math.abs(first) * 0.05 + 1e-9);
            x.setRange(first - pad, last + pad);
        }
        Charts.style(x);
        NumberAxis y = Charts.numberAxis("speedup and losses at P = " + sweep.cores());
        y.setAutoRangeIncludesZero(true);
        y.setRange(Math.min(0, low * 1.1), high * 1.08);
        Charts.style(y);

        XYErrorRenderer renderer = new XYErrorRenderer();
        renderer.setDrawXError(false);
        renderer.setDrawYError(true);
        renderer.setDefaultLinesVisible(true);
        renderer.setDefaultShapesVisible(true);
        renderer.setCapLength(6);
        for (int i = 0; i < LINES.size(); i++) {
            Line line = LINES.get(i);
            renderer.setSeriesPaint(i, line.colour());
            renderer.setSeriesShape(i, line.marker());
            renderer.setSeriesStroke(i, i == 0 ? Palette.ACTUAL_STROKE : Palette.CURVE_STROKE);
        }
        XYPlot plot = new XYPlot(data, x, y, renderer);
        ValueMarker best = new ValueMarker(Sweep.number(sweep.best(), sweep.param()), Palette.AXIS,
                new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 1f, new float[] {4f, 3f}, 0f));
        best.setLabel("best measured");
        best.setLabelFont(Palette.TICK_FONT);
        best.setLabelPaint(Palette.TEXT);
        best.setLabelAnchor(RectangleAnchor.BOTTOM_LEFT);
        best.setLabelTextAnchor(TextAnchor.BOTTOM_RIGHT);
        plot.addDomainMarker(best);
        plot.addRangeMarker(new ValueMarker(sweep.cores(), Palette.LINEAR, Palette.LINEAR_STROKE));
        Charts.style(plot);
        LegendItemCollection legend = new LegendItemCollection();
        Line2D stroke = new Line2D.Double(-14, 0, 14, 0);
        for (Line line : LINES) {
            legend.add(new LegendItem(line.legend(), null, null, null, true, line.marker(), true, line.colour(), false,
                    line.colour(), Palette.CURVE_STROKE, true, stroke, Palette.CURVE_STROKE, line.colour()));
        }
        legend.add(new LegendItem("P = " + sweep.cores() + " (ideal)", null, null, null, false, stroke, false,
                Palette.LINEAR, false, Palette.LINEAR, Palette.LINEAR_STROKE, true, stroke, Palette.LINEAR_STROKE,
                Palette.LINEAR));
        plot.setFixedLegendItems(legend);
        return Charts.chart("Sweep \u2014 " + ReportText.abbreviate(sweep.title(), 120) + " at P = " + sweep.cores(),
                plot);
    }
}
