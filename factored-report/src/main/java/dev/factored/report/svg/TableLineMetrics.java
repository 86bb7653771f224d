package dev.factored.report.svg;

import java.awt.Font;
import java.awt.font.LineMetrics;

/**
 * A {@link LineMetrics} answered from a {@link FontTable}: what {@code Font.getLineMetrics} gives JFreeChart for
 * placing text (ascent, descent, leading), without the platform's fonts. Immutable.
 */
final class TableLineMetrics extends LineMetrics {

    private final FontTable table;
    private final float size;
    private final int numChars;

    TableLineMetrics(FontTable table, float size, int numChars) {
        this.table = table;
        this.size = size;
        this.numChars = numChars;
    }

    private float scaled(float units) {
        return table.scaled(units, size);
    }

    @Override
    public int getNumChars() {
        return numChars;
    }

    @Override
    public float getAscent() {
        return scaled(table.lines().ascent());
    }

    @Override
    public float getDescent() {
        return scaled(table.lines().descent());
    }

    @Override
    public float getLeading() {
        return scaled(table.lines().leading());
    }

    /** As AWT's: the three summed in float. */
    @Override
    public float getHeight() {
        return getAscent() + getDescent() + getLeading();
    }

    @Override
    public int getBaselineIndex() {
        return Font.ROMAN_BASELINE;
    }

    @Override
    public float[] getBaselineOffsets() {
        return new float[] {0f, scaled(table.lines().centerBaseline()), scaled(table.lines().hangingBaseline())};
    }

    @Override
    public float getStrikethroughOffset() {
        return scaled(table.lines().strikethroughOffset());
    }

    @Override
    public float getStrikethroughThickness() {
        return scaled(table.lines().strikethroughThickness());
    }

    @Override
    public float getUnderlineOffset() {
        return scaled(table.lines().underlineOffset());
    }

    @Override
    public float getUnderlineThickness() {
        return scaled(table.lines().underlineThickness());
    }
}
