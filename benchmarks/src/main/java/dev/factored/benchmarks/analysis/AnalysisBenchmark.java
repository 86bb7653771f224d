package dev.factored.benchmarks.analysis;

import dev.factored.analysis.AnalysisOptions;
import dev.factored.analysis.FactoredAnalysis;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.AnalysisJson;
import dev.factored.report.FactoredReport;
import dev.factored.report.RenderedReport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The whole analysis of a large JMH result (parsing, grouping, bootstrap, diagnosis, warnings) as the
 * Maven goals run it: a file of 1,000 entries (about 167 families of 6 configurations, 3 forks × 5
 * iterations each) with the default options (2,000 resamples). Target: well under 2 s.
 *
 * <p>{@code analyze} is the warmed-up cost (avgt); {@code analyzeCold} the first call in a fresh JVM
 * (single shot, no warmup), which is what a Maven goal pays, class loading and JIT included.
 * {@code analyzeAndReport} and {@code analyzeAndReportCold} add the rendering of the whole report
 * (HTML and two SVG charts per family, in memory), i.e. what {@code factored:report} computes when it
 * has to analyse. {@code readAnalysisAndReportCold} is what it pays in {@code mvn verify site}, where the
 * run goal already wrote analysis.json of the same JMH JSON: reading that file back through the records,
 * then rendering.
 *
 * <p>Measured on this project's 2-core VM (November 2026, 10 fresh JVMs each, medians with the range):
 * analyzeAndReportCold 1.63 s (1.50–1.90; the goal is under 2 s, it was 3.6–4.0 s before analysis.json was
 * mapped from the records and the report's text and numbers were unified), analyzeCold 0.99 s (0.91–1.05),
 * readAnalysisAndReportCold 1.27 s (1.17–1.44).
 *
 * <p>What a user of the command line waits for, the JVM's start and picocli included, is timed by
 * {@code benchmarks/cold-cli.sh} (configuration.md, "How long analyze and report take").
 *
 * <pre>
 * java -Djmh.ignoreLock=true -jar benchmarks/target/benchmarks.jar 'AnalysisBenchmark.analyze(AndReport)?$' -f 1 -wi 2 -i 5
 * java -Djmh.ignoreLock=true -jar benchmarks/target/benchmarks.jar 'AnalysisBenchmark.*Cold' -f 5
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
public class AnalysisBenchmark {

    @Param({"1000"})
    public int entries;

    @Param({"2000"})
    public int resamples;

    private Path file;
    private AnalysisOptions options;

    @Setup(Level.Trial)
    public void writeFile() throws IOException {
        file = Files.createTempFile("factored-analysis-benchmark", ".json");
        Files.writeString(file, SyntheticJmhJson.generate(entries, 1), StandardCharsets.UTF_8);
        options = new AnalysisOptions(AnalysisOptions.DEFAULT.seed(), resamples, AnalysisOptions.DEFAULT.confidence());
    }

    @TearDown(Level.Trial)
    public void deleteFile() throws IOException {
        Files.deleteIfExists(file);
    }

    @Benchmark
    public Analysis analyze() throws Exception {
        return FactoredAnalysis.analyze(file, options);
    }

    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @Warmup(iterations = 0)
    @Measurement(iterations = 1)
    public Analysis analyzeCold() throws Exception {
        return FactoredAnalysis.analyze(file, options);
    }

    /** What {@code factored:report} computes: the analysis, then the HTML and every chart in memory. */
    @Benchmark
    public RenderedReport analyzeAndReport() throws Exception {
        return FactoredReport.render(FactoredAnalysis.analyze(file, options));
    }

    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @Warmup(iterations = 0)
    @Measurement(iterations = 1)
    public RenderedReport analyzeAndReportCold() throws Exception {
        return FactoredReport.render(FactoredAnalysis.analyze(file, options));
    }

    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @Warmup(iterations = 0)
    @Measurement(iterations = 1)
    public RenderedReport readAnalysisAndReportCold(Written written) throws Exception {
        return FactoredReport.render(AnalysisJson.read(written.analysisFile));
    }

    /**
     * analysis.json of the same 1,000 entries, written by another JVM: analysing here would load and
     * compile the analysis classes in the measured JVM and make the "cold" read warm.
     */
    @State(Scope.Benchmark)
    public static class Written {
        Path analysisFile;

        @Setup(Level.Trial)
        public void write(AnalysisBenchmark benchmark) throws Exception {
            analysisFile = Files.createTempFile("factored-analysis-benchmark", "-analysis.json");
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                    System.getProperty("java.class.path"), WriteAnalysis.class.getName(), benchmark.file.toString(),
                    analysisFile.toString(), Integer.toString(benchmark.resamples)).inheritIO().start();
            if (p.waitFor() != 0) {
                throw new IllegalStateException("writing " + analysisFile + " failed");
            }
        }

        @TearDown(Level.Trial)
        public void delete() throws IOException {
            Files.deleteIfExists(analysisFile);
        }
    }

    /** Run in a child JVM by {@link Written}: analyses a JMH JSON and writes analysis.json. */
    public static final class WriteAnalysis {
        public static void main(String[] args) throws Exception {
            AnalysisOptions options = new AnalysisOptions(AnalysisOptions.DEFAULT.seed(), Integer.parseInt(args[2]),
                    AnalysisOptions.DEFAULT.confidence());
            AnalysisJson.write(FactoredAnalysis.analyze(Path.of(args[0]), options), Path.of(args[1]));
        }
    }
}
