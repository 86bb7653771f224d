package dev.factored.jmh.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.factored.analysis.AnalysisOptions;
import dev.factored.analysis.FactoredAnalysis;
import dev.factored.analysis.model.AnalysisJson;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Losses the collector takes are said to be its own (issue 43.1), in real pinned forks of {@link CollectorBenchmark}
 * at the baseline, one worker and two: a boxed parallel stream, and boxes kept in a list through the operation in a
 * small heap. Their baselines allocate nothing, so the pauses at one worker are the one-worker overhead's cause by
 * construction (on this machine 144 to 184 ms of 225 to 278 ms, and 239 to 325 ms of 334 to 433 ms per operation), and
 * at two workers the pauses make most of the time off-CPU. The headline names GC with its pauses per operation at one
 * worker and at two (whether it names one loss or says that the largest cannot be told apart), and no finding says
 * that no measurement explains what the pauses do. On a busy machine, where P = 2 cannot be measured (other processes
 * took its CPUs) and the headline says so, the one-worker overhead's finding still names the collector with its pauses.
 * Where other processes took the one worker's CPU too (beyond the disturbed threshold), the pauses' interval reaches the
 * baseline's and the tool only says what it may be: that family is not judged, and the test says so with the figures.
 * One fork each: the pauses are far from every threshold.
 */
class CollectorKnownAnswerTest {

    private static final Pattern GC_AT_EACH_P = Pattern.compile(
            "GC [0-9.]+ [mµn]?s per operation on one worker and [0-9.]+ [mµn]?s at 2 workers");

    private static boolean validAtTwo(JsonNode family) {
        for (JsonNode point : family.path("points")) {
            if (point.path("cores").asInt() == 2) {
                return point.path("valid").asBoolean(true);
            }
        }
        return false;
    }

    /** Whether other processes took more than the threshold of the configuration's CPUs, and what they took. */
    private static String busy(JsonNode family, String cores) {
        for (JsonNode machine : family.path("interference")) {
            if (machine.path("cores").asText().equals(cores) && machine.path("disturbed").asBoolean(false)) {
                return machine.path("because").asText();
            }
        }
        return null;
    }

    @Test
    void lossesTheCollectorTakesAreNamedItsWithItsPausesAtEachP(@TempDir Path dir) throws Exception {
        FactoredProfilerTestAccess.runProfiled(dir, CollectorBenchmark.class.getName() + ".", 1, 3, 200, 3, 200,
                "baseline", "1", "2");
        JsonNode families = new ObjectMapper().readTree(AnalysisJson.toJson(FactoredAnalysis.analyze(
                dir.resolve("jmh-result.json"), AnalysisOptions.DEFAULT))).path("families");
        assertEquals(2, families.size(), families.toString());
        List<String> notJudged = new ArrayList<>();
        for (JsonNode family : families) {
            StringBuilder seen = new StringBuilder(family.path("benchmark").asText());
            seen.append(": baseline GC ").append(family.path("baselineGcTime").path("value").asDouble());
            for (JsonNode point : family.path("points")) {
                seen.append("; P=").append(point.path("cores").asInt()).append(" T ")
                        .append(point.path("time").path("value").asDouble()).append(" GC ")
                        .append(point.path("gcTime").path("value").asDouble());
            }
            String headline = family.path("headline").path("text").asText();
            seen.append("\n").append(headline);
            family.path("findings").forEach(f -> seen.append("\n- ").append(f.path("text").asText()));
            System.out.println(seen);
            family.path("findings").forEach(f -> assertFalse(f.path("text").asText().contains("no measurement"),
                    seen.toString()));
            String busyAtOne = busy(family, "1");
            if (busyAtOne != null) {
                // the one-worker overhead's own interval then reaches the baseline's pauses: the tool is tentative
                notJudged.add(family.path("benchmark").asText() + ": " + busyAtOne);
                continue;
            }
            if (!validAtTwo(family)) {
                // a busy machine: P = 2 is not measured and the headline says so, so the collector is named where the
                // numbers still stand, at one worker
                assertTrue(headline.contains("P = 2 could not be measured"), seen.toString());
                boolean oneWorker = false;
                for (JsonNode f : family.path("findings")) {
                    oneWorker |= f.path("kind").asText().equals("one-worker-overhead")
                            && f.path("text").asText().contains("mostly the collector: its pauses took");
                }
                assertTrue(oneWorker, seen.toString());
                continue;
            }
            assertTrue(GC_AT_EACH_P.matcher(headline).find(), seen.toString());
            assertTrue(headline.contains("mostly GC pauses"), seen.toString());
        }
        assumeTrue(notJudged.isEmpty(), "one worker measured on a busy machine, not judged: " + notJudged);
    }
}
