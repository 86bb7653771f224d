package dev.factored.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.factored.analysis.AnalysisOptions;
import dev.factored.analysis.FactoredAnalysis;
import dev.factored.analysis.input.ActivitySamples;
import dev.factored.analysis.input.AnalysisInputException;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.AnalysisJson;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.contract.HostIdentity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Merging result files, on the plugin's real 3-fork fixture (SumBenchmark, cores baseline, elision, 1, 2) cut into
 * shards: by forks (two CI jobs on one kind of runner) or by configuration.
 */
class MergeTest {

    private static final Path JMH_RESULT = Path.of("../maven-plugin/src/it/fixtures/jmh-result.json")
            .toAbsolutePath().normalize();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HostIdentity RUNNER_A = host("AMD EPYC 7763 64-Core Processor", 4, "runner-a-1");
    private static final HostIdentity RUNNER_A_TWIN = host("AMD EPYC 7763 64-Core Processor", 4, "runner-a-2");
    private static final HostIdentity RUNNER_B = host("Intel(R) Xeon(R) Platinum 8370C CPU @ 2.80GHz", 4, "runner-b");

    @TempDir
    Path dir;

    private static HostIdentity host(String model, int cpus, String name) {
        return new HostIdentity(model, cpus, true, 1, cpus, null, "Linux", "6.8.0", "amd64", name, "Eclipse Adoptium",
                "17.0.15+6", Map.of("pin", "true"));
    }

    /** A result file in its own directory, with the entries {@code keep} selects and the forks {@code forks} picks. */
    private Path shard(String name, Predicate<JsonNode> keep, int fromFork, int toFork, HostIdentity host)
            throws IOException {
        ArrayNode all = (ArrayNode) JSON.readTree(JMH_RESULT.toFile());
        ArrayNode kept = JSON.createArrayNode();
        for (JsonNode entry : all) {
            if (!keep.test(entry)) {
                continue;
            }
            ObjectNode copy = entry.deepCopy();
            int forks = toFork - fromFork;
            copy.put("forks", forks);
            slice((ObjectNode) copy.get("primaryMetric"), fromFork, toFork);
            copy.get("secondaryMetrics").forEach(m -> slice((ObjectNode) m, fromFork, toFork));
            kept.add(copy);
        }
        Path file = dir.resolve(name).resolve("jmh-result.json");
        Files.createDirectories(file.getParent());
        JSON.writeValue(file.toFile(), kept);
        if (host != null) {
            host.write(file.getParent().resolve(ActivitySamples.DIRECTORY));
        }
        return file;
    }

    private static void slice(ObjectNode metric, int from, int to) {
        JsonNode raw = metric.get("rawData");
        if (raw != null && raw.isArray()) {
            ArrayNode part = JSON.createArrayNode();
            for (int i = from; i < to; i++) {
                part.add(raw.get(i));
            }
            metric.set("rawData", part);
        }
    }

    private static boolean any(JsonNode entry) {
        return true;
    }

