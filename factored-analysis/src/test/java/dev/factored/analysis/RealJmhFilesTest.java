package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.input.AnalysisInputException;
import dev.factored.analysis.input.JmhEntry;
import dev.factored.analysis.input.JmhJsonReader;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.AnalysisJson;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.measurement.ConfigurationRun;
import dev.factored.analysis.model.point.Point;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files written by real JMH 1.37 runs of a small fork/join sum ({@code @Param cores} baseline, elision,
 * 1, 2; {@code -f 1 -wi 1 -i 3 -w 100ms -r 100ms}) in every mode; see src/test/resources/jmh/README.md.
 */
public class RealJmhFilesTest {

    public static Path resource(String name) {
        try {
            return Path.of(RealJmhFilesTest.class.getResource("/jmh/" + name).toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("missing test resource /jmh/" + name, e);
        }
    }

    @Test
    void readsEveryFieldOfAnAvgtEntry() throws Exception {
        List<JmhEntry> entries = JmhJsonReader.read(resource("avgt.json"));
        assertEquals(4, entries.size());
        JmhEntry e = entries.get(0);
        assertEquals(0, e.index());
        assertEquals("sample.SumBenchmark.sum", e.benchmark());
        assertEquals("avgt", e.mode());
        assertEquals(1, e.settings().threads());
        assertEquals(1, e.settings().forks());
        assertEquals("1.37", e.runtime().jmhVersion());
        assertEquals("17.0.15", e.runtime().jdkVersion());
        assertEquals("OpenJDK 64-Bit Server VM", e.runtime().vmName());
        assertTrue(e.runtime().jvm().endsWith("java"));
        assertEquals(List.of("-Djmh.ignoreLock=true"), e.runtime().jvmArgs());
        assertEquals(1, e.settings().warmupIterations());
        assertEquals("100 ms", e.settings().warmupTime());
        assertEquals(3, e.settings().measurementIterations());
        assertEquals("100 ms", e.settings().measurementTime());
        assertEquals("baseline", e.params().get("cores"));
        assertEquals("10000", e.params().get("size"));
        assertEquals("us/op", e.primaryMetric().scoreUnit());
        assertEquals(1, e.primaryMetric().rawData().length);
        assertEquals(3, e.primaryMetric().rawData()[0].length);
        double mean = (e.primaryMetric().rawData()[0][0] + e.primaryMetric().rawData()[0][1]
                + e.primaryMetric().rawData()[0][2]) / 3;
        assertEquals(e.primaryMetric().score(), mean, 1e-9 * mean);
        assertTrue(e.secondaryMetrics().isEmpty());
    }

    @Test
    void analysesEveryMode() throws Exception {
        for (String file : List.of("avgt.json", "thrpt.json", "sample.json", "ss.json", "gc.json")) {
            Analysis a = FactoredAnalysis.analyze(resource(file), AnalysisOptions.DEFAULT);
            assertEquals(1, a.families().size(), file);
            FamilyAnalysis f = a.families().get(0);
            assertEquals("sample.SumBenchmark.sum", f.id().benchmark(), file);
            assertFalse(f.id().params().containsKey("cores"), file);
            assertEquals(2, f.points().size(), file);
            assertEquals(1, f.points().get(0).cores());
            assertEquals(2, f.points().get(1).cores());
            assertNotNull(f.times().baselineTime(), file);
            assertNotNull(f.points().get(1).speedups().actual(), file);
            // no profiler: idle-based numbers are null and the warnings say how to get them
            assertNull(f.points().get(1).times().idleTime(), file);
            assertNull(f.points().get(1).losses().inflation(), file);
            assertTrue(f.explanation().warnings().stream().anyMatch(w -> w.contains("-prof dev.factored.jmh.FactoredProfiler")), file);
            // times are seconds per op: the sum of 10,000 (300,000 in sample mode) longs takes microseconds
            double t = f.times().baselineTime().value();
            assertTrue(t > 1e-7 && t < 1e-2, file + ": " + t);
        }
    }

    @Test
    void sampleModeUsesTheHistogramMeans() throws Exception {
        JmhEntry e = JmhJsonReader.read(resource("sample.json")).get(0);
        assertTrue(e.primaryMetric().histogram());
        assertEquals(3, e.primaryMetric().rawData()[0].length);
        // JMH's score is the mean over all operations: it lies between the iteration means
        double[] it = e.primaryMetric().rawData()[0];
        double min = Math.min(it[0], Math.min(it[1], it[2]));
        double max = Math.max(it[0], Math.max(it[1], it[2]));
        assertTrue(e.primaryMetric().score() >= min - 1e-9 && e.primaryMetric().score() <= max + 1e-9);
    }

    @Test
    void thrptIsInvertedSampleBySample() throws Exception {
        JmhEntry e = JmhJsonReader.read(resource("thrpt.json")).get(0);
        assertEquals("ops/us", e.primaryMetric().scoreUnit());
        Analysis a = FactoredAnalysis.analyze(resource("thrpt.json"), AnalysisOptions.DEFAULT);
        double[][] time = a.families().get(0).measurement().configurations().get(0).timeSamples();
        assertEquals(1e-6 / e.primaryMetric().rawData()[0][1], time[0][1], 1e-18);
    }

    @Test
    void oneIterationHasNanScoreErrorAndAWarning() throws Exception {
        JmhEntry e = JmhJsonReader.read(resource("one-iteration.json")).get(0);
        assertTrue(Double.isNaN(e.primaryMetric().scoreError()));
        FamilyAnalysis f = FactoredAnalysis.analyze(resource("one-iteration.json"), AnalysisOptions.DEFAULT)
                .families().get(0);
        assertTrue(f.explanation().warnings().stream().anyMatch(w -> w.startsWith("Too few samples")), f.explanation().warnings().toString());
        // one sample per configuration: the bootstrap can only return it
        assertEquals(f.times().baselineTime().value(), f.times().baselineTime().low());
        assertEquals(f.times().baselineTime().value(), f.times().baselineTime().high());
    }

    @Test
    void readsSecondaryMetricsOfGcProfiler() throws Exception {
        JmhEntry e = JmhJsonReader.read(resource("gc.json")).get(2);
        assertTrue(e.secondaryMetrics().containsKey("gc.alloc.rate"));
        assertEquals("MB/sec", e.secondaryMetrics().get("gc.alloc.rate").scoreUnit());
        assertEquals(3, e.secondaryMetrics().get("gc.alloc.rate").rawData()[0].length);
    }

    @Test
    void readsTheFactoredProfilersMetrics() throws Exception {
        // a real run with -prof dev.factored.jmh.FactoredProfiler (see README.md), in avgt and thrpt
        for (String file : List.of("factored-avgt.json", "factored-thrpt.json")) {
            FamilyAnalysis f = FactoredAnalysis.analyze(resource(file), AnalysisOptions.DEFAULT).families().get(0);
            assertEquals("sample.FactoredSumBenchmark.sum", f.id().benchmark(), file);
            assertEquals(List.of("baseline", "elision", "1", "2"),
                    f.measurement().configurations().stream().map(r -> r.cores().toString()).toList(), file);
            ConfigurationRun two = f.measurement().configurations().get(3);
            assertEquals(2, two.workers(), file);
            assertNotNull(two.cpus(), file);
            assertNotNull(two.pinned(), file);
            assertNotNull(two.stealsPerOp(), file);
            assertNotNull(two.idleSamples(), file);
            assertEquals(0, f.measurement().configurations().get(0).workers(), file);
            Point p2 = f.points().get(1);
            assertNotNull(p2.times().idleTime(), file);
            assertNotNull(p2.losses().inflation(), file);
            assertEquals(two.pinned(), p2.conditions().pinned(), file);
            double sum = p2.speedups().actual().value() + p2.losses().algorithmic().value()
                    + p2.losses().scheduling().value() + p2.losses().idle().value() + p2.losses().inflation().value();
            assertEquals(2, sum, 1e-9, file);
            assertFalse(f.explanation().warnings().stream().anyMatch(w -> w.contains("No factored profiler data")), file);
        }
    }

    @Test
    void fileWithoutCoresParamSaysHowToAddIt() {
        AnalysisInputException ex = assertThrows(AnalysisInputException.class,
                () -> FactoredAnalysis.analyze(resource("no-cores.json"), AnalysisOptions.DEFAULT));
        assertTrue(ex.getMessage().contains("no-cores.json"), ex.getMessage());
        assertTrue(ex.getMessage().contains("no benchmark has a `cores` param"), ex.getMessage());
        assertTrue(ex.getMessage().contains("sample.PlainBenchmark.loop"), ex.getMessage());
        assertTrue(ex.getMessage().contains("dev.factored.jmh.Cores"), ex.getMessage());
    }

    @Test
    void roundTripsThroughAnalysisJson(@TempDir Path dir) throws Exception {
        for (String file : List.of("avgt.json", "thrpt.json", "sample.json", "ss.json", "gc.json", "one-iteration.json",
                "factored-avgt.json", "factored-thrpt.json")) {
            Analysis a = FactoredAnalysis.analyze(resource(file), new AnalysisOptions(7, 300, 0.9));
            Path out = dir.resolve(file);
            AnalysisJson.write(a, out);
            assertEquals(a, AnalysisJson.read(out), file);
        }
    }
}
