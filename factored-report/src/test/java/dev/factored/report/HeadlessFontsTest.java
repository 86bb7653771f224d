package dev.factored.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Issue 33: on a headless server whose runtime had no libfreetype, measuring the SVG charts' text made AWT load
 * the platform's fonts ({@code sun.font.SunFontManager} → {@link UnsatisfiedLinkError}) and the run ended without a
 * report. A child JVM of this runtime writes a report with every kind of chart under {@code -verbose:class}; the
 * classes it loads must not include the font machinery.
 *
 * <p>The rule is not "no {@code sun.font} class at all": JFreeChart draws with {@link java.awt.Font} objects, and
 * {@code java.awt.Font}'s own class initialiser loads {@code sun.font.FontAccess} (to register its accessor) and
 * {@code sun.font.AttributeValues} and {@code sun.font.EAttribute} (for its attribute masks) on JDK 17 and 25. Those
 * are plain Java classes that load no native library. So the allowance is measured, not listed: whatever initialising
 * {@code java.awt.Font} alone loads in a JVM of its own on the same runtime, and nothing more.
 */
class HeadlessFontsTest {

    /** The font machinery that loads or reads the platform's fonts; none may appear, allowance or not. */
    private static final List<String> MACHINERY = List.of("sun.font.SunFontManager", "sun.font.FontManager",
            "sun.font.FontManagerFactory", "sun.font.FontManagerNativeLibrary", "sun.font.FileFont",
            "sun.font.TrueTypeFont", "sun.font.FreetypeFontScaler", "sun.font.StrikeCache", "sun.font.Font2D",
            "sun.font.FontDesignMetrics");

    private static final Pattern LOADED = Pattern.compile("\\[class,load\\] (\\S+) source:");

    /** Initialises java.awt.Font and nothing else: what that loads of sun.font is the allowance. */
    static final class FontClassOnly {
        public static void main(String[] args) throws ClassNotFoundException {
            Class.forName("java.awt.Font");
        }
    }

    @Test
    void theSvgReportLoadsNoFontMachinery(@TempDir Path dir) throws Exception {
        Path report = dir.resolve("report");
        Set<String> loaded = sunFontClasses(runJava(dir.resolve("report.log"), HeadlessReport.class.getName(),
                report.toString()));
        Set<String> fontClassOnly = sunFontClasses(runJava(dir.resolve("font.log"), FontClassOnly.class.getName()));

        for (String machinery : MACHINERY) {
            assertFalse(fontClassOnly.contains(machinery), "java.awt.Font's own initialiser loads " + machinery);
            assertFalse(loaded.contains(machinery), "rendering the report loaded " + machinery + ": " + loaded);
        }
        Set<String> beyond = new TreeSet<>(loaded);
        beyond.removeAll(fontClassOnly);
        assertEquals(Set.of(), beyond, "sun.font classes loaded beyond java.awt.Font's initialiser " + fontClassOnly);
        assertWhole(report);
    }

    /** The page and every chart it shows were written; every chart parses, and its text has a width. */
    private static void assertWhole(Path report) throws Exception {
        String html = Files.readString(report.resolve("index.html"));
        Matcher src = Pattern.compile("<img src=\"([^\"]+\\.svg)\"").matcher(html);
        List<Path> charts = new ArrayList<>();
        while (src.find()) {
            charts.add(report.resolve(src.group(1)));
        }
        assertTrue(charts.size() >= 20, "every family's charts: " + charts.size());
        int texts = 0;
        for (Path chart : charts) {
            NodeList text = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(chart.toFile())
                    .getElementsByTagName("text");
            for (int i = 0; i < text.getLength(); i++) {
                Element element = (Element) text.item(i);
                if (!element.getTextContent().isBlank()) {
                    assertTrue(Double.parseDouble(element.getAttribute("textLength")) > 0, chart + ": " + element
                            .getTextContent());
                    texts++;
                }
            }
        }
        assertTrue(texts > 10 * charts.size(), "titles, axes, ticks and legends: " + texts);
    }

    /** Runs a main class of the test classpath in a child JVM of this runtime; returns its class-loading log. */
    private static String runJava(Path log, String mainClass, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-verbose:class", "-Djava.awt.headless=true", "-cp", System.getProperty("java.class.path"), mainClass));
        command.addAll(List.of(args));
        Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!child.waitFor(5, TimeUnit.MINUTES)) {
            child.destroyForcibly();
            throw new AssertionError(mainClass + " did not finish in 5 minutes");
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertEquals(0, child.exitValue(), () -> mainClass + " failed:\n" + withoutClassLoading(output));
        return output;
    }

    private static Set<String> sunFontClasses(String log) {
        Set<String> classes = new TreeSet<>();
        Matcher loaded = LOADED.matcher(log);
        while (loaded.find()) {
            if (loaded.group(1).startsWith("sun.font.")) {
                classes.add(loaded.group(1));
            }
        }
        return classes;
    }

    private static String withoutClassLoading(String output) {
        return String.join("\n", output.lines().filter(line -> !line.contains("[class,load]")).toList());
    }
}
