package dev.factored.report.charts;

import dev.factored.analysis.diagnosis.words.LossNames;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.point.Losses;
import dev.factored.analysis.model.point.Point;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.util.List;
import java.util.function.Function;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.renderer.category.LevelRenderer;
import org.jfree.chart.renderer.category.StackedBarRenderer;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * The speedup components chart (METHOD.md §4): at each P one stacked bar, the actual speedup plus the
 * four losses, which add up to P (drawn as a line across the bar). A negative loss — a gain, usually
 * inflation from cache effects — is stacked below zero; JFreeChart's StackedBarRenderer stacks
 * negative values downwards from zero separately from the positive ones (checked in the tests).
 */
public final class ComponentsChart {

    public static final int WIDTH = 760;
    public static final int HEIGHT = 420;

    /** One stacked part, bottom to top. */
    public record Part(String key, String legend, Color colour, Function<Point, Estimate> value) {
    }

    static final List<Part> PARTS = List.of(
            new Part("actual", "actual speedup", Palette.ACTUAL,
                    p -> p.speedups().actual()),
            // The machine's part, measured only by a profiler that reads the interference: next to inflation, which
            // it was taken out of.
            new Part("interference", LossNames.ofPart("interference", false), Palette.MACHINE,
                    p -> loss(p, Losses::interference)),
            // The program's own waiting for a CPU, measured with the machine's part: also taken out of inflation.
            new Part("ownWaiting", LossNames.ofPart("ownWaiting", false), Palette.OWN_WAITING,
                    p -> loss(p, Losses::ownWaiting)),
            new Part("inflation", LossNames.ofPart("inflation", false), Palette.INFLATION,
                    p -> loss(p, Losses::inflation)),
            new Part("idle", LossNames.ofPart("idle", false), Palette.IDLE, p -> loss(p, Losses::idle)),
            new Part("scheduling", LossNames.ofPart("scheduling", false), Palette.SCHEDULING,
                    p -> loss(p, Losses::scheduling)),
            new Part("algorithmic", LossNames.ofPart("algorithmic", false), Palette.ALGORITHMIC,
                    p -> loss(p, Losses::algorithmic)),
            // Only where there is no elision to split it (unmodified code): the two losses above, together.
            new Part("overhead", LossNames.ofPart("overhead", false), Palette.OVERHEAD,
                    p -> loss(p, Losses::overhead)));

    /**
     * The parts every family has; {@code overhead} stands in for two of them when there is no elision, and
     * {@code interference} and {@code ownWaiting} are there only when the profiler measured them.
     */
    public static final List<Part> SPLIT_PARTS = PARTS.stream().filter(p -> !p.key().equals("overhead")
            && !p.key().equals("interference") && !p.key().equals("ownWaiting")).toList();

    /** The parts drawn for a family: the own waiting only where some point measured it. */
    static List<Part> drawnParts(FamilyAnalysis family) {
        boolean own = family.points().stream().anyMatch(p -> p.losses().ownWaiting() != null);
        return PARTS.stream().filter(p -> own || !p.key().equals("ownWaiting")).toList();
    }

    /** What the bar shows for a part at a point: algorithmic and scheduling are in {@code overhead} when it is there. */
    public static Estimate drawn(Part part, Point point) {
        Estimate overhead = point.losses().overhead();
        boolean inOverhead = part.key().equals("algorithmic") || part.key().equals("scheduling");
        return inOverhead && overhead != null ? overhead : part.value().apply(point);
    }

    public static final String IDEAL = "ideal = P";

    /** The part of the stack a loss is drawn as, by its analysis.json name. */
    public static Part part(String key) {
        return PARTS.stream().filter(p -> p.key().equals(key)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("not a part of the components: " + key));
    }

    /** A part's name in the family's words: idle time estimated from CPU time has its own ({@link LossNames}). */
    public static String name(Part part, boolean estimated) {
        return part.key().equals("actual") ? part.legend() : LossNames.ofPart(part.key(), estimated);
    }

    private ComponentsChart() {
    }

    private static Estimate loss(Point point, Function<Losses, Estimate> part) {
        return part.apply(point.losses());
    }

