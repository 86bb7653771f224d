package dev.factored.report.svg;

import java.awt.geom.Rectangle2D;
import java.nio.charset.StandardCharsets;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.text.TextUtils;

/** Renders a chart as an SVG document (UTF-8 bytes) of the given size in CSS pixels. */
public final class Svg {

    /** Held while JFreeChart's global text switch is ours, so two renderings never restore each other's value. */
    private static final Object TEXT_SWITCH = new Object();

    private Svg() {
    }

    public static byte[] render(JFreeChart chart, int width, int height) {
        return render(chart, width, height, null);
    }

    /** As {@link #render(JFreeChart, int, int)}, keeping where the plot and its parts were drawn in {@code info}. */
    static byte[] render(JFreeChart chart, int width, int height, ChartRenderingInfo info) {
        SvgGraphics g2 = new SvgGraphics(width, height);
        g2.setRenderingHints(chart.getRenderingHints());
        // JFreeChart draws rotated text (the speedup axis label) through a TextLayout unless told not to; that would
        // reach SvgGraphics as glyph outlines (15 KB per chart) instead of one <text>, and need the platform's fonts
        // (a TextLayout shapes real glyphs; SvgGraphics measures with carried metrics). The switch is JVM-wide (and the
        // JVM may be Maven's, shared with other plugins): it is set for this drawing only and put back after.
        synchronized (TEXT_SWITCH) {
            boolean before = TextUtils.isUseDrawRotatedStringWorkaround();
            TextUtils.setUseDrawRotatedStringWorkaround(false);
            try {
                chart.draw(g2, new Rectangle2D.Double(0, 0, width, height), info);
            } finally {
                TextUtils.setUseDrawRotatedStringWorkaround(before);
            }
        }
        return g2.toSvg().getBytes(StandardCharsets.UTF_8);
    }
}