    /** The family as analysis.json writes it, without its environment (which names the files it came from). */
    private static JsonNode comparable(Analysis analysis) throws IOException {
        Path tmp = Files.createTempFile("analysis", ".json");
        try {
            AnalysisJson.write(analysis, tmp);
            ObjectNode family = (ObjectNode) JSON.readTree(tmp.toFile()).get("families").get(0);
            family.remove("environment");
            return family;
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    @Test
    void twoShardsOfOneHostGiveTheAnalysisOfTheSingleFile() throws Exception {
        Path single = shard("single", MergeTest::any, 0, 3, RUNNER_A);
        Path first = shard("shard-1", MergeTest::any, 0, 2, RUNNER_A);
        Path second = shard("shard-2", MergeTest::any, 2, 3, RUNNER_A_TWIN); // another runner of the same kind
        Analysis whole = FactoredAnalysis.analyze(single, AnalysisOptions.DEFAULT);
        Analysis merged = FactoredAnalysis.analyze(List.of(first, second), AnalysisOptions.DEFAULT);
        assertEquals(1, merged.families().size());
        assertEquals(comparable(whole), comparable(merged));
        assertEquals(3, merged.families().get(0).measurement().environment().forks());
        assertEquals(RUNNER_A.hostClass(), merged.families().get(0).measurement().environment().hostClass());
    }

    @Test
    void twoHostsGiveOneFamilyPerHostAndNeverMix() throws Exception {
        Path onA = shard("a", MergeTest::any, 0, 3, RUNNER_A);
        Path onB = shard("b", MergeTest::any, 0, 2, RUNNER_B);
        Analysis merged = FactoredAnalysis.analyze(List.of(onA, onB), AnalysisOptions.DEFAULT);
        assertEquals(2, merged.families().size());
        FamilyAnalysis a = merged.families().get(0);
        FamilyAnalysis b = merged.families().get(1);
        assertEquals(a.id(), b.id());
        assertEquals(RUNNER_A.hostClass(), a.measurement().environment().hostClass());
        assertEquals(RUNNER_B.hostClass(), b.measurement().environment().hostClass());
        assertEquals(3, a.measurement().environment().forks());
        assertEquals(2, b.measurement().environment().forks(), "B's forks are not added to A's");
        Analysis onlyA = FactoredAnalysis.analyze(onA, AnalysisOptions.DEFAULT);
        assertEquals(comparable(onlyA), comparable(new Analysis(merged.schema(), merged.source(), null, merged.seed(),
                merged.resamples(), merged.confidence(), List.of(), List.of(a), List.of())),
                "A's family is A's file alone");
        assertNotEquals(a.points().get(a.points().size() - 1).times().time().value(),
                b.points().get(b.points().size() - 1).times().time().value());
    }

    @Test
    void theReportOfTwoHostsHasOneSectionPerHost() throws Exception {
        Path onA = shard("a", MergeTest::any, 0, 3, RUNNER_A);
        Path onB = shard("b", MergeTest::any, 0, 2, RUNNER_B);
        Path report = dir.resolve("report");
        assertEquals(0, FactoredCli.execute("report", onA.toString(), onB.toString(), "--analysis",
                dir.resolve("analysis.json").toString(), "--output", report.toString()));
        String html = Files.readString(report.resolve("index.html"));
        int a = html.indexOf("Host: " + RUNNER_A.hostClass());
        int b = html.indexOf("Host: " + RUNNER_B.hostClass());
        assertTrue(a > 0 && b > a, "a section for A, then one for B");
        assertEquals(2, html.split("Host: ", -1).length - 1, "two host sections");

        Path single = dir.resolve("single");
        assertEquals(0, FactoredCli.execute("report", onA.toString(), "--analysis", dir.resolve("one.json").toString(),
                "--output", single.toString()));
        assertTrue(!Files.readString(single.resolve("index.html")).contains("Host: "), "one host: no host sections");
    }

    @Test
    void aFamilyWhoseBaselineComesFromAnotherHostIsRefusedNamingBoth() throws Exception {
        Path baselineOnA = shard("a", e -> e.get("params").get("cores").asText().equals("baseline"), 0, 3, RUNNER_A);
        Path restOnB = shard("b", e -> !e.get("params").get("cores").asText().equals("baseline"), 0, 3, RUNNER_B);
        AnalysisInputException e = assertThrows(AnalysisInputException.class,
                () -> FactoredAnalysis.analyze(List.of(baselineOnA, restOnB), AnalysisOptions.DEFAULT));
        assertTrue(e.getMessage().contains(RUNNER_A.hostClass()) && e.getMessage().contains(RUNNER_B.hostClass()),
                e.getMessage());
        assertTrue(e.getMessage().contains("its baseline") && e.getMessage().contains("SumBenchmark"), e.getMessage());
    }

    @Test
    void theHostRecordedBesideTheResultReachesAnalysisJson() throws Exception {
        Path file = shard("a", MergeTest::any, 0, 3, RUNNER_A);
        Analysis analysis = FactoredAnalysis.analyze(file, AnalysisOptions.DEFAULT);
        assertEquals(RUNNER_A, analysis.families().get(0).measurement().environment().host());
        Path written = dir.resolve("analysis.json");
        AnalysisJson.write(analysis, written);
        JsonNode host = JSON.readTree(written.toFile()).get("families").get(0).get("environment").get("host");
        assertEquals("AMD EPYC 7763 64-Core Processor", host.get("cpuModel").asText());
        assertEquals(4, host.get("cpuCount").asInt());
        assertTrue(host.get("topology").isNull(), "the topology is left for the topology summary to fill");
        assertEquals(RUNNER_A, AnalysisJson.read(written).families().get(0).measurement().environment().host(),
                "read back");
        assertNull(FactoredAnalysis.analyze(JMH_RESULT, AnalysisOptions.DEFAULT).families().get(0).measurement()
                .environment().host(), "a run that recorded no host has none");
    }

    @Test
    void theMergeCommandWritesTheMergedAnalysisAndRefusesMixedHostsWithExitTwo() throws Exception {
        Path first = shard("shard-1", MergeTest::any, 0, 2, RUNNER_A);
        Path second = shard("shard-2", MergeTest::any, 2, 3, RUNNER_A_TWIN);
        Path out = dir.resolve("merged.json");
        assertEquals(0, FactoredCli.execute("merge", first.toString(), second.toString(), "--analysis", out.toString()));
        assertEquals(3, AnalysisJson.read(out).families().get(0).measurement().environment().forks());

        Path baselineOnA = shard("x", e -> e.get("params").get("cores").asText().equals("baseline"), 0, 3, RUNNER_A);
        Path restOnB = shard("y", e -> !e.get("params").get("cores").asText().equals("baseline"), 0, 3, RUNNER_B);
        assertEquals(2, FactoredCli.execute("merge", baselineOnA.toString(), restOnB.toString(), "--analysis",
                dir.resolve("refused.json").toString()));
        assertEquals(2, FactoredCli.execute("merge", first.toString()), "merge needs two files");
    }

    /** Every entry twice, at size 200000 and 400000 (the second's times doubled): a sweep of size. */
    private Path sweepShard(String name, HostIdentity host) throws IOException {
        ArrayNode all = (ArrayNode) JSON.readTree(JMH_RESULT.toFile());
        ArrayNode doubled = JSON.createArrayNode();
        for (JsonNode entry : all) {
            doubled.add(entry.deepCopy());
            ObjectNode larger = entry.deepCopy();
            ((ObjectNode) larger.get("params")).put("size", "400000");
            ObjectNode primary = (ObjectNode) larger.get("primaryMetric");
            primary.put("score", 2 * primary.get("score").asDouble());
            ArrayNode forks = JSON.createArrayNode();
            primary.get("rawData").forEach(fork -> {
                ArrayNode scaled = JSON.createArrayNode();
                fork.forEach(v -> scaled.add(2 * v.asDouble()));
                forks.add(scaled);
            });
            primary.set("rawData", forks);
            doubled.add(larger);
        }
        Path file = dir.resolve(name).resolve("jmh-result.json");
        Files.createDirectories(file.getParent());
        JSON.writeValue(file.toFile(), doubled);
        host.write(file.getParent().resolve(ActivitySamples.DIRECTORY));
        return file;
    }

    @Test
    void aSweepOfTwoHostsIsFoundOncePerHostAndReadsItsOwnHostsFamilies() throws Exception {
        Analysis merged = FactoredAnalysis.analyze(List.of(sweepShard("a", RUNNER_A), sweepShard("b", RUNNER_B)),
                AnalysisOptions.DEFAULT);
        assertEquals(4, merged.families().size());
        assertEquals(2, merged.sweeps().size(), merged.sweeps().toString());
        for (dev.factored.analysis.model.Sweep sweep : merged.sweeps()) {
            List<FamilyAnalysis> held = merged.families().stream().filter(sweep::holds).toList();
            assertEquals(2, held.size(), sweep.title());
            held.forEach(f -> assertEquals(sweep.host(), f.measurement().environment().hostClass()));
            assertTrue(sweep.title().endsWith(" on " + sweep.host()), sweep.title());
        }
        assertNotEquals(merged.sweeps().get(0).host(), merged.sweeps().get(1).host());
        assertNull(FactoredAnalysis.analyze(sweepShard("only-a", RUNNER_A), AnalysisOptions.DEFAULT).sweeps().get(0)
                .host(), "one host: no host on the sweep");
    }
}