    /** The chart of a family with at least one point. */
    public static JFreeChart create(FamilyAnalysis family) {
        DefaultCategoryDataset parts = new DefaultCategoryDataset();
        DefaultCategoryDataset ideal = new DefaultCategoryDataset();
        double top = 0;
        double bottom = 0;
        java.util.Set<Integer> invalidColumns = new java.util.HashSet<>(); // column index = index of the point
        for (int index = 0; index < family.points().size(); index++) {
            Point point = family.points().get(index);
            String column = column(point);
            if (!point.valid()) {
                invalidColumns.add(index);
            }
            double positive = 0;
            double negative = 0;
            for (Part part : drawnParts(family)) {
                Estimate e = part.value().apply(point);
                Double v = e == null || !Double.isFinite(e.value()) ? null : e.value();
                parts.addValue(v, part.key(), column); // null: left out of the bar
                if (v != null && v > 0) {
                    positive += v;
                } else if (v != null) {
                    negative += v;
                }
            }
            ideal.addValue(point.cores(), IDEAL, column);
            top = Math.max(top, Math.max(positive, point.cores()));
            bottom = Math.min(bottom, negative);
        }

        CategoryAxis xAxis = new CategoryAxis("cores P");
        xAxis.setCategoryMargin(0.35);
        xAxis.setLowerMargin(0.03);
        xAxis.setUpperMargin(0.03);
        Charts.style(xAxis);
        NumberAxis yAxis = Charts.numberAxis("speedup; the parts add up to P");
        double span = top - bottom;
        yAxis.setRange(bottom < 0 ? bottom - span * 0.05 : 0, top + span * 0.08);
        Charts.style(yAxis);

        StackedBarRenderer bars = Charts.stackedBars(invalidColumns,
                drawnParts(family).stream().map(Part::colour).toList());

        LevelRenderer level = new LevelRenderer();
        level.setSeriesPaint(0, Palette.LINEAR);
        level.setSeriesStroke(0, new BasicStroke(2.5f));
        level.setMaximumItemWidth(0.14 * 1.25);
        level.setItemMargin(0);

        CategoryPlot plot = new CategoryPlot(parts, xAxis, yAxis, bars);
        plot.setDataset(1, ideal);
        plot.setRenderer(1, level);
        plot.setDatasetRenderingOrder(DatasetRenderingOrder.FORWARD); // the P line over the bars
        ValueMarker zero = new ValueMarker(0, Palette.AXIS, new BasicStroke(1f));
        plot.addRangeMarker(zero);
        Charts.style(plot);
        boolean combined = family.points().stream().anyMatch(p -> p.losses().overhead() != null);
        boolean machine = family.points().stream().anyMatch(p -> p.losses().interference() != null);
        boolean own = family.points().stream().anyMatch(p -> p.losses().ownWaiting() != null);
        plot.setFixedLegendItems(legend(combined, machine, own,
                FamilyAnalysis.IDLE_ESTIMATED.equals(family.idleSource())));

        return Charts.chart("Speedup components \u2014 " + ReportText.abbreviate(ReportText.title(family), 120), plot);
    }

    /** The category of a point: P, marked when the point is not valid or was measured on a busy machine. */
    static String column(Point point) {
        return point.cores() + (point.valid() ? "" : " (not valid)") + (point.disturbance().disturbed()
                ? " (busy machine)" : "");
    }

    private static LegendItemCollection legend(boolean combined, boolean machine, boolean own, boolean estimated) {
        LegendItemCollection items = new LegendItemCollection();
        Line2D line = new Line2D.Double(-12, 0, 12, 0);
        items.add(new LegendItem(IDEAL, null, null, null, false, line, false, Palette.LINEAR, false, Palette.LINEAR,
                new BasicStroke(2.5f), true, line, new BasicStroke(2.5f), Palette.LINEAR));
        Rectangle2D swatch = new Rectangle2D.Double(-7, -7, 14, 14);
        List<Part> shown = PARTS.stream().filter(p -> SPLIT_PARTS.contains(p)
                || combined && p.key().equals("overhead") || machine && p.key().equals("interference")
                || own && p.key().equals("ownWaiting")).toList();
        for (int i = shown.size() - 1; i >= 0; i--) { // legend top to bottom, like the stack
            Part part = shown.get(i);
            items.add(new LegendItem(name(part, estimated), null, null, null, swatch, part.colour()));
        }
        return items;
    }
}
