package dev.factored.report.charts;

import dev.factored.text.Numbers;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.axis.TickType;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;

/**
 * Axes whose ticks are exactly the given values: the core counts that were measured on the x axis
 * (never 2.5 cores), powers of two on a logarithmic speedup axis. A label that would overlap its left
 * neighbour is left out (the tick mark stays), so twelve core counts from 1 to 128 still read cleanly.
 */
public final class CoresAxis {

    private CoresAxis() {
    }

    /** Base-2 logarithmic axis when the values span a factor of 8 or more; linear otherwise. */
    public static boolean useLog(double min, double max) {
        return min > 0 && max / min >= 8;
    }

    static ValueAxis linear(String label, List<Double> ticks) {
        return new FixedLinear(label, ticks);
    }

    static ValueAxis log2(String label, List<Double> ticks) {
        return new FixedLog(label, ticks);
    }

    /** Powers of two from at or below {@code low} to at or above {@code high}. */
    static List<Double> powersOfTwo(double low, double high) {
        List<Double> ticks = new ArrayList<>();
        for (double v = Math.pow(2, Math.floor(Math.log(low) / Math.log(2))); v <= high * 1.0001; v *= 2) {
            ticks.add(v);
        }
        return ticks;
    }

    private static List<NumberTick> ticks(ValueAxis axis, List<Double> values, Graphics2D g2,
            Rectangle2D dataArea, RectangleEdge edge) {
        List<NumberTick> result = new ArrayList<>();
        FontMetrics metrics = g2.getFontMetrics(axis.getTickLabelFont());
        boolean horizontal = RectangleEdge.isTopOrBottom(edge);
        double lastEnd = Double.NEGATIVE_INFINITY;
        for (double value : values) {
            if (!axis.getRange().contains(value)) {
                continue;
            }
            String label = Numbers.plain(value);
            double position = axis.valueToJava2D(value, dataArea, edge);
            double extent = horizontal ? metrics.stringWidth(label) : metrics.getHeight();
            // vertical axes grow upwards in value but downwards in Java2D: compare in value order
            double start = horizontal ? position - extent / 2 : -position - extent / 2;
            if (start < lastEnd + 4) {
                label = "";
            } else {
                lastEnd = start + extent;
            }
            TextAnchor anchor = horizontal ? TextAnchor.TOP_CENTER : TextAnchor.CENTER_RIGHT;
            result.add(new NumberTick(TickType.MAJOR, value, label, anchor, TextAnchor.CENTER, 0.0));
        }
        return result;
    }

    private static final class FixedLinear extends NumberAxis {
        private static final long serialVersionUID = 1L;
        private final List<Double> values;

        FixedLinear(String label, List<Double> values) {
            super(label);
            this.values = List.copyOf(values);
            setAutoRange(false);
        }

        @Override
        public List<NumberTick> refreshTicks(Graphics2D g2, AxisState state, Rectangle2D dataArea, RectangleEdge edge) {
            return ticks(this, values, g2, dataArea, edge);
        }
    }

    private static final class FixedLog extends LogAxis {
        private static final long serialVersionUID = 1L;
        private final List<Double> values;

        FixedLog(String label, List<Double> values) {
            super(label);
            this.values = List.copyOf(values);
            setBase(2);
            setMinorTickMarksVisible(false);
            setAutoRange(false);
        }

        @Override
        public List<NumberTick> refreshTicks(Graphics2D g2, AxisState state, Rectangle2D dataArea, RectangleEdge edge) {
            return ticks(this, values, g2, dataArea, edge);
        }
    }
}
