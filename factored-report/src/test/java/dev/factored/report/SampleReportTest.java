package dev.factored.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
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
        for (Path index : new Path[] {svg, png}) {
            assertTrue(Files.size(index) > 1000);
            try (Stream<Path> images = Files.list(index.getParent().resolve("factored"))) {
                assertEquals(14, images.filter(p -> p.toString().endsWith(index == svg ? ".svg" : ".png")).count());
            }
        }
    }
}
