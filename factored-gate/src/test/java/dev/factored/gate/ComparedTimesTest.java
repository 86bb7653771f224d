package dev.factored.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.AnalysisJson;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.point.Point;
import dev.factored.contract.CoresValue;
import dev.factored.gate.comparison.ComparisonResult;
import dev.factored.gate.terms.Compared;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/**
 * A time comparison shows the times of the configuration it compares: T_s, T_e or T_P from the analysis, and none for
 * the span and bandwidth runs, whose times the analysis does not state. On the 16-core run (which has both), a
 * bandwidth-16 row showed T_16 beside a change that was the bandwidth run's own.
 */
class ComparedTimesTest {

    private static final Path ANALYSIS = Path.of("../factored-analysis/src/test/resources/sixteen-cores/analysis.json.gz");

    @Test
    void everyTimeRowShowsItsOwnConfigurationsTimes() throws Exception {
        Analysis analysis;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(ANALYSIS))) {
            analysis = AnalysisJson.read(in.readAllBytes(), "analysis.json");
        }
        Verdict verdict = Gate.check(analysis, analysis, GateConfig.of(List.of()));
        int bandwidth = 0;
        int parallel = 0;
        for (ComparisonResult c : verdict.comparisons()) {
            if (c.compared() != Compared.TIME) {
                continue;
            }
            CoresValue cores = c.subject().cores();
            FamilyAnalysis family = analysis.families().stream()
                    .filter(f -> f.id().equals(c.subject().id())).findFirst().orElseThrow();
            if (cores.isBandwidth() || cores.isSpan()) {
                bandwidth += cores.isBandwidth() ? 1 : 0;
                assertNull(c.baseline(), cores + " of " + c.subject().family() + ": " + c.baseline());
                assertNull(c.current(), cores + " of " + c.subject().family() + ": " + c.current());
            } else if (cores.isParallel()) {
                parallel++;
                Point p = family.point(cores.workers());
                assertEquals(p.times().time(), c.current(), cores + " of " + c.subject().family());
            } else {
                assertEquals(cores.isBaseline() ? family.times().baselineTime() : family.times().elisionTime(),
                        c.current(), cores + " of " + c.subject().family());
            }
        }
        assertTrue(bandwidth >= 10 && parallel >= 60, "bandwidth rows " + bandwidth + ", T_P rows " + parallel);
    }
}
