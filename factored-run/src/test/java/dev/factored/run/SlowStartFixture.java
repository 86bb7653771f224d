package dev.factored.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.factored.analysis.input.AnalysisInputException;
import dev.factored.analysis.AnalysisOptions;
import dev.factored.analysis.FactoredAnalysis;
import dev.factored.analysis.model.Analysis;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * A family of benchmark {@code a.B.run} whose one-worker fork was still slow in its first two measured iterations
 * of 200 ms (3.0 and 2.5 ms against a steady 1.0 ms) after 2 warm-up iterations of 100 ms, beside a flat baseline:
 * the analysis learns a longer warm-up for {@code cores=1} and none for the baseline.
 */
final class SlowStartFixture {

    private SlowStartFixture() {
    }

    /** Writes the fixture's jmh-result.json into {@code dir}, with {@code params} beside cores, and analyses it. */
    static Analysis analysed(Path dir, Map<String, String> params) throws IOException, AnalysisInputException {
        ObjectMapper json = new ObjectMapper();
        ArrayNode entries = json.createArrayNode();
        entry(entries.addObject(), "baseline", params, 1.0, 1.01, 0.99, 1.0, 1.02);
        entry(entries.addObject(), "1", params, 3.0, 2.5, 1.0, 1.01, 0.99);
        Path file = dir.resolve("jmh-result.json");
        json.writeValue(file.toFile(), entries);
        return FactoredAnalysis.analyze(file, new AnalysisOptions(1, 200, 0.95, 64, 0.05));
    }

    private static void entry(ObjectNode e, String cores, Map<String, String> params, double... millis) {
        e.put("jmhVersion", "1.37").put("benchmark", "a.B.run").put("mode", "avgt").put("threads", 1)
                .put("forks", 1).put("jvm", "java").put("jdkVersion", "17").put("vmName", "VM")
                .put("vmVersion", "17").put("warmupIterations", 2).put("warmupTime", "100 ms")
                .put("measurementIterations", millis.length).put("measurementTime", "200 ms");
        e.putArray("jvmArgs");
        ObjectNode named = e.putObject("params").put("cores", cores);
        params.forEach(named::put);
        ObjectNode primary = e.putObject("primaryMetric");
        primary.put("score", millis[millis.length - 1]).put("scoreError", "NaN").put("scoreUnit", "ms/op");
        ArrayNode fork = primary.putArray("rawData").addArray();
        for (double m : millis) {
            fork.add(m);
        }
        e.putObject("secondaryMetrics");
    }
}
