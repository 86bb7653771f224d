package dev.factored.report.svg;

import java.awt.Font;
import java.awt.font.FontRenderContext;
import java.awt.font.LineMetrics;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes {@code src/main/resources/dev/factored/report/svg/dejavu-sans.metrics}, the metrics the SVG charts carry
 * ({@link FontTable}), from the DejaVu Sans installed on this machine as AWT measures it. Run once, offline, where
 * DejaVu Sans is installed (Debian: fonts-dejavu-core), not as part of the build:
 *
 * <pre>java -cp target/classes:target/test-classes dev.factored.report.svg.FontTableGenerator \
 *     src/main/resources/dev/factored/report/svg/dejavu-sans.metrics "DejaVu Sans 2.37 (Debian fonts-dejavu-core 2.37-6)"</pre>
 *
 * <p>It measures at a size of {@value #UNITS_PER_EM} pixels, DejaVu Sans' units per em (its head table), in the
 * SVG's context (anti-aliased, fractional metrics, so nothing is hinted or rounded): every advance is then the
 * font's own integer advance in font units, which the generator checks. Run on JDK 25 it writes the same table but
 * for the format characters (general category Cf: the soft hyphen, U+2060 to U+2064, U+FFF9 to U+FFFB), which JDK 25
 * measures as zero wide and JDK 17 as glyphs; the report never draws them (it shows them as escapes, see
 * {@code Untrusted}).
 */
final class FontTableGenerator {

    /** DejaVu Sans' head.unitsPerEm. */
    static final int UNITS_PER_EM = 2048;

    /**
     * The blocks carried: Latin (the report's own words, Java names, most params), Greek and Cyrillic, the
     * punctuation, super- and subscripts, arrows and mathematical operators the report writes (— · − ∞ → κ σ ₂ ≤),
     * the emoticons an untrusted param may carry (DejaVu Sans draws them), and U+FFFD.
     */
    static final int[][] BLOCKS = {
        {0x0020, 0x007E}, {0x00A0, 0x036F}, {0x0370, 0x03FF}, {0x0400, 0x04FF}, {0x1E00, 0x1EFF},
        {0x2000, 0x20CF}, {0x2100, 0x22FF}, {0xFFF0, 0xFFFF}, {0x1F600, 0x1F64F},
    };

    /** Private use: no font has a glyph for it, so AWT measures the font's missing glyph. */
    private static final int UNMAPPED = 0xE000;

    private FontTableGenerator() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: FontTableGenerator <output file> <font name and version>");
        }
        StringBuilder out = new StringBuilder();
        out.append("# The advance widths and line metrics of ").append(args[1]).append(", in font units\n")
                .append("# (1/").append(UNITS_PER_EM).append(" em), for the SVG charts to measure their text without")
                .append(" the platform's fonts.\n")
                .append("# Measured by ").append(Runtime.version()).append("'s AWT at ").append(UNITS_PER_EM)
                .append(" px, anti-aliased with fractional metrics;\n")
                .append("# written by src/test/java/dev/factored/report/svg/FontTableGenerator.java. Do not edit by hand.\n")
                .append("# 'advances <first code point> <16 advances>': '-' where the font has no glyph.\n");
        out.append("units-per-em ").append(UNITS_PER_EM).append('\n');
        style(out, "regular", new Font("DejaVu Sans", Font.PLAIN, UNITS_PER_EM));
        style(out, "bold", new Font("DejaVu Sans", Font.BOLD, UNITS_PER_EM));
        Files.writeString(Path.of(args[0]), out, StandardCharsets.UTF_8);
    }

    private static void style(StringBuilder out, String name, Font font) {
        if (!font.getFamily().equals("DejaVu Sans")) {
            throw new IllegalStateException("DejaVu Sans is not installed: AWT chose " + font.getFamily());
        }
        FontRenderContext frc = new FontRenderContext(null, true, true);
        LineMetrics lines = font.getLineMetrics("Ag", frc);
        float[] baselines = lines.getBaselineOffsets();
        out.append("style ").append(name).append('\n')
                .append("ascent ").append(whole(lines.getAscent())).append('\n')
                .append("descent ").append(whole(lines.getDescent())).append('\n')
                .append("leading ").append(whole(lines.getLeading())).append('\n')
                .append("max-advance ").append(whole(font.getMaxCharBounds(frc).getWidth())).append('\n')
                .append("missing-glyph ").append(advance(font, frc, UNMAPPED)).append('\n')
                .append("underline ").append(lines.getUnderlineOffset()).append(' ')
                .append(lines.getUnderlineThickness()).append('\n')
                .append("strikethrough ").append(lines.getStrikethroughOffset()).append(' ')
                .append(lines.getStrikethroughThickness()).append('\n')
                .append("baselines ").append(baselines[Font.ROMAN_BASELINE]).append(' ')
                .append(baselines[Font.CENTER_BASELINE]).append(' ').append(baselines[Font.HANGING_BASELINE])
                .append('\n');
        for (int[] block : BLOCKS) {
            for (int first = block[0] & ~0xF; first <= block[1]; first += 16) {
                StringBuilder line = new StringBuilder("advances ").append(Integer.toHexString(first));
                boolean any = false;
                for (int cp = first; cp < first + 16; cp++) {
                    boolean carried = cp >= block[0] && cp <= block[1] && font.canDisplay(cp);
                    line.append(' ').append(carried ? Integer.toString(advance(font, frc, cp)) : "-");
                    any |= carried;
                }
                if (any) {
                    out.append(line).append('\n');
                }
            }
        }
    }

    private static int advance(Font font, FontRenderContext frc, int codePoint) {
        return whole(font.getStringBounds(new String(Character.toChars(codePoint)), frc).getWidth());
    }

    /** At the units-per-em size an unhinted metric is a whole number of font units; anything else is a wrong size. */
    private static int whole(double value) {
        long rounded = Math.round(value);
        if (Math.abs(value - rounded) > 1e-3) {
            throw new IllegalStateException(value + " is not a whole number of font units");
        }
        return (int) rounded;
    }
}
