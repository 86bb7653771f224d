package dev.factored.report;

import dev.factored.text.Untrusted;
import java.awt.AlphaComposite;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Composite;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Graphics;
import java.awt.GraphicsConfiguration;
import java.awt.Image;
import java.awt.Paint;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.Stroke;
import java.awt.font.FontRenderContext;
import java.awt.font.GlyphVector;
import java.awt.font.TextLayout;
import java.awt.geom.AffineTransform;
import java.awt.geom.Arc2D;
import java.awt.geom.Area;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.NoninvertibleTransformException;
import java.awt.geom.PathIterator;
import java.awt.geom.Rectangle2D;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.awt.image.BufferedImageOp;
import java.awt.image.ImageObserver;
import java.awt.image.RenderedImage;
import java.awt.image.renderable.RenderableImage;
import java.text.AttributedCharacterIterator;
import java.util.HashMap;
import java.util.Map;

/**
 * A Graphics2D that writes SVG, for what JFreeChart draws: shapes in solid colours with basic strokes,
 * alpha composites, rectangular or general clips, and text. It lets the report keep JFreeChart's
 * layout while producing vector images: crisp at any pixel density, small, and far cheaper than
 * rasterising and PNG-encoding hundreds of charts.
 *
 * <p>Geometry is written in device (SVG) coordinates. Text is written as {@code <text>} whose
 * {@code textLength} is the advance Java measured, so the layout holds even where the viewer
 * substitutes another font for DejaVu Sans; text drawn through glyph vectors (rotated axis labels)
 * becomes outlines. Images are not supported: JFreeChart draws none in our charts.
 *
 * <p>Text reaches the document only through {@link Untrusted#xml}, so an untrusted benchmark name or
 * param cannot break the XML (control characters, lone surrogates, noncharacters) or reorder what is
 * shown (bidirectional controls).
 *
 * <p>The SVG surface is our own because JFreeSVG, JFreeChart's companion for SVG output, is licensed
 * under the GPLv3, which is incompatible with this Apache-2.0 project.
 */
final class SvgGraphics extends Graphics2D {

    static final String FONT_FAMILY = "'DejaVu Sans','Bitstream Vera Sans',Verdana,Geneva,sans-serif";

    /** What all copies made by {@link #create()} share: the output and the clip definitions. */
    private static final class Document {
        final StringBuilder body = new StringBuilder(32 * 1024);
        final StringBuilder defs = new StringBuilder();
        final Map<String, String> clipIds = new HashMap<>();
        final Graphics2D measure;
        String openClip; // id of the clip group the body is inside, or null

