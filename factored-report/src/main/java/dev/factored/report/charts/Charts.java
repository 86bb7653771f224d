package dev.factored.report.charts;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Paint;
import java.awt.RenderingHints;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.Axis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.block.BlockBorder;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.StackedBarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.HorizontalAlignment;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;

/** The shared look of both charts: white, light grid, DejaVu fonts, legend below the plot. */
final class Charts {

    private Charts() {
    }

    /**
     * The stacked bars of the components and factors charts: one colour per series, a thin white seam between
     * parts, and the columns of points that carry no conclusion drawn pale.
     */
    static StackedBarRenderer stackedBars(Set<Integer> paleColumns,
            List<Color> colours) {
        StackedBarRenderer bars =
                new StackedBarRenderer() {
                    private static final long serialVersionUID = 1L;

                    @Override
                    public Paint getItemPaint(int row, int column) {
                        Color colour = (Color) super.getItemPaint(row, column);
                        return paleColumns.contains(column) ? Palette.faded(colour) : colour;
                    }
                };
        bars.setBarPainter(new StandardBarPainter());
        bars.setShadowVisible(false);
        bars.setDrawBarOutline(true);
        bars.setDefaultOutlinePaint(Palette.BACKGROUND);
        bars.setDefaultOutlineStroke(new BasicStroke(0.75f));
        bars.setMaximumBarWidth(0.14);
        for (int i = 0; i < colours.size(); i++) {
            bars.setSeriesPaint(i, colours.get(i));
        }
        return bars;
    }

    static NumberAxis numberAxis(String label) {
        NumberAxis axis = new NumberAxis(label);
        axis.setNumberFormatOverride(new DecimalFormat("0.##", DecimalFormatSymbols.getInstance(Locale.ROOT)));
        axis.setAutoRangeIncludesZero(true);
        return axis;
    }

    static void style(Axis axis) {
        axis.setLabelFont(Palette.LABEL_FONT);
        axis.setLabelPaint(Palette.TEXT);
        axis.setTickLabelFont(Palette.TICK_FONT);
        axis.setTickLabelPaint(Palette.TEXT);
        axis.setAxisLinePaint(Palette.AXIS);
        axis.setTickMarkPaint(Palette.AXIS);
        axis.setLabelInsets(new RectangleInsets(6, 6, 6, 6));
    }

    static void style(Plot plot) {
        plot.setBackgroundPaint(Palette.BACKGROUND);
        plot.setOutlineVisible(false);
        plot.setInsets(new RectangleInsets(8, 4, 4, 16));
        if (plot instanceof XYPlot xy) {
            xy.setDomainGridlinePaint(Palette.GRID);
            xy.setRangeGridlinePaint(Palette.GRID);
            xy.setDomainGridlineStroke(Palette.GRID_STROKE);
            xy.setRangeGridlineStroke(Palette.GRID_STROKE);
            xy.setAxisOffset(RectangleInsets.ZERO_INSETS);
        } else if (plot instanceof CategoryPlot category) {
            category.setRangeGridlinePaint(Palette.GRID);
            category.setRangeGridlineStroke(Palette.GRID_STROKE);
            category.setDomainGridlinesVisible(false);
            category.setAxisOffset(RectangleInsets.ZERO_INSETS);
        }
    }

    /**
     * @param title plain text that may carry untrusted names and params: drawn as pixels (PNG) or as
     *              SVG text, so it is made one safe line first ({@link ReportText#drawn}); the SVG
     *              surface then escapes it for XML. Sanitising before drawing keeps the measured width
     *              that of the text actually shown.
     */
    static JFreeChart chart(String title, Plot plot) {
        JFreeChart chart = new JFreeChart(null, Palette.TITLE_FONT, plot, true);
        chart.setBackgroundPaint(Palette.BACKGROUND);
        chart.setBorderVisible(false);
        chart.setPadding(new RectangleInsets(6, 8, 6, 8));
        TextTitle text = new TextTitle(ReportText.drawn(title), Palette.TITLE_FONT);
        text.setPaint(Palette.TEXT);
        text.setHorizontalAlignment(HorizontalAlignment.LEFT);
        text.setTextAlignment(HorizontalAlignment.LEFT); // a wrapped second line starts at the left too
        text.setMaximumLinesToDisplay(2);
        text.setPadding(new RectangleInsets(2, 4, 8, 4));
        chart.setTitle(text);
        LegendTitle legend = chart.getLegend();
        legend.setItemFont(Palette.LEGEND_FONT);
        legend.setItemPaint(Palette.TEXT);
        legend.setFrame(BlockBorder.NONE);
        legend.setBackgroundPaint(Palette.BACKGROUND);
        legend.setPosition(RectangleEdge.BOTTOM);
        legend.setItemLabelPadding(new RectangleInsets(2, 4, 2, 14));
        legend.setMargin(new RectangleInsets(8, 0, 0, 0));
        chart.getRenderingHints().put(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        chart.getRenderingHints().put(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        return chart;
    }
}
