package dev.factored.report.svg;

import java.awt.Font;
import java.awt.font.FontRenderContext;
import java.awt.font.LineMetrics;
import java.awt.geom.Rectangle2D;
import java.text.CharacterIterator;

/**
 * The report's font, DejaVu Sans, measuring itself from the metrics the report carries ({@link FontTable}).
 * JFreeChart asks fonts directly, not only through {@code Graphics2D.getFontMetrics}: its axes call
 * {@code tickLabelFont.getLineMetrics("123", frc)} and its text utilities {@code g2.getFont().getLineMetrics(text,
 * frc)}. A plain {@link Font} answers those through {@code sun.font}'s font manager, which loads the platform's
 * font library; so the charts' fonts ({@link Palette}) and every font set on {@link SvgGraphics} are of this class.
 *
 * <p>The carried metrics are the fractional ones, which are the same in every such context. A context without
 * fractional metrics (a rasteriser's: {@link Png} draws with AWT's hinted, whole-pixel advances) is answered by AWT,
 * as before, since only the real font can say how it is hinted; the SVG's context never is.
 *
 * <p>Only measurement is overridden: {@code deriveFont} returns a plain font (JFreeChart does not derive the
 * report's fonts, and {@link SvgGraphics#setFont} makes any font a report font again), and glyph vectors still need
 * the real font (JFreeChart makes none for the report's charts: {@link Svg} draws rotated text as text).
 */
public final class ReportFont extends Font {

    private static final long serialVersionUID = 1L;

    static final String FAMILY = "DejaVu Sans";

    public ReportFont(int style, int size) {
        super(FAMILY, style, size);
    }

    private ReportFont(Font font) {
        super(font);
    }

    /** The font itself if it is a report font, else one of its name, style and size measured from the table. */
    static ReportFont of(Font font) {
        return font instanceof ReportFont report ? report : new ReportFont(font);
    }

    private static boolean carried(FontRenderContext frc) {
        return frc == null || frc.usesFractionalMetrics();
    }

    private FontTable table() {
        return FontTable.of(this);
    }

    @Override
    public LineMetrics getLineMetrics(String str, FontRenderContext frc) {
        return carried(frc) ? table().lineMetrics(str.length(), getSize2D()) : super.getLineMetrics(str, frc);
    }

    @Override
    public LineMetrics getLineMetrics(String str, int beginIndex, int limit, FontRenderContext frc) {
        return carried(frc) ? table().lineMetrics(limit - beginIndex, getSize2D())
                : super.getLineMetrics(str, beginIndex, limit, frc);
    }

    @Override
    public LineMetrics getLineMetrics(char[] chars, int beginIndex, int limit, FontRenderContext frc) {
        return carried(frc) ? table().lineMetrics(limit - beginIndex, getSize2D())
                : super.getLineMetrics(chars, beginIndex, limit, frc);
    }

    @Override
    public LineMetrics getLineMetrics(CharacterIterator ci, int beginIndex, int limit, FontRenderContext frc) {
        return carried(frc) ? table().lineMetrics(limit - beginIndex, getSize2D())
                : super.getLineMetrics(ci, beginIndex, limit, frc);
    }

    @Override
    public Rectangle2D getStringBounds(String str, FontRenderContext frc) {
        return carried(frc) ? table().bounds(str, 0, str.length(), getSize2D()) : super.getStringBounds(str, frc);
    }

    @Override
    public Rectangle2D getStringBounds(String str, int beginIndex, int limit, FontRenderContext frc) {
        return carried(frc) ? table().bounds(str, beginIndex, limit, getSize2D())
                : super.getStringBounds(str, beginIndex, limit, frc);
    }

    @Override
    public Rectangle2D getStringBounds(char[] chars, int beginIndex, int limit, FontRenderContext frc) {
        return carried(frc) ? table().bounds(new String(chars), beginIndex, limit, getSize2D())
                : super.getStringBounds(chars, beginIndex, limit, frc);
    }

    @Override
    public Rectangle2D getStringBounds(CharacterIterator ci, int beginIndex, int limit, FontRenderContext frc) {
        return carried(frc) ? table().bounds(FontTable.text(ci), beginIndex - ci.getBeginIndex(),
                limit - ci.getBeginIndex(), getSize2D()) : super.getStringBounds(ci, beginIndex, limit, frc);
    }

    @Override
    public Rectangle2D getMaxCharBounds(FontRenderContext frc) {
        return carried(frc) ? table().maxCharBounds(getSize2D()) : super.getMaxCharBounds(frc);
    }
}
