package dev.factored.report;

import java.awt.geom.Rectangle2D;
import java.nio.charset.StandardCharsets;
import org.jfree.chart.JFreeChart;

/** Renders a chart as an SVG document (UTF-8 bytes) of the given size in CSS pixels. */
final class Svg {

    static {
        // JFreeChart draws rotated text (the speedup axis label) through a TextLayout unless told not to;
        // that would reach SvgGraphics as glyph outlines (15 KB per chart) instead of one <text>. Plain
        // drawString under a rotation has been correct in Java2D for a long time, so the workaround is
        // not needed for bitmaps either.
        org.jfree.chart.text.TextUtils.setUseDrawRotatedStringWorkaround(false);
    }

    private Svg() {
    }

    static byte[] render(JFreeChart chart, int width, int height) {
        SvgGraphics g2 = new SvgGraphics(width, height);
        g2.setRenderingHints(chart.getRenderingHints());
        chart.draw(g2, new Rectangle2D.Double(0, 0, width, height));
        return g2.toSvg().getBytes(StandardCharsets.UTF_8);
    }
}
