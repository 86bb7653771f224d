package dev.factored.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.factored.analysis.AnalysisOptions;
import dev.factored.analysis.FactoredAnalysis;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.AnalysisJson;
import dev.factored.gate.comparison.ComparisonResult;
import dev.factored.gate.rules.Rule;
import dev.factored.gate.rules.RuleResult;
import dev.factored.gate.terms.Compared;
import dev.factored.gate.terms.Status;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gate over analyses made by the real pipeline: a JMH result file (from a real run of a sum
 * benchmark, 1 fork × 3 iterations, without the profiler) → FactoredAnalysis → analysis.json → read back.
 */
class RealAnalysisTest {

    @TempDir
    Path dir;

    private Path jmhFile() throws URISyntaxException {
        return Path.of(getClass().getResource("/jmh/avgt.json").toURI());
    }

    /** The JMH file with {@code change} applied to every entry, analysed, written and read back. */
    private Analysis analysed(String name, Consumer<ObjectNode> change) throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        ArrayNode entries = (ArrayNode) mapper.readTree(jmhFile().toFile());
        entries.forEach(e -> change.accept((ObjectNode) e));
        Path jmh = dir.resolve(name + "-jmh.json");
        mapper.writeValue(jmh.toFile(), entries);
        Path analysisJson = dir.resolve(name + "-analysis.json");
        AnalysisJson.write(FactoredAnalysis.analyze(jmh, AnalysisOptions.DEFAULT), analysisJson);
        return AnalysisJson.read(analysisJson);
    }

    private static void scaleRawData(ObjectNode entry, String cores, double factor) {
        if (!cores.equals(entry.get("params").get("cores").asText())) {
            return;
        }
        for (JsonNode fork : entry.get("primaryMetric").get("rawData")) {
            ArrayNode values = (ArrayNode) fork;
            for (int i = 0; i < values.size(); i++) {
                values.set(i, values.get(i).asDouble() * factor);
            }
        }
    }

    @Test
    void aStoredAnalysisComparedWithItselfPassesOnResampledSamples() throws Exception {
        Analysis run = analysed("same", e -> { });
        assertNotNull(run.families().get(0).measurement().configurations(), "analysis.json keeps the raw samples");
        Verdict v = Gate.check(run, run, GateConfig.of(List.of(
                Rule.of("SumBenchmark", null, "max", "actual-speedup", "0.01", null, null),
                Rule.of("SumBenchmark", null, "max", "idle-loss", null, "1", null))));
        // times of baseline, elision, 1, 2 and speedups at 1 and 2
        assertEquals(6, v.comparisons().size(), v.comparisons().toString());
        v.comparisons().forEach(c -> {
            assertTrue(c.status() != Status.FAIL, c.reason());
            assertEquals(ComparisonResult.Method.ASSUMED, c.method(), "one fork and one baseline run: " + c.reason());
        });
        assertEquals(Status.PASS, v.rules().get(0).status(), v.rules().get(0).reason());
        // the file has no factored.idle: the idle rule cannot be judged and says why
        RuleResult idle = v.rules().get(1);
        assertEquals(Status.FAIL, idle.status());
        assertTrue(idle.reason().contains("needs I_P"), idle.reason());
    }

    @Test
    void aTripledParallelTimeFailsAgainstTheStoredBaseline() throws Exception {
        Analysis baseline = analysed("baseline", e -> { });
        Analysis slower = analysed("slower", e -> scaleRawData(e, "2", 3.0));
        Verdict v = Gate.check(slower, baseline, GateConfig.of(List.of()));
        assertFalse(v.passed());
        List<String> failed = v.comparisons().stream().filter(c -> c.status() == Status.FAIL)
                .map(c -> c.compared().configName() + "@" + Fixtures.cores(c.subject())).toList();
        assertEquals(List.of("time@2", "actual-speedup@2"), failed);
    }

    @Test
    void anotherJdkIsRefused() throws Exception {
        Analysis baseline = analysed("baseline", e -> { });
        Analysis otherJdk = analysed("jdk21", e -> e.put("jdkVersion", "21.0.5"));
        Verdict v = Gate.check(otherJdk, baseline, GateConfig.of(List.of()));
        assertFalse(v.passed());
        assertEquals(Compared.ENVIRONMENT, v.comparisons().get(0).compared());
        assertTrue(v.comparisons().get(0).reason().contains("JDK version 17.0.15 (baseline) vs 21.0.5 (current)"),
                v.comparisons().get(0).reason());
        Path check = dir.resolve("check.json");
        VerdictOutput.json(v, check);
        assertFalse(new ObjectMapper().readTree(check.toFile()).get("passed").asBoolean());
        assertTrue(Files.size(check) > 0);
    }
}
