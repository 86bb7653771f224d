package dev.factored.report.svg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.AlphaComposite;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

class SvgGraphicsTest {

    private static Document parse(String svg) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void writesShapesInDeviceCoordinatesWithTheirColours() throws Exception {
        SvgGraphics g2 = new SvgGraphics(100, 50);
        g2.translate(10, 5);
        g2.setPaint(new Color(0xD5, 0x5E, 0x00));
        g2.fill(new Rectangle2D.Double(0, 0, 20, 10));
        g2.setStroke(new BasicStroke(2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND, 1f, new float[] {6, 4}, 0));
        g2.setComposite(AlphaComposite.getInstance(AlphaComposite.SRC_OVER, 0.5f));
        g2.drawLine(0, 0, 30, 0);
        Document doc = parse(g2.toSvg());
        Element fill = (Element) doc.getElementsByTagName("path").item(0);
        assertEquals("M10 5L30 5L30 15L10 15L10 5Z", fill.getAttribute("d"));
        assertEquals("#d55e00", fill.getAttribute("fill"));
        Element line = (Element) doc.getElementsByTagName("path").item(1);
        assertEquals("none", line.getAttribute("fill"));
        assertEquals("2", line.getAttribute("stroke-width"));
        assertEquals("6 4", line.getAttribute("stroke-dasharray"));
        assertEquals("0.5", line.getAttribute("stroke-opacity"));
        assertEquals("round", line.getAttribute("stroke-linecap"));
    }

    @Test
    void escapesTextAndKeepsItsMeasuredWidth() throws Exception {
        SvgGraphics g2 = new SvgGraphics(200, 50);
        g2.setFont(new Font("DejaVu Sans", Font.BOLD, 12));
        g2.drawString("<script>alert('x') & \u2014", 5f, 20f);
        String svg = g2.toSvg();
        assertTrue(!svg.contains("<script>"), svg);
        Element text = (Element) parse(svg).getElementsByTagName("text").item(0);
        assertEquals("<script>alert('x') & \u2014", text.getTextContent());
        assertEquals("bold", text.getAttribute("font-weight"));
        assertTrue(Double.parseDouble(text.getAttribute("textLength")) > 50);
    }

    @Test
    void measuresTextWithTheCarriedMetricsWhateverTheFont() throws Exception {
        SvgGraphics g2 = new SvgGraphics(200, 50);
        g2.setFont(new Font("SansSerif", Font.PLAIN, 13)); // JFreeChart's default family: drawn as DejaVu Sans
        assertInstanceOf(ReportFont.class, g2.getFont());
        assertInstanceOf(TableFontMetrics.class, g2.getFontMetrics());
        assertEquals(FontTable.CONTEXT, g2.getFontRenderContext());
        g2.drawString("cores P", 5f, 20f);
        Element text = (Element) parse(g2.toSvg()).getElementsByTagName("text").item(0);
        float width = FontTableFile.REGULAR.width("cores P", 0, 7, 13);
        assertEquals(SvgDocument.num(width), text.getAttribute("textLength"));
        assertEquals(Math.round(width), g2.getFontMetrics().stringWidth("cores P"));
    }

    @Test
    void keepsSupplementaryCharactersWholeAndShowsWhatXmlForbids() throws Exception {
        String emoji = new String(Character.toChars(0x1F600));
        SvgGraphics g2 = new SvgGraphics(300, 50);
        g2.drawString("p=" + emoji + "\u202E\u0000\uD83D\uFFFF<&>", 5f, 20f);
        String svg = g2.toSvg();
        assertTrue(svg.contains("p=" + emoji), svg);
        String text = parse(svg).getElementsByTagName("text").item(0).getTextContent();
        assertEquals("p=" + emoji + "\\u202E\\u0000\\uD83D\\uFFFF<&>", text);
        assertEquals(0x1F600, text.codePointAt(2));
    }

    @Test
    void clipsAreDefinedOnceAndGroupsBalance() throws Exception {
        SvgGraphics g2 = new SvgGraphics(100, 100);
        Graphics2D copy = (Graphics2D) g2.create();
        copy.clip(new Rectangle2D.Double(10, 10, 50, 50));
        copy.fill(new Rectangle2D.Double(0, 0, 100, 100));
        copy.fill(new Rectangle2D.Double(5, 5, 10, 10));
        copy.dispose();
        g2.fill(new Rectangle2D.Double(0, 0, 1, 1)); // unclipped
        Document doc = parse(g2.toSvg());
        assertEquals(1, doc.getElementsByTagName("clipPath").getLength());
        assertEquals(1, doc.getElementsByTagName("g").getLength());
        assertEquals(2, ((Element) doc.getElementsByTagName("g").item(0)).getElementsByTagName("path").getLength());
    }

    @Test
    void numbersHaveOneDecimalAndNoExponent() {
        assertEquals("0", SvgDocument.num(0.01));
        assertEquals("12.5", SvgDocument.num(12.46));
        assertEquals("-3", SvgDocument.num(-3.0));
        assertEquals("100000", SvgDocument.num(1e5));
        assertEquals("0.1", SvgDocument.num(1e-1));
    }
}
