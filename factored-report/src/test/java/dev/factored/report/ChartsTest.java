package dev.factored.report;

import dev.factored.report.charts.ComponentsChart;
import dev.factored.report.charts.SpeedupChart;
import dev.factored.report.svg.Png;
import dev.factored.report.svg.Svg;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.FamilyAnalysis;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.entity.CategoryItemEntity;
import org.jfree.chart.entity.ChartEntity;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.DeviationRenderer;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.category.CategoryDataset;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

class ChartsTest {

    @Test
    void twelveCoreCountsGetLogAxesAndEveryCurve() {
        XYPlot plot = SpeedupChart.create(SampleReports.twelvePoints(), 0.95).getXYPlot();
        assertInstanceOf(LogAxis.class, plot.getDomainAxis());
        assertInstanceOf(LogAxis.class, plot.getRangeAxis());
        XYDataset lines = plot.getDataset(0);
        assertEquals(6, lines.getSeriesCount()); // five curves and the actual line
        for (int s = 0; s < 6; s++) {
            assertEquals(12, lines.getItemCount(s));
        }
        assertEquals(128.0, lines.getXValue(0, 11));
        assertEquals(128.0, lines.getYValue(0, 11), 1e-9); // linear = P
        assertInstanceOf(DeviationRenderer.class, plot.getRenderer(1)); // the actual's confidence band
        assertEquals(12, plot.getDataset(1).getItemCount(0));
    }

    @Test
    void aSinglePointGetsALinearAxisAndErrorBars() {
        XYPlot plot = SpeedupChart.create(SampleReports.onePoint(), 0.95).getXYPlot();
        assertTrue(!(plot.getDomainAxis() instanceof LogAxis));
        assertInstanceOf(XYErrorRenderer.class, plot.getRenderer(1));
        assertTrue(plot.getDomainAxis().getRange().contains(2.0));
    }

    @Test
    void missingValuesAreGapsNotZeros() {
        FamilyAnalysis family = SampleReports.missingElisionAndIdle(); // no elision; idle only at P = 4
        JFreeChart chart = SpeedupChart.create(family, 0.95);
        XYDataset lines = chart.getXYPlot().getDataset(0);
        int elision = 1;
        int idleSpecific = 3;
        for (int i = 0; i < 4; i++) {
            assertNull(lines.getY(elision, i), "elision at item " + i);
        }
        assertNull(lines.getY(idleSpecific, 0));
        assertNull(lines.getY(idleSpecific, 1));
        assertNotNull(lines.getY(idleSpecific, 2)); // P = 4
        assertNull(lines.getY(idleSpecific, 3));
        List<String> legend = new ArrayList<>();
        var items = chart.getXYPlot().getLegendItems();
        for (int i = 0; i < items.getItemCount(); i++) {
            LegendItem item = items.get(i);
            legend.add(item.getLabel());
        }
        assertTrue(legend.contains("elision \u2014 not measured"), legend.toString());
        assertTrue(legend.contains("actual (95% CI)"), legend.toString());
        assertTrue(legend.contains("linear (ideal)"), legend.toString());
    }

    @Test
    void missingLossesAreLeftOutOfTheBars() {
        CategoryDataset parts = ComponentsChart.create(SampleReports.missingElisionAndIdle()).getCategoryPlot()
                .getDataset(0);
        assertNull(parts.getValue("algorithmic", "8"));
        assertNull(parts.getValue("scheduling", "8"));
        assertNull(parts.getValue("idle", "8"));
        assertNotNull(parts.getValue("idle", "4"));
        assertNotNull(parts.getValue("actual", "8"));
    }

