package dev.factored.report.svg;

import java.awt.Font;
import java.awt.font.FontRenderContext;
import java.awt.font.LineMetrics;
import java.awt.geom.Rectangle2D;
import java.text.CharacterIterator;
import java.util.Map;

/**
 * The metrics of one style of the report's one font family, DejaVu Sans, which the report carries itself
 * ({@code dejavu-sans.metrics}, read by {@link FontTableFile}) so that the SVG charts measure their text without
 * the platform's fonts. A headless server may have none, or an AWT that cannot load its font library at all
 * (no libfreetype: an {@link UnsatisfiedLinkError} inside {@code sun.font.SunFontManager}); an SVG writer that
 * names its font and fixes each text's length needs neither.
 *
 * <p>Values are in font units, {@code 1/unitsPerEm} of the font size, as AWT measures the real font with
 * fractional metrics (nothing hinted or rounded: the context of {@link #CONTEXT}). In that context AWT's own
 * advance of a character at size {@code s} is {@code units * s / unitsPerEm} in float arithmetic, exactly, and a
 * string's is the float sum of its characters' (no kerning or ligatures: AWT applies them only when a font asks for
 * them with text attributes, which the report's fonts do not), so the carried values reproduce what AWT measured.
 *
 * @param unitsPerEm   the font units in one em (the font size)
 * @param lines        ascent, descent, leading and the decoration and baseline offsets
 * @param maxAdvance   the largest advance of any glyph in the font (its hhea.advanceWidthMax)
 * @param missingGlyph the advance of the glyph drawn for a character the font lacks, which is what AWT measured
 *                     for one: characters outside the carried blocks are measured so, as before
 * @param advances     advance by code point, for the blocks the report's text can plausibly contain
 */
record FontTable(int unitsPerEm, Lines lines, int maxAdvance, int missingGlyph, Map<Integer, Integer> advances) {

    /** The context the carried metrics describe: anti-aliased, fractional metrics, no transform. */
    static final FontRenderContext CONTEXT = new FontRenderContext(null, true, true);

    /**
     * The vertical metrics, in font units: positive ascent and descent, underline and strikethrough offsets below
     * the baseline (negative above), and the centre and hanging baselines' offsets from the roman one.
     */
    record Lines(float ascent, float descent, float leading, float underlineOffset, float underlineThickness,
            float strikethroughOffset, float strikethroughThickness, float centerBaseline, float hangingBaseline) {
    }

    FontTable {
        advances = Map.copyOf(advances);
    }

    /**
     * The table for a font's style: bold or regular. Oblique shares the upright advances in all but 26 of DejaVu
     * Sans' Latin glyphs (U+0020 to U+024F), and the report draws no italic text: italic is measured as upright.
     */
    static FontTable of(Font font) {
        return font.isBold() ? FontTableFile.BOLD : FontTableFile.REGULAR;
    }

    /** A metric in font units at the given font size, in pixels, computed as AWT scales it (float). */
    float scaled(float units, float size) {
        return units * size / unitsPerEm;
    }

    /** The advance of one character at the given size. */
    float advance(int codePoint, float size) {
        return scaled(advances.getOrDefault(codePoint, missingGlyph), size);
    }

    /** The advance of {@code text[start, end)} at the given size: its characters' advances summed in float. */
    float width(CharSequence text, int start, int end, float size) {
        float width = 0;
        for (int i = start; i < end; i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(text.charAt(i + 1))) {
                width += advance(Character.toCodePoint(c, text.charAt(++i)), size);
            } else {
                width += advance(c, size);
            }
        }
        return width;
    }

    /** As AWT's bounds of simple text: from the baseline's left end, the ascent above it, ascent + descent + leading high. */
    Rectangle2D bounds(CharSequence text, int start, int end, float size) {
        float ascent = scaled(lines.ascent(), size);
        float height = ascent + scaled(lines.descent(), size) + scaled(lines.leading(), size);
        return new Rectangle2D.Float(0f, -ascent, width(text, start, end, size), height);
    }

    /** As AWT's bounds of the widest glyph of the font. */
    Rectangle2D maxCharBounds(float size) {
        float ascent = scaled(lines.ascent(), size);
        float height = ascent + scaled(lines.descent(), size) + scaled(lines.leading(), size);
        return new Rectangle2D.Float(0f, -ascent, scaled(maxAdvance, size), height);
    }

    LineMetrics lineMetrics(int numChars, float size) {
        return new TableLineMetrics(this, size, numChars);
    }

    /** The iterator's text from its begin index: indices into it are the iterator's minus its begin index. */
    static String text(CharacterIterator iterator) {
        StringBuilder text = new StringBuilder(iterator.getEndIndex() - iterator.getBeginIndex());
        for (int i = iterator.getBeginIndex(); i < iterator.getEndIndex(); i++) {
            iterator.setIndex(i); // not first()/next() until DONE: U+FFFF is DONE's value and may be in the text
            text.append(iterator.current());
        }
        return text.toString();
    }
}
