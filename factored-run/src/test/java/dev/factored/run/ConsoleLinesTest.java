package dev.factored.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.factored.analysis.AnalysisOptions;
import dev.factored.analysis.FactoredAnalysis;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.contract.CoresValue;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A param that would colour the build log red, return to the start of its line and turn the rest of it right to left
 * reaches the run's console lines (the summary, a learned warm-up) only as visible escapes. The learned warm-up's
 * fixture is {@link LearnedWarmupTest}'s.
 */
class ConsoleLinesTest {

    private static final String HOSTILE = "x\u001B[31m\ry\u202Eexe";
    private static final String LABEL = "a.B.run(mood=x\\u001B[31m\\u000Dy\\u202Eexe)";

    @TempDir
    Path dir;

    @Test
    void aHostileParamIsShownEscapedInEveryConsoleLine() throws Exception {
        ObjectMapper json = new ObjectMapper();
        ArrayNode entries = json.createArrayNode();
        entry(entries.addObject(), "baseline", 1.0, 1.01, 0.99, 1.0, 1.02);
        entry(entries.addObject(), "1", 3.0, 2.5, 1.0, 1.01, 0.99);
        Path file = dir.resolve("jmh-result.json");
        json.writeValue(file.toFile(), entries);
        Analysis analysis = FactoredAnalysis.analyze(file, new AnalysisOptions(1, 200, 0.95, 64, 0.05));
        FamilyAnalysis family = analysis.families().get(0);
        assertTrue(family.id().label().contains(HOSTILE), family.id().label());

        List<String> lines = new ArrayList<>();
        new LearnedWarmup(lines::add).of(analysis, family.id(), CoresValue.parse("1"));
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(lines.get(0).startsWith("[factored] warm-up learned: " + LABEL + " cores=1: "), lines.get(0));
        AnalysisStep.logSummary(analysis, dir.resolve("analysis.json"), new RunLog() {
            @Override
            public void debug(String message) {
                lines.add(message);
            }

            @Override
            public void info(String message) {
                lines.add(message);
            }

            @Override
            public void warn(String message) {
                lines.add(message);
            }
        });
        // the family's line names it by its short name: the benchmark's class and method
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("[factored]   " + LABEL.substring(2) + ": speedup ")),
                String.join("\n", lines));
        for (String line : lines) {
            for (char c : new char[] {'\u001B', '\r', '\n', '\u202E'}) {
                assertFalse(line.indexOf(c) >= 0, "U+" + Integer.toHexString(c) + " in " + line);
            }
        }
    }

    private static void entry(ObjectNode e, String cores, double... millis) {
        e.put("jmhVersion", "1.37").put("benchmark", "a.B.run").put("mode", "avgt").put("threads", 1)
                .put("forks", 1).put("jvm", "java").put("jdkVersion", "17").put("vmName", "VM")
                .put("vmVersion", "17").put("warmupIterations", 2).put("warmupTime", "100 ms")
                .put("measurementIterations", millis.length).put("measurementTime", "200 ms");
        e.putArray("jvmArgs");
        e.putObject("params").put("cores", cores).put("mood", HOSTILE);
        ObjectNode primary = e.putObject("primaryMetric");
        primary.put("score", millis[millis.length - 1]).put("scoreError", "NaN").put("scoreUnit", "ms/op");
        ArrayNode fork = primary.putArray("rawData").addArray();
        for (double m : millis) {
            fork.add(m);
        }
        e.putObject("secondaryMetrics");
    }
}
