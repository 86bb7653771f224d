package dev.factored.report.svg;

import dev.factored.text.Untrusted;
import java.awt.AlphaComposite;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Composite;
import java.awt.Font;
import java.awt.Paint;
import java.awt.Shape;
import java.awt.geom.AffineTransform;
import java.awt.geom.PathIterator;
import java.util.HashMap;
import java.util.Map;

/**
 * The SVG that {@link SvgGraphics} draws into, shared by all its copies: the elements (paths and text) in device
 * coordinates, each inside the clip group of its clip, and the clip paths they share, defined once.
 *
 * <p>Text is written as {@code <text>} whose {@code textLength} is the advance the report measured
 * ({@link FontTable}), so the layout holds even where the viewer substitutes another font for DejaVu Sans. It
 * reaches the document only through {@link Untrusted#xml}, so an untrusted benchmark name or param cannot break the
 * XML (control characters, lone surrogates, noncharacters) or reorder what is shown (bidirectional controls).
 */
final class SvgDocument {

    static final String FONT_FAMILY = "'DejaVu Sans','Bitstream Vera Sans',Verdana,Geneva,sans-serif";

    /** A solid colour and its opacity: the paint's alpha times an alpha composite's (other paints draw black). */
    record Ink(Color colour, double opacity) {

        static Ink of(Paint paint, Composite composite) {
            Color colour = paint instanceof Color c ? c : Color.BLACK;
            double alpha = colour.getAlpha() / 255.0;
            if (composite instanceof AlphaComposite ac) {
                alpha *= ac.getAlpha();
            }
            return new Ink(colour, alpha);
        }
    }

    private final StringBuilder body = new StringBuilder(32 * 1024);
    private final StringBuilder defs = new StringBuilder();
    private final Map<String, String> clipIds = new HashMap<>();
    private String openClip; // id of the clip group the body is inside, or null

    /** The finished document, {@code width × height} CSS pixels. */
    String toSvg(int width, int height) {
        closeClipGroup();
        StringBuilder svg = new StringBuilder(body.length() + defs.length() + 512);
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(width).append("\" height=\"")
                .append(height).append("\" viewBox=\"0 0 ").append(width).append(' ').append(height)
                .append("\" font-family=\"").append(FONT_FAMILY).append("\">\n");
        if (defs.length() > 0) {
            svg.append("<defs>").append(defs).append("</defs>\n");
        }
        svg.append(body).append("</svg>\n");
        return svg.toString();
    }

    /** A filled path; {@code d} from {@link #path}, {@code clip} in device space or null. */
    void fill(String d, Shape clip, Ink ink) {
        StringBuilder sb = element(clip);
        sb.append("<path d=\"").append(d).append('"');
        colour(sb, "fill", ink);
        sb.append("/>\n");
    }

    /** A stroked path; {@code scale} turns the stroke's user-space widths into device pixels. */
    void stroke(String d, Shape clip, Ink ink, BasicStroke stroke, double scale) {
        StringBuilder sb = element(clip);
        sb.append("<path d=\"").append(d).append("\" fill=\"none\"");
        colour(sb, "stroke", ink);
        sb.append(" stroke-width=\"").append(num(stroke.getLineWidth() * scale)).append('"');
        if (stroke.getEndCap() != BasicStroke.CAP_BUTT) {
            sb.append(" stroke-linecap=\"").append(stroke.getEndCap() == BasicStroke.CAP_ROUND ? "round" : "square")
                    .append('"');
        }
        if (stroke.getLineJoin() != BasicStroke.JOIN_MITER) {
            sb.append(" stroke-linejoin=\"").append(stroke.getLineJoin() == BasicStroke.JOIN_ROUND ? "round" : "bevel")
                    .append('"');
        }
        float[] dash = stroke.getDashArray();
        if (dash != null) {
            sb.append(" stroke-dasharray=\"");
            for (int i = 0; i < dash.length; i++) {
                sb.append(i == 0 ? "" : " ").append(num(dash[i] * scale));
            }
            sb.append('"');
        }
        sb.append("/>\n");
    }

