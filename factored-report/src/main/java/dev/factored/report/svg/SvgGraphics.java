package dev.factored.report.svg;

import java.awt.AlphaComposite;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Composite;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Graphics;
import java.awt.GraphicsConfiguration;
import java.awt.Paint;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.Stroke;
import java.awt.font.FontRenderContext;
import java.awt.font.GlyphVector;
import java.awt.font.TextLayout;
import java.awt.geom.AffineTransform;
import java.awt.geom.Area;
import java.awt.geom.NoninvertibleTransformException;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.text.AttributedCharacterIterator;
import java.util.Map;

/**
 * A Graphics2D that writes SVG, for what JFreeChart draws: shapes in solid colours with basic strokes,
 * alpha composites, rectangular or general clips, and text. It lets the report keep JFreeChart's
 * layout while producing vector images: crisp at any pixel density, small, and far cheaper than
 * rasterising and PNG-encoding hundreds of charts.
 *
 * <p>This class keeps the drawing state (transform, paint, stroke, font, composite, clip) and turns each
 * drawing call into device-space geometry for {@link SvgDocument}, which writes the elements. Text is measured
 * with the metrics the report carries for its font ({@link TableFontMetrics}, {@link ReportFont}), never with the
 * platform's fonts, so a headless server without any (or without the library AWT loads them with) still gets its
 * charts. Text drawn through glyph vectors or attributed strings becomes outlines and does need the platform's
 * fonts; JFreeChart draws neither in the report's charts ({@link Svg} makes it draw rotated text as text).
 *
 * <p>The SVG surface is our own because JFreeSVG, JFreeChart's companion for SVG output, is licensed
 * under the GPLv3, which is incompatible with this Apache-2.0 project.
 */
final class SvgGraphics extends ShapeGraphics {

    private final SvgDocument doc;
    private final int width;
    private final int height;
    private AffineTransform transform = new AffineTransform();
    private Paint paint = Color.BLACK;
    private Color background = Color.WHITE;
    private Stroke stroke = new BasicStroke(1f);
    private Font font = new ReportFont(Font.PLAIN, 12);
    private Composite composite = AlphaComposite.SrcOver;
    private Shape clip; // device space, null = none
    private final RenderingHints hints = new RenderingHints(null);

    SvgGraphics(int width, int height) {
        this.doc = new SvgDocument();
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
        return doc.toSvg(width, height);
    }

    // ---- drawing ----------------------------------------------------------------------------

    @Override
    public void draw(Shape shape) {
        if (!(stroke instanceof BasicStroke basic)) {
            fill(stroke.createStrokedShape(shape));
            return;
        }
        String d = SvgDocument.path(shape, transform);
        if (!d.isEmpty()) {
            doc.stroke(d, clip, SvgDocument.Ink.of(paint, composite), basic,
                    Math.sqrt(Math.abs(transform.getDeterminant())));
        }
    }

    @Override
    public void fill(Shape shape) {
        String d = SvgDocument.path(shape, transform);
        if (!d.isEmpty()) {
            doc.fill(d, clip, SvgDocument.Ink.of(paint, composite));
        }
    }

    @Override
    public void drawString(String text, float x, float y) {
        if (text == null || text.isEmpty()) {
            return;
        }
        double advance = FontTable.of(font).width(text, 0, text.length(), font.getSize2D());
        doc.text(text, x, y, transform, font, advance, clip, SvgDocument.Ink.of(paint, composite));
    }

    /** Outlines through AWT's text layout, which needs the platform's fonts; not reached by the report's charts. */
    @Override
    public void drawString(AttributedCharacterIterator iterator, float x, float y) {
        TextLayout layout = new TextLayout(iterator, getFontRenderContext());
        fill(layout.getOutline(AffineTransform.getTranslateInstance(x, y)));
    }

    @Override
    public void drawGlyphVector(GlyphVector glyphs, float x, float y) {
        fill(glyphs.getOutline(x, y));
    }

    @Override
    public void clearRect(int x, int y, int w, int h) {
        Paint saved = paint;
        paint = background;
        fill(new Rectangle(x, y, w, h));
        paint = saved;
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

    /** An image's configuration, made only when asked: JFreeChart's drawing never asks. */
    @Override
    public GraphicsConfiguration getDeviceConfiguration() {
        Graphics2D scratch = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics();
        try {
            return scratch.getDeviceConfiguration();
        } finally {
            scratch.dispose();
        }
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

    /** Any font becomes a report font: JFreeChart asks {@code getFont()} for line metrics directly. */
    @Override
    public void setFont(Font f) {
        if (f != null) {
            font = ReportFont.of(f);
        }
    }

    @Override
    public FontMetrics getFontMetrics(Font f) {
        return new TableFontMetrics(f);
    }

    @Override
    public FontRenderContext getFontRenderContext() {
        return FontTable.CONTEXT;
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
