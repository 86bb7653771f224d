package dev.factored.gate;

import static dev.factored.gate.Fixtures.analysis;
import static dev.factored.gate.Fixtures.est;
import static dev.factored.gate.Fixtures.family;
import static dev.factored.gate.Fixtures.point;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.point.Losses;
import dev.factored.gate.rules.Rule;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A gated loss that is none measured reads so in the gate's views, never as an interval [0, 0] (issue 43, item 4). */
class ZeroWordsTest {

    @Test
    void aNoneMeasuredLossReadsSoInTheTableTheSummaryTheReasonAndCheckJson(@TempDir Path dir) throws Exception {
        Analysis current = analysis(family("b.Sorts.mergeSort")
                .baseline(est(1e-3, 0.99e-3, 1.01e-3))
                .point(point(4, est(0.4e-3, 0.39e-3, 0.41e-3), Estimate.noneMeasured(false, false),
                        est(2.5, 2.4, 2.6), new Losses(null, null, Estimate.noneMeasured(false, false), null)))
                .build());
        Verdict verdict = Gate.check(current, null, GateConfig.of(List.of(
                Rule.of("Sorts", null, "4", "idle-loss", null, "1", null))));
        String table = VerdictOutput.table(verdict);
        String summary = VerdictOutput.markdown(verdict, current);
        for (String view : List.of(table, summary)) {
            assertTrue(view.contains("(none measured)"), view);
            assertFalse(view.contains("[0, 0]"), view);
        }
        assertTrue(verdict.rules().get(0).reason().contains("0x (none measured) meets <= 1"),
                verdict.rules().get(0).reason());
        Verdict below = Gate.check(current, null, GateConfig.of(List.of(
                Rule.of("Sorts", null, "4", "idle-loss", "0.5", null, null))));
        assertEquals("0x (none measured) is below the minimum 0.5", below.rules().get(0).reason(),
                "a zero has no interval to be wholly below the minimum");
        VerdictOutput.json(verdict, dir.resolve("check.json"));
        String json = Files.readString(dir.resolve("check.json"));
        assertTrue(json.contains("\"zero\" : \"noneMeasured\""), json);
    }
}