    /**
     * Text at user-space {@code (x, y)} under {@code transform}, stretched or squeezed by the viewer to
     * {@code advance}, the width the layout was made for.
     */
    void text(String text, float x, float y, AffineTransform transform, Font font, double advance, Shape clip,
            Ink ink) {
        StringBuilder sb = element(clip);
        sb.append("<text");
        if (transform.getType() == AffineTransform.TYPE_IDENTITY
                || transform.getType() == AffineTransform.TYPE_TRANSLATION) {
            sb.append(" x=\"").append(num(x + transform.getTranslateX())).append("\" y=\"")
                    .append(num(y + transform.getTranslateY())).append('"');
        } else {
            sb.append(" transform=\"matrix(").append(num(transform.getScaleX())).append(' ')
                    .append(num(transform.getShearY())).append(' ').append(num(transform.getShearX())).append(' ')
                    .append(num(transform.getScaleY())).append(' ').append(num(transform.getTranslateX())).append(' ')
                    .append(num(transform.getTranslateY())).append(")\" x=\"").append(num(x)).append("\" y=\"")
                    .append(num(y)).append('"');
        }
        sb.append(" font-size=\"").append(num(font.getSize2D())).append('"');
        if (font.isBold()) {
            sb.append(" font-weight=\"bold\"");
        }
        if (font.isItalic()) {
            sb.append(" font-style=\"italic\"");
        }
        colour(sb, "fill", ink);
        sb.append(" textLength=\"").append(num(advance)).append("\" lengthAdjust=\"spacingAndGlyphs\">");
        text(sb, text);
        sb.append("</text>\n");
    }

    /** Starts an element: closes or opens the clip group the element belongs to. */
    private StringBuilder element(Shape clip) {
        String clipId = clip == null ? null : clipId(clip);
        if (clipId == null ? openClip != null : !clipId.equals(openClip)) {
            closeClipGroup();
            if (clipId != null) {
                body.append("<g clip-path=\"url(#").append(clipId).append(")\">\n");
                openClip = clipId;
            }
        }
        return body;
    }

    private void closeClipGroup() {
        if (openClip != null) {
            body.append("</g>\n");
            openClip = null;
        }
    }

    private String clipId(Shape deviceClip) {
        String d = path(deviceClip, null);
        return clipIds.computeIfAbsent(d, key -> {
            String id = "c" + clipIds.size();
            defs.append("<clipPath id=\"").append(id).append("\"><path d=\"").append(key).append("\"/></clipPath>");
            return id;
        });
    }

    private static void colour(StringBuilder sb, String attribute, Ink ink) {
        sb.append(' ').append(attribute).append("=\"").append(CssColour.of(ink.colour())).append('"');
        if (ink.opacity() < 1) {
            sb.append(' ').append(attribute).append("-opacity=\"").append(num(ink.opacity())).append('"');
        }
    }

    /** The path data of a shape under a transform (null: as it is). */
    static String path(Shape shape, AffineTransform at) {
        StringBuilder sb = new StringBuilder(64);
        double[] c = new double[6];
        for (PathIterator it = shape.getPathIterator(at); !it.isDone(); it.next()) {
            int type = it.currentSegment(c);
            switch (type) {
                case PathIterator.SEG_MOVETO -> points(sb.append('M'), c, 1);
                case PathIterator.SEG_LINETO -> points(sb.append('L'), c, 1);
                case PathIterator.SEG_QUADTO -> points(sb.append('Q'), c, 2);
                case PathIterator.SEG_CUBICTO -> points(sb.append('C'), c, 3);
                case PathIterator.SEG_CLOSE -> sb.append('Z');
                default -> throw new IllegalStateException("unknown path segment " + type);
            }
        }
        return sb.toString();
    }

    private static void points(StringBuilder sb, double[] c, int count) {
        for (int i = 0; i < 2 * count; i++) {
            if (i > 0) {
                sb.append(' ');
            }
            num(sb, c[i]);
        }
    }

    /** One decimal (a tenth of a CSS pixel), no exponent, Locale-independent; cheap (called per coordinate). */
    static String num(double v) {
        return num(new StringBuilder(8), v).toString();
    }

    static StringBuilder num(StringBuilder sb, double v) {
        if (!Double.isFinite(v)) {
            return sb.append('0');
        }
        long tenths = Math.round(v * 10);
        if (tenths < 0) {
            sb.append('-');
            tenths = -tenths;
        }
        sb.append(tenths / 10);
        if (tenths % 10 != 0) {
            sb.append('.').append((char) ('0' + tenths % 10));
        }
        return sb;
    }

    /**
     * Text as XML character data through {@link Untrusted#xml}: markup characters escaped, characters
     * XML forbids and bidirectional or invisible ones shown as escapes, every other character (an emoji
     * included) written as itself; {@link Svg} encodes the document as UTF-8.
     */
    static void text(StringBuilder sb, String text) {
        sb.append(Untrusted.xml(text));
    }
}
