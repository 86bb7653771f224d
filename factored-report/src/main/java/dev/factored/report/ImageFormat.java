package dev.factored.report;

import dev.factored.report.svg.Png;
import dev.factored.report.svg.Svg;
import org.jfree.chart.JFreeChart;

/** How charts are written. */
public enum ImageFormat {

    /** Vector images: crisp at any pixel density, small, and cheap to produce. The default. */
    SVG("svg") {
        @Override
        byte[] render(JFreeChart chart, int width, int height) {
            return Svg.render(chart, width, height);
        }
    },

    /**
     * Bitmaps at twice the display size (for high-density screens), e.g. for places that refuse SVG. AWT draws the
     * glyphs, so unlike SVG this needs the platform's fonts.
     */
    PNG("png") {
        @Override
        byte[] render(JFreeChart chart, int width, int height) {
            return Png.render(chart, width, height);
        }
    };

    private final String extension;

    ImageFormat(String extension) {
        this.extension = extension;
    }

    /** The file name extension, without the dot. */
    public String extension() {
        return extension;
    }

    abstract byte[] render(JFreeChart chart, int width, int height);
}
