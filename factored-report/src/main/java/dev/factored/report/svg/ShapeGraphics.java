package dev.factored.report.svg;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.Image;
import java.awt.Polygon;
import java.awt.Rectangle;
import java.awt.geom.AffineTransform;
import java.awt.geom.Arc2D;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.awt.image.BufferedImageOp;
import java.awt.image.ImageObserver;
import java.awt.image.RenderedImage;
import java.awt.image.renderable.RenderableImage;
import java.text.AttributedCharacterIterator;

/**
 * A {@link Graphics2D} that draws only shapes and text: {@code java.awt.Graphics}' integer-coordinate operations
 * become Graphics2D's {@code draw}, {@code fill}, {@code clip} and float {@code drawString}, and images are refused
 * (JFreeChart draws none in the report's charts). {@link SvgGraphics} implements the rest.
 */
abstract class ShapeGraphics extends Graphics2D {

    @Override
    public void drawString(String text, int x, int y) {
        drawString(text, (float) x, (float) y);
    }

    @Override
    public void drawString(AttributedCharacterIterator iterator, int x, int y) {
        drawString(iterator, (float) x, (float) y);
    }

    @Override
    public void drawLine(int x1, int y1, int x2, int y2) {
        draw(new Line2D.Double(x1, y1, x2, y2));
    }

    @Override
    public void fillRect(int x, int y, int w, int h) {
        fill(new Rectangle(x, y, w, h));
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
        Path2D.Double p = new Path2D.Double();
        p.moveTo(xs[0], ys[0]);
        for (int i = 1; i < n; i++) {
            p.lineTo(xs[i], ys[i]);
        }
        draw(p);
    }

    @Override
    public void drawPolygon(int[] xs, int[] ys, int n) {
        draw(new Polygon(xs, ys, n));
    }

    @Override
    public void fillPolygon(int[] xs, int[] ys, int n) {
        fill(new Polygon(xs, ys, n));
    }

    @Override
    public void clipRect(int x, int y, int w, int h) {
        clip(new Rectangle(x, y, w, h));
    }

    @Override
    public void setClip(int x, int y, int w, int h) {
        setClip(new Rectangle(x, y, w, h));
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
}
