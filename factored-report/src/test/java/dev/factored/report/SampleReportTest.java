package dev.factored.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Writes the sample report to target/sample-report/ (SVG charts) and target/sample-report-png/ (PNG
 * charts, e.g. for a README picture) so that people can look at it, and checks that both were written.
 */
class SampleReportTest {

    @Test
    void writesTheSampleReports() throws Exception {
        Path svg = FactoredReport.writeStandalone(SampleReports.all(), Path.of("target", "sample-report"));
        Path png = FactoredReport.writeStandalone(SampleReports.all(), Path.of("target", "sample-report-png"),
                ImageFormat.PNG);
        int families = SampleReports.all().families().size();
        for (Path index : new Path[] {svg, png}) {
            String html = Files.readString(index);
            assertEquals(families, html.split("<section class=\"fct-family\"", -1).length - 1, "a section per family");
            Matcher src = Pattern.compile("<img src=\"([^\"]+)\"").matcher(html);
            int images = 0;
            while (src.find()) {
                Path image = index.getParent().resolve(src.group(1));
                assertTrue(Files.size(image) > 0, image + " is empty");
                images++;
            }
            try (Stream<Path> written = Files.list(index.getParent().resolve("factored"))) {
                assertEquals(images, written.filter(p -> p.toString().endsWith(index == svg ? ".svg" : ".png")).count(),
                        "every image written is used, and only those");
            }
            assertEquals(14, images);
        }
    }
}