    @Test
    void negativeInflationIsStackedBelowZero() {
        JFreeChart chart = ComponentsChart.create(SampleReports.negativeInflation());
        CategoryPlot plot = chart.getCategoryPlot();
        // P = 8 ran on 4 CPUs: drawn, pale, and named as not valid
        assertTrue(plot.getDataset(0).getValue("inflation", "8 (not valid)").doubleValue() < 0);
        assertEquals(8.0, plot.getDataset(1).getValue(ComponentsChart.IDEAL, "8 (not valid)").doubleValue());

        BufferedImage image = new BufferedImage(760, 420, BufferedImage.TYPE_INT_RGB);
        Graphics2D g2 = image.createGraphics();
        ChartRenderingInfo info = new ChartRenderingInfo();
        chart.draw(g2, new Rectangle2D.Double(0, 0, 760, 420), info);
        g2.dispose();
        Rectangle2D dataArea = info.getPlotInfo().getDataArea();
        double zero = plot.getRangeAxis().valueToJava2D(0, dataArea, RectangleEdge.LEFT);
        Rectangle2D inflation = null;
        Rectangle2D actual = null;
        for (Object o : info.getEntityCollection().getEntities()) {
            if (o instanceof CategoryItemEntity e && "8 (not valid)".equals(e.getColumnKey()) && e.getDataset() == plot.getDataset(0)) {
                if ("inflation".equals(e.getRowKey())) {
                    inflation = ((ChartEntity) e).getArea().getBounds2D();
                } else if ("actual".equals(e.getRowKey())) {
                    actual = ((ChartEntity) e).getArea().getBounds2D();
                }
            }
        }
        assertNotNull(inflation);
        assertNotNull(actual);
        assertTrue(inflation.getMinY() >= zero - 1, "inflation drawn below zero: " + inflation + " zero at " + zero);
        assertTrue(actual.getMaxY() <= zero + 1, "actual drawn above zero: " + actual + " zero at " + zero);
    }

    @Test
    void pngsAreRenderedAtTwiceTheDisplaySize() throws Exception {
        for (FamilyAnalysis family : List.of(SampleReports.twelvePoints(), SampleReports.onePoint())) {
            byte[] speedup = Png.render(SpeedupChart.create(family, 0.95), 760, 480);
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(speedup));
            assertEquals(1520, image.getWidth());
            assertEquals(960, image.getHeight());
            byte[] components = Png.render(ComponentsChart.create(family), 760, 420);
            BufferedImage bars = ImageIO.read(new ByteArrayInputStream(components));
            assertEquals(1520, bars.getWidth());
            assertEquals(840, bars.getHeight());
            assertEquals(java.awt.Color.WHITE.getRGB(), bars.getRGB(2, 2)); // white background
        }
    }

    @Test
    void svgsAreWellFormedAndSized() throws Exception {
        for (FamilyAnalysis family : List.of(SampleReports.twelvePoints(), SampleReports.hostile())) {
            byte[] svg = Svg.render(SpeedupChart.create(family, 0.95), 760, 480);
            Element root = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                    .parse(new ByteArrayInputStream(svg)).getDocumentElement();
            assertEquals("svg", root.getTagName());
            assertEquals("760", root.getAttribute("width"));
            assertEquals("480", root.getAttribute("height"));
            assertTrue(root.getElementsByTagName("text").getLength() > 10);
        }
    }

    @Test
    void svgLeavesJFreeChartsGlobalTextSwitchAsItFoundIt() throws Exception {
        boolean before = org.jfree.chart.text.TextUtils.isUseDrawRotatedStringWorkaround();
        try {
            for (boolean setting : new boolean[] {true, false}) {
                org.jfree.chart.text.TextUtils.setUseDrawRotatedStringWorkaround(setting);
                String svg = new String(Svg.render(SpeedupChart.create(SampleReports.twelvePoints(), 0.95), 760, 480),
                        java.nio.charset.StandardCharsets.UTF_8);
                assertEquals(setting, org.jfree.chart.text.TextUtils.isUseDrawRotatedStringWorkaround());
                // the rotated axis label is one <text>, not glyph outlines, whatever the switch was
                assertTrue(svg.contains(">speedup"), "the rotated speedup label as text");
            }
        } finally {
            org.jfree.chart.text.TextUtils.setUseDrawRotatedStringWorkaround(before);
        }
    }
}
