package dev.factored.report;

import dev.factored.report.charts.ComponentsChart;
import dev.factored.report.charts.ReportText;
import dev.factored.report.charts.SpeedupChart;
import dev.factored.report.svg.Png;
import dev.factored.report.svg.Svg;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.text.Untrusted;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/**
 * A benchmark param with a character outside the Basic Multilingual Plane (an emoji) and a
 * right-to-left override, through the real report code: the SVG charts must parse as XML with the
 * emoji as its one code point and the override shown as the escape text, and the HTML likewise.
 */
class UntrustedTextTest {

    static final int GRINNING_FACE = 0x1F600;
    static final String EMOJI = new String(Character.toChars(GRINNING_FACE));
    static final String RLO = "\u202E"; // RIGHT-TO-LEFT OVERRIDE
    static final String RLO_SHOWN = "\\u202E"; // the six characters backslash, u, 2, 0, 2, E

    static FamilyAnalysis family() {
        return Fixtures.family("dev.example.EmojiBench.run")
                .param("mood", EMOJI + " happy " + RLO + "gnp.exe")
                .param("tricky", "lone\uD83D half, nul\u0000, line\u2028break, \uFFFE")
                .scaling(1, 2, 4)
                .diagnosis("Idle time is the largest loss at P = 4.")
                .build();
    }

    private static Document parse(byte[] svg) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new ByteArrayInputStream(svg));
    }

    private static List<String> texts(Document doc) {
        NodeList nodes = doc.getElementsByTagName("text");
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            texts.add(nodes.item(i).getTextContent());
        }
        return texts;
    }

    private static void assertNeutralised(String text) {
        text.codePoints().forEach(cp -> assertFalse(Untrusted.unsafe(cp) && cp != '\n',
                () -> "U+" + Integer.toHexString(cp).toUpperCase() + " reached the output"));
    }

    @Test
    void bothSvgChartsParseWithTheEmojiAndTheOverrideNeutralised() throws Exception {
        FamilyAnalysis family = family();
        byte[] speedup = Svg.render(SpeedupChart.create(family, 0.95), 760, 480);
        byte[] components = Svg.render(ComponentsChart.create(family), 760, 420);
        for (byte[] svg : List.of(speedup, components)) {
            Document doc = parse(svg);
            assertEquals("svg", doc.getDocumentElement().getTagName());
            String title = String.join(" ", texts(doc)); // the title may be wrapped onto two <text> lines
            assertTrue(title.contains("mood="), title);
            assertTrue(title.codePoints().anyMatch(cp -> cp == GRINNING_FACE), "the emoji as one code point: " + title);
            assertFalse(title.contains(RLO), title);
            assertTrue(title.contains(RLO_SHOWN + "gnp.exe"), title);
            assertTrue(title.contains("lone\\uD83D half"), title);
            String raw = new String(svg, java.nio.charset.StandardCharsets.UTF_8);
            assertFalse(raw.contains("&#55357;") || raw.contains("&#xD83D;"), "a surrogate half as a reference");
            assertNeutralised(raw);
        }
    }

    @Test
    void theReportsHtmlAndChartFilesAreNeutralised() throws Exception {
        RenderedReport report = FactoredReport.render(Fixtures.analysis(family()));
        String html = report.bodyHtml();
        assertTrue(html.contains("mood=" + EMOJI + " happy " + RLO_SHOWN + "gnp.exe"), "params in the heading");
        assertTrue(html.contains("alt=\"Factored speedup chart of EmojiBench.run (mood=" + EMOJI), "alt attribute");
        assertTrue(html.contains("nul\\u0000, line\\u2028break, \\uFFFE"), "controls, separators, noncharacters");
        assertFalse(html.contains(RLO));
        assertNeutralised(html);
        assertEquals(2, report.files().size());
        for (Map.Entry<String, byte[]> file : report.files().entrySet()) {
            List<String> texts = texts(parse(file.getValue()));
            assertTrue(texts.stream().anyMatch(t -> t.codePoints().anyMatch(cp -> cp == GRINNING_FACE)), file.getKey());
            assertTrue(texts.stream().anyMatch(t -> t.contains(RLO_SHOWN)), file.getKey());
        }
    }

    @Test
    void pngChartsDrawTheNeutralisedTitle() throws Exception {
        byte[] png = Png.render(SpeedupChart.create(family(), 0.95), 760, 480);
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
        assertEquals(1520, image.getWidth());
        assertFalse(SpeedupChart.create(family(), 0.95).getTitle().getText().contains(RLO));
    }

    @Test
    void abbreviatingNeverSplitsASurrogatePair() {
        String text = "x".repeat(118) + EMOJI + "tail"; // the pair sits at chars 118 and 119
        String cut = ReportText.abbreviate(text, 120);
        assertEquals("x".repeat(118) + "…", cut);
        String fits = ReportText.abbreviate("x".repeat(117) + EMOJI + "tail", 120);
        assertEquals("x".repeat(117) + EMOJI + "…", fits);
    }
}
