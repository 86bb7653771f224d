package dev.factored.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.contract.CoresValue;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A param that would colour the build log red, return to the start of its line and turn the rest of it right to left
 * reaches the run's console lines (the summary, a learned warm-up) only as visible escapes. The learned warm-up's
 * fixture is {@link SlowStartFixture}, as {@link LearnedWarmupTest}'s.
 */
class ConsoleLinesTest {

    private static final String HOSTILE = "x\u001B[31m\ry\u202Eexe";
    private static final String LABEL = "a.B.run(mood=x\\u001B[31m\\u000Dy\\u202Eexe)";

    @TempDir
    Path dir;

    @Test
    void aHostileParamIsShownEscapedInEveryConsoleLine() throws Exception {
        Analysis analysis = SlowStartFixture.analysed(dir, Map.of("mood", HOSTILE));
        FamilyAnalysis family = analysis.families().get(0);
        assertTrue(family.id().label().contains(HOSTILE), family.id().label());

        List<String> lines = new ArrayList<>();
        new LearnedWarmup(lines::add).of(analysis, family.id(), CoresValue.parse("1"));
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(lines.get(0).startsWith("[factored] warm-up learned: " + LABEL + " cores=1: "), lines.get(0));
        AnalysisStep.logSummary(analysis, dir.resolve("analysis.json"), CollectingLog.into(lines, true));
        // the family's line names it by its short name: the benchmark's class and method
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("[factored]   " + LABEL.substring(2) + ": speedup ")),
                String.join("\n", lines));
        for (String line : lines) {
            for (char c : new char[] {'\u001B', '\r', '\n', '\u202E'}) {
                assertFalse(line.indexOf(c) >= 0, "U+" + Integer.toHexString(c) + " in " + line);
            }
        }
    }
}
