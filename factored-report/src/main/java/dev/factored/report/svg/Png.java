package dev.factored.report.svg;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import org.jfree.chart.JFreeChart;

/**
 * Renders a chart to PNG at twice its display size: the HTML shows it at {@code width × height} CSS
 * pixels, so it stays crisp on high-density screens.
 */
public final class Png {

    /** Pixels per CSS pixel. */
    static final int SCALE = 2;

    private Png() {
    }

    public static byte[] render(JFreeChart chart, int width, int height) {
        BufferedImage image = new BufferedImage(width * SCALE, height * SCALE, BufferedImage.TYPE_INT_RGB);
        Graphics2D g2 = image.createGraphics();
        try {
            g2.setRenderingHints(chart.getRenderingHints());
            g2.scale(SCALE, SCALE);
            chart.draw(g2, new Rectangle2D.Double(0, 0, width, height));
        } finally {
            g2.dispose();
        }
        return encode(image);
    }

    private static byte[] encode(BufferedImage image) {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("png").next();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 * 1024);
        try (ImageOutputStream out = ImageIO.createImageOutputStream(bytes)) {
            writer.setOutput(out);
            ImageWriteParam param = writer.getDefaultWriteParam();
            // charts are flat colour: a fast deflate level costs little size and much time saved
            param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
            param.setCompressionQuality(0.75f);
            writer.write(null, new IIOImage(image, null, null), param);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot encode a chart as PNG in memory", e);
        } finally {
            writer.dispose();
        }
        return bytes.toByteArray();
    }
}
