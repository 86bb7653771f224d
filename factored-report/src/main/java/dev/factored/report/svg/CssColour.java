package dev.factored.report.svg;

import java.awt.Color;

/** CSS notation of a colour, shared by the SVG's fills and strokes and the HTML's swatches. */
public final class CssColour {

    private CssColour() {
    }

    /** {@code #rrggbb}, or {@code rgba(…)} when not opaque. */
    public static String of(Color color) {
        if (color.getAlpha() != 0xFF) {
            return "rgba(" + color.getRed() + "," + color.getGreen() + "," + color.getBlue() + ","
                    + dev.factored.text.Numbers.fixed(color.getAlpha() / 255.0, 2) + ")";
        }
        String hex = Integer.toHexString(color.getRGB() & 0xFFFFFF);
        return "#000000".substring(0, 7 - hex.length()) + hex; // called per SVG element: no String.format
    }
}
