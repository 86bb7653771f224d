package dev.factored.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.text.Numbers;
import dev.factored.text.Untrusted;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FactoredReportTest {

    private static final RenderedReport SAMPLE = FactoredReport.render(SampleReports.all());

    private static Set<String> all(Pattern pattern, String text) {
        Set<String> found = new HashSet<>();
        Matcher m = pattern.matcher(text);
        while (m.find()) {
            found.add(m.group(1));
        }
        return found;
    }

    @Test
    void isAFragmentWithScopedStyles() {
        String html = Fixtures.asRead(SAMPLE.bodyHtml());
        assertTrue(html.startsWith("<div class=\"fct-report\">"));
        assertFalse(html.contains("<html") || html.contains("<head") || html.contains("<body"));
        String css = html.substring(html.indexOf("<style>") + 7, html.indexOf("</style>"));
        for (String rule : css.split("}")) {
            String selectors = rule.contains("{") ? rule.substring(0, rule.indexOf('{')).trim() : "";
            for (String selector : selectors.isEmpty() ? new String[0] : selectors.split(",")) {
                assertTrue(selector.trim().startsWith(".fct-report"), "unscoped CSS selector: " + selector);
            }
        }
    }

    @Test
    void escapesUntrustedNamesParamsDiagnosisAndWarnings() {
        String html = Fixtures.asRead(SAMPLE.bodyHtml());
        assertFalse(html.contains("<script>"), "raw script tag in the report");
        assertFalse(html.contains("<img src=x"), "raw diagnosis HTML in the report");
        assertFalse(html.contains("<b>bold"), "raw param HTML in the report");
        assertTrue(html.contains("evil.&lt;script&gt;alert(1)&lt;/script&gt;"));
        assertTrue(html.contains("name=&quot;quoted&quot; &amp; &#39;single&#39; &lt;b&gt;bold&lt;/b&gt;"));
        assertTrue(html.contains("&lt;img src=x onerror=alert(2)&gt; is slow."));
        assertTrue(html.contains("&lt;/table&gt;&lt;script&gt;alert(3)&lt;/script&gt;"));
        // attributes too: the chart's alt text carries the name
        assertTrue(html.contains("alt=\"Factored speedup chart of evil.&lt;script&gt;"));
    }

    @Test
    void everyImageIsInFilesAndEveryFileIsUsed() {
        Set<String> sources = all(Pattern.compile("<img src=\"([^\"]+)\""), SAMPLE.bodyHtml());
        assertEquals(SAMPLE.files().keySet(), sources);
        assertEquals(14, sources.size()); // two charts for each of the seven families with points
        for (String name : sources) {
            assertTrue(name.matches("factored/[a-z0-9-]+-(speedup|components)\\.svg"), name);
            assertTrue(SAMPLE.files().get(name).length > 1000, name);
        }
    }

    @Test
    void everyLinkHasItsAnchor() {
        Set<String> links = all(Pattern.compile("href=\"#([^\"]+)\""), SAMPLE.bodyHtml());
        Set<String> ids = all(Pattern.compile("id=\"([^\"]+)\""), SAMPLE.bodyHtml());
        assertEquals(9, links.size()); // eight families and the summary
        assertTrue(ids.containsAll(links), "links without anchors: " + links + " vs " + ids);
        for (String id : ids) {
            assertTrue(id.matches("fct-[a-z0-9-]+"), id);
        }
    }

    @Test
    void summarisesTheLargestPoint() {
        FamilyAnalysis family = SampleReports.twelvePoints();
        var largest = family.largestPoint();
        String html = Fixtures.asRead(SAMPLE.bodyHtml());
        assertTrue(html.contains("<td class=\"fct-num\">128</td><td class=\"fct-num\">"
                + Untrusted.html(Numbers.speedup(largest.speedups().actual())) + "</td><td class=\"fct-num\">"
                + Numbers.percent(largest.shares().efficiency()) + "</td><td>idle "),
                "summary row of the twelve-point family");
        assertTrue(html.contains("no parallel configuration measured"));
        assertTrue(html.contains("Idle time is the largest loss at P = 128: the program lacks parallelism."));
    }

    @Test
    void saysWhatWasNotMeasuredAndWhatWasOversubscribed() {
        String html = Fixtures.asRead(SAMPLE.bodyHtml());
        assertTrue(html.contains("<td class=\"fct-num fct-na\">not measured</td>"));
        assertTrue(html.contains("Absent because not measured: elision curve (all P); idle-specific curve (P = 1, 2, 8)"),
                "caption of the speedup chart with missing values");
        assertTrue(html.contains("Left out of the bars because not measured (so those bars do not add up to P): "
                + "work inflation (P = 1, 2, 8); idle time (P = 1, 2, 8); scheduling overhead (all P); "
                + "algorithmic overhead (all P)."), html);
        assertTrue(html.contains("P = 8 on 4 CPUs \u2014 oversubscribed"));
        assertTrue(html.contains("class=\"fct-warnings\""));
    }

    @Test
    void showsTimesInHumanUnitsWithIntervals() {
        String html = Fixtures.asRead(SAMPLE.bodyHtml());
        assertTrue(html.contains(">10.0 ms [9.70, 10.3]<"), "T_s of the fixtures");
        assertTrue(html.contains("OpenJDK 64-Bit Server VM 17.0.15+6"));
        assertTrue(html.contains("3 iterations of 1 s"));
    }

    @Test
    void numbersIgnoreTheDefaultLocale() {
        Locale saved = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            String html = Fixtures.asRead(FactoredReport.render(Fixtures.analysis(SampleReports.twelvePoints())).bodyHtml());
            assertTrue(html.contains(">10.0 ms [9.70, 10.3]<"));
            assertFalse(Pattern.compile("\\d,\\d+x").matcher(html).find(), "decimal comma in a speedup");
        } finally {
            Locale.setDefault(saved);
        }
    }

    @Test
    void namesTheModeWhenFamiliesDifferOnlyByMode() {
        String html = FactoredReport.render(Fixtures.analysis(
                Fixtures.family("a.B.c").scaling(1, 2).build(),
                Fixtures.family("a.B.c").mode("thrpt").scaling(1, 2).build())).bodyHtml();
        html = Fixtures.asRead(html);
        assertTrue(html.contains("mode avgt"));
        assertTrue(html.contains("mode thrpt"));
    }

    @Test
    void renderingIsDeterministic() {
        RenderedReport again = FactoredReport.render(SampleReports.all());
        assertEquals(SAMPLE.bodyHtml(), again.bodyHtml());
        assertEquals(SAMPLE.files().keySet(), again.files().keySet());
        for (String name : SAMPLE.files().keySet()) {
            assertTrue(java.util.Arrays.equals(SAMPLE.files().get(name), again.files().get(name)), name);
        }
    }

    @Test
    void showsFileLevelWarningsEscaped() {
        var analysis = new dev.factored.analysis.model.Analysis(1, "in.json", null, 42, 2000, 0.95,
                java.util.List.of("2 entries left out: <bad> & \"odd\""), java.util.List.of(SampleReports.onePoint()));
        String html = Fixtures.asRead(FactoredReport.render(analysis).bodyHtml());
        assertTrue(html.contains("About the whole result file"));
        assertTrue(html.contains("<li>2 entries left out: &lt;bad&gt; &amp; &quot;odd&quot;</li>"));
    }

    @Test
    void writesAStandalonePageWithItsImages(@TempDir Path dir) throws Exception {
        Path index = FactoredReport.writeStandalone(SampleReports.all(), dir.resolve("report"));
        assertEquals(dir.resolve("report").resolve("index.html").toAbsolutePath(), index);
        String page = Files.readString(index);
        assertTrue(page.startsWith("<!DOCTYPE html>"));
        assertTrue(page.contains("<meta charset=\"utf-8\">"));
        for (String name : SAMPLE.files().keySet()) {
            assertTrue(Files.size(index.getParent().resolve(name)) > 1000, name);
        }
    }

    @Test
    void writesPngChartsOnRequest(@TempDir Path dir) throws Exception {
        Path index = FactoredReport.writeStandalone(Fixtures.analysis(SampleReports.negativeInflation()), dir,
                ImageFormat.PNG);
        String page = Files.readString(index);
        Matcher m = Pattern.compile("<img src=\"([^\"]+\\.png)\" width=\"(\\d+)\" height=\"(\\d+)\"").matcher(page);
        int images = 0;
        while (m.find()) {
            BufferedImage image = ImageIO.read(index.getParent().resolve(m.group(1)).toFile());
            assertEquals(2 * Integer.parseInt(m.group(2)), image.getWidth(), m.group(1));
            assertEquals(2 * Integer.parseInt(m.group(3)), image.getHeight(), m.group(1));
            images++;
        }
        assertEquals(2, images);
    }
}
