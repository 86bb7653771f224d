package dev.factored.report.charts;

import dev.factored.analysis.model.point.Point;
import dev.factored.analysis.model.point.TopologyStarts;
import java.awt.BasicStroke;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;

/**
 * Marks on the speedup chart's cores axis where the points stop measuring P cores of one node: the first P whose
 * workers share physical cores (SMT siblings) and the first P that spans a second NUMA node or socket, from the
 * points' {@code cpuLabels}. Nothing is marked where the labels are missing.
 */
public final class TopologyMarkers {

    private static final BasicStroke DASHED = new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 1f,
            new float[] {2f, 3f}, 0f);

    private TopologyMarkers() {
    }

    /** The marks for these points: where SMT starts and where a second node or socket starts, each at most once. */
    public static List<ValueMarker> of(List<Point> points) {
        List<ValueMarker> marks = new ArrayList<>();
        TopologyStarts starts = TopologyStarts.of(points);
        Point smt = starts.smt();
        Point nodes = starts.secondNode();
        if (nodes != null) {
            marks.add(mark(nodes.cores(), "2nd node from P = " + nodes.cores(), RectangleAnchor.TOP_LEFT,
                    TextAnchor.TOP_RIGHT));
        }
        if (smt != null) {
            marks.add(mark(smt.cores(), "SMT from P = " + smt.cores(), RectangleAnchor.BOTTOM_LEFT,
                    TextAnchor.BOTTOM_RIGHT));
        }
        return marks;
    }

    static void add(XYPlot plot, List<Point> points) {
        for (ValueMarker m : of(points)) {
            plot.addDomainMarker(m);
        }
    }

    private static ValueMarker mark(int p, String label, RectangleAnchor anchor, TextAnchor text) {
        ValueMarker m = new ValueMarker(p, Palette.AXIS, DASHED);
        m.setLabel(label);
        m.setLabelFont(Palette.TICK_FONT);
        m.setLabelPaint(Palette.TEXT);
        m.setLabelAnchor(anchor);
        m.setLabelTextAnchor(text);
        return m;
    }
}