        Document() {
            BufferedImage scratch = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB);
            measure = scratch.createGraphics();
            measure.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            measure.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
        }
    }

    private final Document doc;
    private final int width;
    private final int height;
    private AffineTransform transform = new AffineTransform();
    private Paint paint = Color.BLACK;
    private Color background = Color.WHITE;
    private Stroke stroke = new BasicStroke(1f);
    private Font font = new Font("DejaVu Sans", Font.PLAIN, 12);
    private Composite composite = AlphaComposite.SrcOver;
    private Shape clip; // device space, null = none
    private final RenderingHints hints = new RenderingHints(null);

    SvgGraphics(int width, int height) {
        this.doc = new Document();
        this.width = width;
        this.height = height;
    }

    private SvgGraphics(SvgGraphics parent) {
        this.doc = parent.doc;
        this.width = parent.width;
        this.height = parent.height;
        this.transform = new AffineTransform(parent.transform);
        this.paint = parent.paint;
        this.background = parent.background;
        this.stroke = parent.stroke;
        this.font = parent.font;
        this.composite = parent.composite;
        this.clip = parent.clip;
        this.hints.putAll(parent.hints);
    }

    /** The finished SVG document. */
    String toSvg() {
        closeClipGroup();
        StringBuilder svg = new StringBuilder(doc.body.length() + doc.defs.length() + 512);
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(width).append("\" height=\"")
                .append(height).append("\" viewBox=\"0 0 ").append(width).append(' ').append(height)
                .append("\" font-family=\"").append(FONT_FAMILY).append("\">\n");
        if (doc.defs.length() > 0) {
            svg.append("<defs>").append(doc.defs).append("</defs>\n");
        }
        svg.append(doc.body).append("</svg>\n");
        return svg.toString();
    }

    // ---- drawing ----------------------------------------------------------------------------

    @Override
    public void draw(Shape shape) {
        if (!(stroke instanceof BasicStroke basic)) {
            fill(stroke.createStrokedShape(shape));
            return;
        }
        String d = path(shape);
        if (d.isEmpty()) {
            return;
        }
        double scale = Math.sqrt(Math.abs(transform.getDeterminant()));
        StringBuilder sb = element();
        sb.append("<path d=\"").append(d).append("\" fill=\"none\"");
        colour(sb, "stroke");
        sb.append(" stroke-width=\"").append(num(basic.getLineWidth() * scale)).append('"');
        if (basic.getEndCap() != BasicStroke.CAP_BUTT) {
            sb.append(" stroke-linecap=\"").append(basic.getEndCap() == BasicStroke.CAP_ROUND ? "round" : "square")
                    .append('"');
        }
        if (basic.getLineJoin() != BasicStroke.JOIN_MITER) {
            sb.append(" stroke-linejoin=\"").append(basic.getLineJoin() == BasicStroke.JOIN_ROUND ? "round" : "bevel")
                    .append('"');
        }
        float[] dash = basic.getDashArray();
        if (dash != null) {
            sb.append(" stroke-dasharray=\"");
            for (int i = 0; i < dash.length; i++) {
                sb.append(i == 0 ? "" : " ").append(num(dash[i] * scale));
            }
            sb.append('"');
        }
        sb.append("/>\n");
    }

    @Override
    public void fill(Shape shape) {
        String d = path(shape);
        if (d.isEmpty()) {
            return;
        }
        StringBuilder sb = element();
        sb.append("<path d=\"").append(d).append('"');
        colour(sb, "fill");
        sb.append("/>\n");
    }

    @Override
    public void drawString(String text, float x, float y) {
        if (text == null || text.isEmpty()) {
            return;
        }
        double advance = font.getStringBounds(text, getFontRenderContext()).getWidth();
        StringBuilder sb = element();
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
        colour(sb, "fill");
        sb.append(" textLength=\"").append(num(advance)).append("\" lengthAdjust=\"spacingAndGlyphs\">");
        text(sb, text);
        sb.append("</text>\n");
    }

    @Override
    public void drawString(String text, int x, int y) {
        drawString(text, (float) x, (float) y);
    }

    @Override
    public void drawString(AttributedCharacterIterator iterator, int x, int y) {
        drawString(iterator, (float) x, (float) y);
    }

    @Override
    public void drawString(AttributedCharacterIterator iterator, float x, float y) {
        TextLayout layout = new TextLayout(iterator, getFontRenderContext());
        fill(layout.getOutline(AffineTransform.getTranslateInstance(x, y)));
    }

    @Override
    public void drawGlyphVector(GlyphVector glyphs, float x, float y) {
        fill(glyphs.getOutline(x, y));
    }

    /** Starts an element: closes or opens the clip group the element belongs to. */
    private StringBuilder element() {
        String clipId = clip == null ? null : clipId(clip);
        if (clipId == null ? doc.openClip != null : !clipId.equals(doc.openClip)) {
            closeClipGroup();
            if (clipId != null) {
                doc.body.append("<g clip-path=\"url(#").append(clipId).append(")\">\n");
                doc.openClip = clipId;
            }
        }
        return doc.body;
    }

    private void closeClipGroup() {
        if (doc.openClip != null) {
            doc.body.append("</g>\n");
            doc.openClip = null;
        }
    }

    private String clipId(Shape deviceClip) {
        String d = rawPath(deviceClip, null);
        return doc.clipIds.computeIfAbsent(d, key -> {
            String id = "c" + doc.clipIds.size();
            doc.defs.append("<clipPath id=\"").append(id).append("\"><path d=\"").append(key)
                    .append("\"/></clipPath>");
            return id;
        });
    }

    private void colour(StringBuilder sb, String attribute) {
        Color colour = paint instanceof Color c ? c : Color.BLACK;
        sb.append(' ').append(attribute).append("=\"").append(Palette.css(colour)).append('"');
        double alpha = colour.getAlpha() / 255.0;
        if (composite instanceof AlphaComposite ac) {
            alpha *= ac.getAlpha();
        }
        if (alpha < 1) {
            sb.append(' ').append(attribute).append("-opacity=\"").append(num(alpha)).append('"');
        }
    }

    private String path(Shape shape) {
        return rawPath(shape, transform);
    }

    private static String rawPath(Shape shape, AffineTransform at) {
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

    // ---- Graphics primitives in terms of draw and fill ----------------------------------------

    @Override
    public void drawLine(int x1, int y1, int x2, int y2) {
        draw(new Line2D.Double(x1, y1, x2, y2));
    }

    @Override
    public void fillRect(int x, int y, int w, int h) {
        fill(new Rectangle(x, y, w, h));
    }

    @Override
    public void clearRect(int x, int y, int w, int h) {
        Paint saved = paint;
        paint = background;
        fill(new Rectangle(x, y, w, h));
        paint = saved;
    }

    @Override
    public void drawRoundRect(int x, int y, int w, int h, int arcWidth, int arcHeight) {
        draw(new RoundRectangle2D.Double(x, y, w, h, arcWidth, arcHeight));
    }

    @Override
    public void fillRoundRect(int x, int y, int w, int h, int arcWidth, int arcHeight) {
        fill(new RoundRectangle2D.Double(x, y, w, h, arcWidth, arcHeight));
    }

    @Override
    public void drawOval(int x, int y, int w, int h) {
        draw(new Ellipse2D.Double(x, y, w, h));
    }

    @Override
    public void fillOval(int x, int y, int w, int h) {
        fill(new Ellipse2D.Double(x, y, w, h));
    }

    @Override
    public void drawArc(int x, int y, int w, int h, int start, int extent) {
        draw(new Arc2D.Double(x, y, w, h, start, extent, Arc2D.OPEN));
    }

    @Override
    public void fillArc(int x, int y, int w, int h, int start, int extent) {
        fill(new Arc2D.Double(x, y, w, h, start, extent, Arc2D.PIE));
    }

    @Override
    public void drawPolyline(int[] xs, int[] ys, int n) {
        if (n < 2) {
            return;
        }
        java.awt.geom.Path2D.Double p = new java.awt.geom.Path2D.Double();
        p.moveTo(xs[0], ys[0]);
        for (int i = 1; i < n; i++) {
            p.lineTo(xs[i], ys[i]);
        }
        draw(p);
    }

    @Override
    public void drawPolygon(int[] xs, int[] ys, int n) {
        draw(new java.awt.Polygon(xs, ys, n));
    }

    @Override
    public void fillPolygon(int[] xs, int[] ys, int n) {
        fill(new java.awt.Polygon(xs, ys, n));
    }

    // ---- images: not used by the charts ---------------------------------------------------------

    private static UnsupportedOperationException noImages() {
        return new UnsupportedOperationException("SvgGraphics does not draw images");
    }

    @Override
    public boolean drawImage(Image img, AffineTransform xform, ImageObserver obs) {
        throw noImages();
    }

    @Override
    public void drawImage(BufferedImage img, BufferedImageOp op, int x, int y) {
        throw noImages();
    }

    @Override
    public void drawRenderedImage(RenderedImage img, AffineTransform xform) {
        throw noImages();
    }

    @Override
    public void drawRenderableImage(RenderableImage img, AffineTransform xform) {
        throw noImages();
    }

    @Override
    public boolean drawImage(Image img, int x, int y, ImageObserver observer) {
        throw noImages();
    }

    @Override
    public boolean drawImage(Image img, int x, int y, int w, int h, ImageObserver observer) {
        throw noImages();
    }

    @Override
    public boolean drawImage(Image img, int x, int y, Color bg, ImageObserver observer) {
        throw noImages();
    }

    @Override
    public boolean drawImage(Image img, int x, int y, int w, int h, Color bg, ImageObserver observer) {
        throw noImages();
    }

    @Override
    public boolean drawImage(Image img, int dx1, int dy1, int dx2, int dy2, int sx1, int sy1, int sx2, int sy2,
            ImageObserver observer) {
        throw noImages();
    }

    @Override
    public boolean drawImage(Image img, int dx1, int dy1, int dx2, int dy2, int sx1, int sy1, int sx2, int sy2,
            Color bg, ImageObserver observer) {
        throw noImages();
    }

    @Override
    public void copyArea(int x, int y, int w, int h, int dx, int dy) {
        throw new UnsupportedOperationException("SvgGraphics cannot copy areas");
    }

    // ---- state ------------------------------------------------------------------------------------

    @Override
    public Graphics create() {
        return new SvgGraphics(this);
    }

    @Override
    public void dispose() {
    }

    @Override
    public boolean hit(Rectangle rect, Shape s, boolean onStroke) {
        Shape device = transform.createTransformedShape(onStroke ? stroke.createStrokedShape(s) : s);
        return device.intersects(rect);
    }

    @Override
    public GraphicsConfiguration getDeviceConfiguration() {
        return doc.measure.getDeviceConfiguration();
    }

    @Override
    public void setComposite(Composite comp) {
        composite = comp;
    }

    @Override
    public Composite getComposite() {
        return composite;
    }

    @Override
    public void setPaint(Paint p) {
        if (p != null) {
            paint = p;
        }
    }

    @Override
    public Paint getPaint() {
        return paint;
    }

    @Override
    public Color getColor() {
        return paint instanceof Color c ? c : Color.BLACK;
    }

    @Override
    public void setColor(Color c) {
        if (c != null) {
            paint = c;
        }
    }

    @Override
    public void setPaintMode() {
        composite = AlphaComposite.SrcOver;
    }

    @Override
    public void setXORMode(Color c) {
        // not used by JFreeChart's static rendering; ignored
    }

    @Override
    public void setStroke(Stroke s) {
        if (s != null) {
            stroke = s;
        }
    }

    @Override
    public Stroke getStroke() {
        return stroke;
    }

    @Override
    public void setBackground(Color color) {
        background = color;
    }

    @Override
    public Color getBackground() {
        return background;
    }

    @Override
    public Font getFont() {
        return font;
    }

    @Override
    public void setFont(Font f) {
        if (f != null) {
            font = f;
        }
    }

    @Override
    public FontMetrics getFontMetrics(Font f) {
        return doc.measure.getFontMetrics(f);
    }

    @Override
    public FontRenderContext getFontRenderContext() {
        return doc.measure.getFontRenderContext();
    }

    @Override
    public void setRenderingHint(RenderingHints.Key key, Object value) {
        hints.put(key, value);
    }

    @Override
    public Object getRenderingHint(RenderingHints.Key key) {
        return hints.get(key);
    }

    @Override
    public void setRenderingHints(Map<?, ?> newHints) {
        hints.clear();
        hints.putAll(newHints);
    }

    @Override
    public void addRenderingHints(Map<?, ?> newHints) {
        hints.putAll(newHints);
    }

    @Override
    public RenderingHints getRenderingHints() {
        return (RenderingHints) hints.clone();
    }

    @Override
    public void translate(int x, int y) {
        transform.translate(x, y);
    }

    @Override
    public void translate(double tx, double ty) {
        transform.translate(tx, ty);
    }

    @Override
    public void rotate(double theta) {
        transform.rotate(theta);
    }

    @Override
    public void rotate(double theta, double x, double y) {
        transform.rotate(theta, x, y);
    }

    @Override
    public void scale(double sx, double sy) {
        transform.scale(sx, sy);
    }

    @Override
    public void shear(double shx, double shy) {
        transform.shear(shx, shy);
    }

    @Override
    public void transform(AffineTransform tx) {
        transform.concatenate(tx);
    }

    @Override
    public void setTransform(AffineTransform tx) {
        transform = new AffineTransform(tx);
    }

    @Override
    public AffineTransform getTransform() {
        return new AffineTransform(transform);
    }

    // ---- clip (kept in device space) ---------------------------------------------------------------

    @Override
    public Shape getClip() {
        if (clip == null) {
            return null;
        }
        try {
            return transform.createInverse().createTransformedShape(clip);
        } catch (NoninvertibleTransformException e) {
            return null;
        }
    }

    @Override
    public Rectangle getClipBounds() {
        Shape user = getClip();
        return user == null ? null : user.getBounds();
    }

    @Override
    public void clipRect(int x, int y, int w, int h) {
        clip(new Rectangle(x, y, w, h));
    }

    @Override
    public void setClip(int x, int y, int w, int h) {
        setClip(new Rectangle(x, y, w, h));
    }

    @Override
    public void setClip(Shape userClip) {
        clip = userClip == null ? null : device(userClip);
    }

    @Override
    public void clip(Shape userClip) {
        if (userClip == null) {
            clip = null;
            return;
        }
        Shape device = device(userClip);
        if (clip == null) {
            clip = device;
        } else if (clip instanceof Rectangle2D a && device instanceof Rectangle2D b) {
            clip = a.createIntersection(b);
        } else {
            Area area = new Area(clip);
            area.intersect(new Area(device));
            clip = area;
        }
    }

    /** User space → device space; rectangles stay rectangles under translation and scaling. */
    private Shape device(Shape user) {
        if (user instanceof Rectangle2D r && (transform.getType() & ~(AffineTransform.TYPE_TRANSLATION
                | AffineTransform.TYPE_UNIFORM_SCALE | AffineTransform.TYPE_GENERAL_SCALE)) == 0) {
            double[] p = {r.getMinX(), r.getMinY(), r.getMaxX(), r.getMaxY()};
            transform.transform(p, 0, p, 0, 2);
            return new Rectangle2D.Double(Math.min(p[0], p[2]), Math.min(p[1], p[3]), Math.abs(p[2] - p[0]),
                    Math.abs(p[3] - p[1]));
        }
        return transform.createTransformedShape(user);
    }
}
