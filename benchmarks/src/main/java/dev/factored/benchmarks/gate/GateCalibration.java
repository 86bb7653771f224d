package dev.factored.benchmarks.gate;

import dev.factored.analysis.AnalysisOptions;
import dev.factored.analysis.FactoredAnalysis;
import dev.factored.analysis.model.Analysis;
import dev.factored.gate.Gate;
import dev.factored.gate.GateConfig;
import dev.factored.gate.Verdict;
import dev.factored.gate.comparison.ComparisonResult;
import dev.factored.gate.terms.Status;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Measures the gate's false-alarm and detection rates instead of assuming them. Runs
 * {@link GateCalibrationBenchmark} once as the stored baseline, then {@code aRuns} more times unchanged
 * (A/A: every failed verdict is a false alarm) and {@code bRuns} times with every configuration slowed
 * down by {@code slowdown} (A/B: every failed verdict is a detection), each run a separate JMH run with
 * fresh, pinned forks and the same settings, each compared with the baseline by {@link Gate#check} with
 * the default tolerance (10 %).
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.factored.benchmarks.gate.GateCalibration [aRuns bRuns slowdown outDir]
 * java -cp benchmarks/target/benchmarks.jar dev.factored.benchmarks.gate.GateCalibration evaluate outDir
 * </pre>
 * The {@code evaluate} form re-analyses the JSON files of an earlier run without measuring again and
 * takes every unchanged run in turn as the stored baseline: a single stored baseline can itself be an
 * unlucky run, so the rates over all baselines are the ones to quote.
 * Defaults: 20 20 1.2 target/gate-calibration. JMH settings per run: cores baseline, elision, 1, 2;
 * 2 forks, 3 warm-up and 5 measurement iterations of 200 ms (about 20 s a run on 2 cores).
 */
public final class GateCalibration {

    private GateCalibration() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 2 && args[0].equals("evaluate")) {
            evaluate(Path.of(args[1]));
            return;
        }
        int aRuns = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        int bRuns = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        double slowdown = args.length > 2 ? Double.parseDouble(args[2]) : 1.2;
        Path out = Path.of(args.length > 3 ? args[3] : "target/gate-calibration");
        Files.createDirectories(out);

        Analysis baseline = measure(out.resolve("baseline.json"), 1.0);
        GateConfig config = GateConfig.of(List.of());
        List<String> lines = new ArrayList<>();
        int falseAlarms = countFailures("A/A", aRuns, out, 1.0, baseline, config, lines);
        int detections = countFailures("A/B", bRuns, out, slowdown, baseline, config, lines);

        lines.add(String.format(Locale.ROOT, "A/A: %d false failures in %d comparisons", falseAlarms, aRuns));
        lines.add(String.format(Locale.ROOT, "A/B (slowdown %.2f): %d detected in %d comparisons",
                slowdown, detections, bRuns));
        Files.write(out.resolve("summary.txt"), lines);
        lines.forEach(System.out::println);
    }

    private static int countFailures(String label, int runs, Path out, double slowdown, Analysis baseline,
                                     GateConfig config, List<String> lines) throws Exception {
        int failed = 0;
        for (int i = 1; i <= runs; i++) {
            String name = String.format(Locale.ROOT, "%s-%02d.json", label.equals("A/A") ? "a" : "b", i);
            Analysis current = measure(out.resolve(name), slowdown);
            Verdict verdict = Gate.check(current, baseline, config);
            if (!verdict.passed()) {
                failed++;
            }
            lines.add(label + " " + i + ": " + (verdict.passed() ? "pass" : "FAIL") + "  " + describe(verdict));
            System.out.println(lines.get(lines.size() - 1));
        }
        return failed;
    }

    /** Every unchanged run as the baseline against every other unchanged run (A/A) and every slowed one (A/B). */
    private static void evaluate(Path dir) throws Exception {
        List<Analysis> unchanged = new ArrayList<>();
        List<Analysis> slowed = new ArrayList<>();
        try (var files = Files.list(dir)) {
            for (Path f : files.sorted().toList()) {
                String name = f.getFileName().toString();
                if (!name.endsWith(".json") || Files.size(f) == 0) {
                    continue;
                }
                Analysis analysis = FactoredAnalysis.analyze(f, AnalysisOptions.DEFAULT);
                (name.startsWith("b-") ? slowed : unchanged).add(analysis);
            }
        }
        GateConfig config = GateConfig.of(List.of());
        int falseAlarms = 0;
        int aa = 0;
        int detections = 0;
        int ab = 0;
        for (int i = 0; i < unchanged.size(); i++) {
            for (int j = 0; j < unchanged.size(); j++) {
                if (i != j) {
                    aa++;
                    falseAlarms += Gate.check(unchanged.get(j), unchanged.get(i), config).passed() ? 0 : 1;
                }
            }
            for (Analysis b : slowed) {
                ab++;
                detections += Gate.check(b, unchanged.get(i), config).passed() ? 0 : 1;
            }
        }
        List<String> lines = List.of(
                String.format(Locale.ROOT, "baselines: %d unchanged runs, each compared with the other %d and with %d slowed runs",
                        unchanged.size(), unchanged.size() - 1, slowed.size()),
                String.format(Locale.ROOT, "A/A: %d false failures in %d comparisons (%.1f%%)", falseAlarms, aa, 100.0 * falseAlarms / aa),
                String.format(Locale.ROOT, "A/B: %d detected in %d comparisons (%.1f%%)", detections, ab, 100.0 * detections / ab));
        Files.write(dir.resolve("evaluation.txt"), lines);
        lines.forEach(System.out::println);
    }

    /** The time ratios current/baseline with their intervals, one per configuration, for the record. */
    private static String describe(Verdict verdict) {
        StringBuilder sb = new StringBuilder();
        for (ComparisonResult c : verdict.comparisons()) {
            if (c.ratio() == null) {
                continue;
            }
            sb.append(String.format(Locale.ROOT, "%s %s %.3f [%.3f, %.3f]%s; ",
                    c.compared().configName(), c.subject().cores(), c.ratio().value(), c.ratio().low(),
                    c.ratio().high(), c.status() == Status.FAIL ? " FAIL" : ""));
        }
        return sb.toString();
    }

    private static Analysis measure(Path json, double slowdown) throws Exception {
        Options options = new OptionsBuilder()
                .include(GateCalibrationBenchmark.class.getName())
                .param("cores", "baseline", "elision", "1", "2")
                .forks(2)
                .warmupIterations(3)
                .warmupTime(TimeValue.milliseconds(200))
                .measurementIterations(5)
                .measurementTime(TimeValue.milliseconds(200))
                .jvmArgsAppend("-D" + GateCalibrationBenchmark.SLOWDOWN_PROPERTY + "=" + slowdown)
                .addProfiler("dev.factored.jmh.FactoredProfiler")
                .resultFormat(ResultFormatType.JSON)
                .result(json.toString())
                .build();
        new Runner(options).run();
        return FactoredAnalysis.analyze(json, AnalysisOptions.DEFAULT);
    }
}
