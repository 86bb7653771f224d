package dev.factored.report.svg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.font.FontRenderContext;
import java.awt.font.LineMetrics;
import java.awt.image.BufferedImage;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The metrics the report carries against AWT's measurement of the real DejaVu Sans, where this machine has it (the
 * comparison is skipped where AWT cannot load fonts or has no DejaVu Sans), and the table file's format.
 */
class FontTableTest {

    /** What the charts write: titles, axis labels, ticks, legends, a param with Greek and a dash, an emoji. */
    private static final List<String> SAMPLES = List.of("dev.example.SortBench.cilkSort size=200000 cutoff=200",
            "speedup S_P (log scale)", "cores P", "0.25", "128", "Amdahl fit to P = 1\u20134 (extrapolation beyond)",
            "95 % interval \u00b7 \u03ba = 0.002, \u03c3 = 5 %", "work inflation \u2212 idle \u2192 \u221e",
            "mood=\uD83D\uDE00 happy", "WAVY_glyphs: {}[]()|/\\@#$&*");

    private static final int[] SIZES = {12, 13, 15};

    /** A different release of DejaVu Sans may have redrawn a glyph or two; the layout tolerates that much. */
    private static final double TOLERANCE = 0.01;

    private static boolean awtHasDejaVuSans() {
        try {
            return new Font(ReportFont.FAMILY, Font.PLAIN, 12).getFamily().equals(ReportFont.FAMILY);
        } catch (Throwable noFonts) { // UnsatisfiedLinkError, InternalError: the very failure the table avoids
            return false;
        }
    }

    @Test
    void carriedWidthsAreAwtsWithinAPercent() {
        assumeTrue(awtHasDejaVuSans(), "AWT has no DejaVu Sans here to compare with");
        for (int style : new int[] {Font.PLAIN, Font.BOLD}) {
            for (int size : SIZES) {
                Font real = new Font(ReportFont.FAMILY, style, size);
                Font carried = new ReportFont(style, size);
                for (String text : SAMPLES) {
                    double awt = real.getStringBounds(text, FontTable.CONTEXT).getWidth();
                    double ours = carried.getStringBounds(text, FontTable.CONTEXT).getWidth();
                    assertEquals(awt, ours, awt * TOLERANCE, real + ": " + text);
                }
                LineMetrics awt = real.getLineMetrics("Ag", FontTable.CONTEXT);
                LineMetrics ours = carried.getLineMetrics("Ag", FontTable.CONTEXT);
                assertEquals(awt.getAscent(), ours.getAscent(), awt.getAscent() * TOLERANCE);
                assertEquals(awt.getDescent(), ours.getDescent(), awt.getDescent() * TOLERANCE);
                assertEquals(awt.getHeight(), ours.getHeight(), awt.getHeight() * TOLERANCE);
            }
        }
    }

    /** JFreeChart lays out with FontMetrics' integers; they are rounded as AWT rounds them. */
    @Test
    void fontMetricsRoundAsAwtDoes() {
        assumeTrue(awtHasDejaVuSans(), "AWT has no DejaVu Sans here to compare with");
        Graphics2D g2 = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics();
        g2.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g2.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
        try {
            for (int style : new int[] {Font.PLAIN, Font.BOLD}) {
                for (int size : SIZES) {
                    Font font = new Font(ReportFont.FAMILY, style, size);
                    FontMetrics awt = g2.getFontMetrics(font);
                    FontMetrics ours = new TableFontMetrics(font);
                    assertEquals(awt.getAscent(), ours.getAscent());
                    assertEquals(awt.getDescent(), ours.getDescent());
                    assertEquals(awt.getLeading(), ours.getLeading());
                    assertEquals(awt.getHeight(), ours.getHeight());
                    for (String text : SAMPLES) {
                        assertEquals(awt.stringWidth(text), ours.stringWidth(text), 1 + awt.stringWidth(text) * TOLERANCE,
                                font + ": " + text);
                    }
                }
            }
        } finally {
            g2.dispose();
        }
    }

    /** A rasteriser's context (no fractional metrics: hinted whole-pixel advances) is answered by the real font. */
    @Test
    void aContextWithoutFractionalMetricsIsAwts() {
        assumeTrue(awtHasDejaVuSans(), "AWT has no DejaVu Sans here to compare with");
        FontRenderContext hinted = new FontRenderContext(null, true, false);
        Font real = new Font(ReportFont.FAMILY, Font.PLAIN, 12);
        assertEquals(real.getStringBounds(SAMPLES.get(0), hinted), new ReportFont(Font.PLAIN, 12)
                .getStringBounds(SAMPLES.get(0), hinted));
    }

    @Test
    void measuresWithoutAskingAwt() {
        FontTable regular = FontTable.of(new ReportFont(Font.PLAIN, 12));
        assertEquals(2048, regular.unitsPerEm());
        // the digits are tabular: one width each, so the ticks' "128" is three of them
        assertEquals(3 * regular.advance('0', 12), regular.width("128", 0, 3, 12));
        assertTrue(FontTable.of(new ReportFont(Font.BOLD, 12)).advance('m', 12) > regular.advance('m', 12));
        assertEquals(regular, FontTable.of(new Font("SansSerif", Font.ITALIC, 12)), "italic measured as upright");
        // an emoji is one code point of the table, not two missing surrogates
        assertTrue(regular.advances().containsKey(0x1F600));
        assertEquals(regular.advance(0x1F600, 12), regular.width("\uD83D\uDE00", 0, 2, 12));
        // a character the font lacks measures as its missing glyph, as AWT measured it
        assertEquals(regular.advance(0xE000, 12), regular.advance(0x4E2D, 12));
        assertFalse(regular.advances().containsKey(0x4E2D));
        assertInstanceOf(ReportFont.class, ReportFont.of(new Font("SansSerif", Font.BOLD, 15)));
    }

    @Test
    void theFileFormatSaysWhatIsWrong() {
        List<String> file = List.of("# comment", "units-per-em 2048", "style regular", "ascent 1901", "descent 483",
                "leading 0", "max-advance 3838", "missing-glyph 1229", "underline 40.0 90.0",
                "strikethrough -530.0 102.0", "baselines 0.0 -829.75 -1901.0", "advances 20 651 - 942");
        Map<String, FontTable> styles = FontTableFile.parse(file);
        FontTable regular = styles.get("regular");
        assertEquals(Map.of(0x20, 651, 0x22, 942), regular.advances(), "'-': no glyph, not carried");
        assertEquals(-829.75f, regular.lines().centerBaseline());
        IllegalStateException missing = assertThrows(IllegalStateException.class,
                () -> FontTableFile.parse(file.subList(0, file.size() - 2)));
        assertTrue(missing.getMessage().contains("advances"), missing.getMessage());
        IllegalStateException incomplete = assertThrows(IllegalStateException.class, () -> FontTableFile.parse(
                file.stream().map(line -> line.equals("ascent 1901") ? "ascent" : line).toList()));
        assertTrue(incomplete.getMessage().contains("'ascent' needs 1"), incomplete.getMessage());
    }
}
