package dev.factored.report.svg;

import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics;
import java.awt.font.FontRenderContext;
import java.awt.font.LineMetrics;
import java.awt.geom.Rectangle2D;
import java.text.CharacterIterator;

/**
 * The {@link FontMetrics} {@link SvgGraphics} gives JFreeChart: every answer from the carried {@link FontTable} of
 * the font's style and size, whatever the font's family (the SVG draws all its text in the report's family).
 * JFreeChart measures with {@code stringWidth}, {@code getAscent} and {@code getHeight} (integers) and
 * {@code getLineMetrics}; each is rounded as AWT's own {@code sun.font.FontDesignMetrics} rounds it, so the layout
 * is the one AWT gave where DejaVu Sans is installed. Nothing is delegated to {@link FontMetrics}' defaults, which
 * would ask the font, and so the platform's font machinery, for its line metrics. Immutable.
 */
final class TableFontMetrics extends FontMetrics {

    private static final long serialVersionUID = 1L;

    /** FontDesignMetrics' allowance before an ascent or descent rounds up to the next pixel. */
    private static final float ROUNDING_UP = 0.95f;

    private final transient FontTable table;
    private final float size;

    TableFontMetrics(Font font) {
        super(font);
        this.table = FontTable.of(font);
        this.size = font.getSize2D();
    }

    private float ascent() {
        return table.scaled(table.lines().ascent(), size);
    }

    private float descent() {
        return table.scaled(table.lines().descent(), size);
    }

    private float leading() {
        return table.scaled(table.lines().leading(), size);
    }

    private static int rounded(float advance) {
        return (int) (0.5 + advance);
    }

    @Override
    public FontRenderContext getFontRenderContext() {
        return FontTable.CONTEXT;
    }

    @Override
    public int getAscent() {
        return (int) (ROUNDING_UP + ascent());
    }

    @Override
    public int getDescent() {
        return (int) (ROUNDING_UP + descent());
    }

    /** So that ascent, descent and leading sum to the height, as in AWT. */
    @Override
    public int getLeading() {
        return (int) (ROUNDING_UP + descent() + leading()) - (int) (ROUNDING_UP + descent());
    }

    @Override
    public int getHeight() {
        return getAscent() + (int) (ROUNDING_UP + descent() + leading());
    }

    @Override
    public int getMaxAscent() {
        return getAscent();
    }

    @Override
    public int getMaxDescent() {
        return getDescent();
    }

    @Override
    public int getMaxAdvance() {
        return (int) (0.99f + table.scaled(table.maxAdvance(), size));
    }

    @Override
    public int charWidth(int codePoint) {
        return rounded(table.advance(Character.isValidCodePoint(codePoint) ? codePoint : 0xFFFF, size));
    }

    @Override
    public int charWidth(char ch) {
        return rounded(table.advance(ch, size));
    }

    @Override
    public int stringWidth(String str) {
        return rounded(table.width(str, 0, str.length(), size));
    }

    @Override
    public int charsWidth(char[] data, int off, int len) {
        return stringWidth(new String(data, off, len));
    }

    @Override
    public LineMetrics getLineMetrics(String str, Graphics context) {
        return table.lineMetrics(str.length(), size);
    }

    @Override
    public LineMetrics getLineMetrics(String str, int beginIndex, int limit, Graphics context) {
        return table.lineMetrics(limit - beginIndex, size);
    }

    @Override
    public LineMetrics getLineMetrics(char[] chars, int beginIndex, int limit, Graphics context) {
        return table.lineMetrics(limit - beginIndex, size);
    }

    @Override
    public LineMetrics getLineMetrics(CharacterIterator ci, int beginIndex, int limit, Graphics context) {
        return table.lineMetrics(limit - beginIndex, size);
    }

    @Override
    public Rectangle2D getStringBounds(String str, Graphics context) {
        return bounds(str, 0, str.length());
    }

    @Override
    public Rectangle2D getStringBounds(String str, int beginIndex, int limit, Graphics context) {
        return bounds(str, beginIndex, limit);
    }

    @Override
    public Rectangle2D getStringBounds(char[] chars, int beginIndex, int limit, Graphics context) {
        return bounds(new String(chars), beginIndex, limit);
    }

    @Override
    public Rectangle2D getStringBounds(CharacterIterator ci, int beginIndex, int limit, Graphics context) {
        return bounds(FontTable.text(ci), beginIndex - ci.getBeginIndex(), limit - ci.getBeginIndex());
    }

    @Override
    public Rectangle2D getMaxCharBounds(Graphics context) {
        return table.maxCharBounds(size);
    }

    private Rectangle2D bounds(CharSequence text, int start, int end) {
        return table.bounds(text, start, end, size);
    }
}
