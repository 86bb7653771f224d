package dev.factored.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.AnalysisOptions;
import dev.factored.analysis.FactoredAnalysis;
import dev.factored.analysis.model.AnalysisJson;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every command on the plugin's real IT fixtures (three runs of SumBenchmark, see their README). */
class FactoredCliTest {

    private static final Path FIXTURES = Path.of("../maven-plugin/src/it/fixtures").toAbsolutePath().normalize();
    private static final Path JMH_RESULT = FIXTURES.resolve("jmh-result.json");

    @TempDir
    Path dir;

    /** An exit code and what went to stderr. */
    private record Outcome(int exitCode, String stderr) {
    }

    private static Outcome run(String... args) {
        PrintStream saved = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            int code = FactoredCli.execute(args);
            return new Outcome(code, err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setErr(saved);
        }
    }

    @Test
    void analyzeWritesTheSameAnalysisAsTheLibrary() throws Exception {
        Path out = dir.resolve("analysis.json");
        Outcome outcome = run("analyze", JMH_RESULT.toString(), "--analysis", out.toString());
        assertEquals(0, outcome.exitCode(), outcome.stderr());
        assertTrue(outcome.stderr().contains("1 family analysed"), outcome.stderr());
        Path expected = dir.resolve("expected.json");
        AnalysisJson.write(FactoredAnalysis.analyze(JMH_RESULT, AnalysisOptions.DEFAULT), expected);
        assertEquals(Files.readString(expected), Files.readString(out));
    }

    @Test
    void analyzeTakesThePluginsOptions() throws Exception {
        Path out = dir.resolve("analysis.json");
        Outcome outcome = run("analyze", JMH_RESULT.toString(), "--analysis", out.toString(), "--projectTo", "16",
                "--disturbedAbove", "0.2");
        assertEquals(0, outcome.exitCode(), outcome.stderr());
        Path expected = dir.resolve("expected.json");
        AnalysisJson.write(FactoredAnalysis.analyze(JMH_RESULT,
                AnalysisOptions.DEFAULT.withProjectTo(16).withDisturbedAbove(0.2)), expected);
        assertEquals(Files.readString(expected), Files.readString(out));
    }

    @Test
    void reportWritesTheStandalonePageWithItsImages() throws Exception {
        Path report = dir.resolve("report");
        Outcome outcome = run("report", JMH_RESULT.toString(), "--analysis", dir.resolve("a.json").toString(),
                "--output", report.toString());
        assertEquals(0, outcome.exitCode(), outcome.stderr());
        String html = Files.readString(report.resolve("index.html"));
        assertTrue(html.contains("SumBenchmark"), "the page names the benchmark");
        try (var images = Files.list(report.resolve("factored"))) {
            long svgs = images.filter(p -> p.toString().endsWith(".svg")).count();
            assertTrue(svgs > 0, "the charts are written beside the page");
        }
        assertTrue(Files.isRegularFile(dir.resolve("a.json")));
    }

    @Test
    void checkWithoutRulesPassesAndWritesEveryFile() {
        Path out = dir.resolve("out");
        Outcome outcome = run("check", "--analysis", FIXTURES.resolve("analysis.json").toString(),
                "--outputDirectory", out.toString());
        assertEquals(0, outcome.exitCode(), outcome.stderr());
        for (String name : new String[] {"check.json", "summary.md", "bencher.json", "github-action-benchmark.json"}) {
            assertTrue(Files.isRegularFile(out.resolve(name)), name);
        }
    }

    @Test
    void aRuleTheRunMissesExitsOne() throws Exception {
        Path out = dir.resolve("out");
        // the fixture's speedup at P=2 is 0.418x [0.367, 0.492]: a minimum of 5 fails beyond the noise
        Outcome outcome = run("check", "--analysis", FIXTURES.resolve("analysis.json").toString(),
                "--rule", "benchmarks=SumBenchmark;params.size=200000;metric=actual-speedup;minimum=5",
                "--outputDirectory", out.toString());
        assertEquals(1, outcome.exitCode(), outcome.stderr());
        assertTrue(Files.readString(out.resolve("check.json")).contains("\"fail\""));
    }

    @Test
    void aRegressionAgainstTheBaselineExitsOne() {
        // regression-baseline.json is the same run with P=1 and P=2 made 2.5 times faster
        Outcome outcome = run("check", "--analysis", FIXTURES.resolve("analysis.json").toString(),
                "--baseline", FIXTURES.resolve("regression-baseline.json").toString(),
                "--outputDirectory", dir.toString());
        assertEquals(1, outcome.exitCode(), outcome.stderr());
        assertTrue(outcome.stderr().contains("slower: +150%"), outcome.stderr());
    }

    @Test
    void inconclusiveExitsThreeOnlyWhenAsked() {
        // the plugin's gate-inconclusive IT: a real run whose two forks disagree widely, compared with itself: each of
        // the 4 judged changes has an interval far wider than ±10 %, so none can pass or fail
        Path noisy = FIXTURES.resolveSibling("gate-inconclusive");
        String[] args = {"check", "--analysis", noisy.resolve("analysis.json").toString(),
                "--baseline", noisy.resolve("baseline.json").toString(), "--outputDirectory", dir.toString()};
        Outcome lenient = run(args);
        assertEquals(0, lenient.exitCode(), lenient.stderr());
        assertTrue(lenient.stderr().contains("4 inconclusive"), lenient.stderr());
        String[] strict = java.util.Arrays.copyOf(args, args.length + 1);
        strict[args.length] = "--failOnInconclusive";
        assertEquals(3, run(strict).exitCode());
    }

    private static String sha(Path analysis) throws Exception {
        return new com.fasterxml.jackson.databind.ObjectMapper().readTree(analysis.toFile()).get("sourceSha256").asText();
    }

    /** The sourceSha256 of each run a baseline file holds, oldest first (a plain analysis.json: one). */
    private static java.util.List<String> runs(Path baseline) throws Exception {
        var root = new com.fasterxml.jackson.databind.ObjectMapper().readTree(baseline.toFile());
        java.util.List<String> shas = new java.util.ArrayList<>();
        if (root.has("runs")) {
            root.get("runs").forEach(r -> shas.add(r.get("sourceSha256").asText()));
        } else {
            shas.add(root.get("sourceSha256").asText());
        }
        return shas;
    }

    @Test
    void updateBaselineWritesThisRunAndKeepsTheLastN() throws Exception {
        Path run1 = FIXTURES.resolve("analysis.json");
        Path run2 = FIXTURES.resolve("analysis-run2.json");
        Path run3 = FIXTURES.resolve("analysis-run3.json");
        Path baseline = dir.resolve("baseline/of-runs.json");   // its directory does not exist yet
        String out = dir.resolve("out").toString();

        Outcome first = run("check", "--analysis", run3.toString(), "--baseline", baseline.toString(),
                "--updateBaseline", "--baselineRuns", "2", "--outputDirectory", out);
        assertEquals(0, first.exitCode(), first.stderr());
        assertEquals(java.util.List.of(sha(run3)), runs(baseline));
        assertTrue(first.stderr().contains("*** BASELINE UPDATED: " + baseline + " now holds this run's analysis"),
                first.stderr());

        Outcome second = run("check", "--analysis", run2.toString(), "--baseline", baseline.toString(),
                "--updateBaseline", "--baselineRuns", "2", "--outputDirectory", out);
        assertEquals(0, second.exitCode(), second.stderr());
        assertEquals(java.util.List.of(sha(run3), sha(run2)), runs(baseline), "the run is added after the others");

        Outcome third = run("check", "--analysis", run1.toString(), "--baseline", baseline.toString(),
                "--updateBaseline", "--baselineRuns", "2", "--outputDirectory", out);
        assertEquals(0, third.exitCode(), third.stderr());
        assertEquals(java.util.List.of(sha(run2), sha(run1)), runs(baseline), "only the last 2 are kept");
        assertTrue(third.stderr().contains("the last 2 runs (this one included, baselineRuns=2)"), third.stderr());
        assertTrue(Files.isRegularFile(dir.resolve("out/check.json")) && Files.isRegularFile(dir.resolve("out/summary.md")));

        // the baseline of 2 runs is one the gate reads: run 3 compared with runs 2 and 1
        Outcome compared = run("check", "--analysis", run3.toString(), "--baseline", baseline.toString(),
                "--outputDirectory", out);
        assertEquals(0, compared.exitCode(), compared.stderr());
        assertTrue(compared.stderr().contains("(2 runs)"), compared.stderr());

        // baselineRuns 1 (the default): the baseline becomes this run's analysis alone
        Outcome single = run("check", "--analysis", run3.toString(), "--baseline", baseline.toString(),
                "--updateBaseline", "--outputDirectory", out);
        assertEquals(0, single.exitCode(), single.stderr());
        assertEquals(java.util.List.of(sha(run3)), runs(baseline));
        assertEquals(AnalysisJson.read(run3).families().size(), AnalysisJson.read(baseline).families().size());
    }

    @Test
    void updateBaselineDoesNotCompareAndWritesEvenWhenARuleFails() throws Exception {
        // regression-baseline.json would fail the comparison (exit 1): with --updateBaseline it is replaced instead
        Path baseline = dir.resolve("baseline.json");
        Files.copy(FIXTURES.resolve("regression-baseline.json"), baseline);
        Path current = FIXTURES.resolve("analysis.json");
        Outcome replaced = run("check", "--analysis", current.toString(), "--baseline", baseline.toString(),
                "--updateBaseline", "--outputDirectory", dir.toString());
        assertEquals(0, replaced.exitCode(), replaced.stderr());
        assertFalse(replaced.stderr().contains("slower"), replaced.stderr());
        assertEquals(java.util.List.of(sha(current)), runs(baseline));

        Files.copy(FIXTURES.resolve("regression-baseline.json"), baseline, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Outcome failing = run("check", "--analysis", current.toString(), "--baseline", baseline.toString(),
                "--updateBaseline", "--rule", "benchmarks=SumBenchmark;metric=actual-speedup;minimum=5",
                "--outputDirectory", dir.toString());
        assertEquals(1, failing.exitCode(), failing.stderr());
        assertEquals(java.util.List.of(sha(current)), runs(baseline), "written all the same, as the plugin does");
    }

    @Test
    void updateBaselineBadInputExitsTwo() throws Exception {
        String analysis = FIXTURES.resolve("analysis.json").toString();
        Outcome noFile = run("check", "--analysis", analysis, "--updateBaseline", "--outputDirectory", dir.toString());
        assertEquals(2, noFile.exitCode(), noFile.stderr());
        assertTrue(noFile.stderr().contains("--updateBaseline needs --baseline"), noFile.stderr());
        assertFalse(Files.exists(dir.resolve("check.json")), "nothing written from bad input");

        Path baseline = dir.resolve("b.json");
        Outcome zero = run("check", "--analysis", analysis, "--baseline", baseline.toString(), "--updateBaseline",
                "--baselineRuns", "0", "--outputDirectory", dir.toString());
        assertEquals(2, zero.exitCode(), zero.stderr());
        assertTrue(zero.stderr().contains("baselineRuns = 0 is not valid"), zero.stderr());
        assertFalse(Files.exists(baseline));

        // a baseline whose runs come from another JDK: refused unless --allowDifferentEnvironment
        Files.writeString(baseline, Files.readString(FIXTURES.resolve("analysis-run3.json"))
                .replace("\"jdkVersion\" : \"17.0.15\"", "\"jdkVersion\" : \"21.0.1\""));
        String before = Files.readString(baseline);
        Outcome other = run("check", "--analysis", analysis, "--baseline", baseline.toString(), "--updateBaseline",
                "--baselineRuns", "3", "--outputDirectory", dir.toString());
        assertEquals(2, other.exitCode(), other.stderr());
        assertTrue(other.stderr().contains("another environment (JDK version 21.0.1 (baseline) vs 17.0.15 (current)")
                && other.stderr().contains(baseline.toString()), other.stderr());
        assertEquals(before, Files.readString(baseline), "the baseline is left as it was");
        Outcome allowed = run("check", "--analysis", analysis, "--baseline", baseline.toString(), "--updateBaseline",
                "--baselineRuns", "3", "--allowDifferentEnvironment", "--outputDirectory", dir.toString());
        assertEquals(0, allowed.exitCode(), allowed.stderr());
        assertEquals(2, runs(baseline).size());

        // a corrupt baseline of runs names the file
        Files.writeString(baseline, before.substring(0, before.length() / 2));
        Outcome corrupt = run("check", "--analysis", analysis, "--baseline", baseline.toString(), "--updateBaseline",
                "--baselineRuns", "3", "--outputDirectory", dir.toString());
        assertEquals(2, corrupt.exitCode(), corrupt.stderr());
        assertTrue(corrupt.stderr().contains(baseline.toString()), corrupt.stderr());
    }

    @Test
    void aMissingFileExitsTwoNamingIt() {
        Path missing = dir.resolve("nothere.json");
        Outcome analyze = run("analyze", missing.toString(), "--analysis", dir.resolve("a.json").toString());
        Outcome report = run("report", missing.toString(), "--analysis", dir.resolve("a.json").toString(),
                "--output", dir.resolve("r").toString());
        for (Outcome outcome : new Outcome[] {analyze, report}) {
            assertEquals(2, outcome.exitCode(), outcome.stderr());
            assertTrue(outcome.stderr().contains(missing.toString()) && outcome.stderr().contains("no such file"),
                    outcome.stderr());
        }
        assertFalse(Files.exists(dir.resolve("r")), "no report from a missing input");
        Outcome check = run("check", "--analysis", missing.toString(), "--outputDirectory", dir.toString());
        assertEquals(2, check.exitCode());
        assertTrue(check.stderr().contains(missing.toString()), check.stderr());
        Outcome baseline = run("check", "--analysis", FIXTURES.resolve("analysis.json").toString(),
                "--baseline", missing.toString(), "--outputDirectory", dir.toString());
        assertEquals(2, baseline.exitCode());
        assertTrue(baseline.stderr().contains(missing.toString()), baseline.stderr());
    }

    @Test
    void aTruncatedJsonExitsTwoNamingTheFileAndWhere() throws Exception {
        String whole = Files.readString(JMH_RESULT);
        Path truncated = dir.resolve("truncated.json");
        Files.writeString(truncated, whole.substring(0, whole.length() / 3));
        Outcome outcome = run("analyze", truncated.toString(), "--analysis", dir.resolve("a.json").toString());
        assertEquals(2, outcome.exitCode(), outcome.stderr());
        assertTrue(outcome.stderr().contains(truncated.toString()) && outcome.stderr().contains("ends early"),
                outcome.stderr());
        assertFalse(Files.exists(dir.resolve("a.json")), "nothing is written from bad input");

        String analysis = Files.readString(FIXTURES.resolve("analysis.json"));
        Path truncatedAnalysis = dir.resolve("analysis-truncated.json");
        Files.writeString(truncatedAnalysis, analysis.substring(0, analysis.length() / 2));
        Outcome check = run("check", "--analysis", truncatedAnalysis.toString(), "--outputDirectory", dir.toString());
        assertEquals(2, check.exitCode(), check.stderr());
        assertTrue(check.stderr().contains(truncatedAnalysis.toString()), check.stderr());
    }

    @Test
    void anUnknownOptionOrBadValueExitsTwo() {
        Outcome unknown = run("analyze", "--bogus", JMH_RESULT.toString());
        assertEquals(2, unknown.exitCode());
        assertTrue(unknown.stderr().contains("Unknown option: '--bogus'"), unknown.stderr());
        Outcome typed = run("analyze", JMH_RESULT.toString(), "--projectTo", "many");
        assertEquals(2, typed.exitCode());
        assertTrue(typed.stderr().contains("--projectTo"), typed.stderr());
        Outcome rule = run("check", "--analysis", FIXTURES.resolve("analysis.json").toString(), "--rule", "metric=nope",
                "--outputDirectory", dir.toString());
        assertEquals(2, rule.exitCode());
        assertTrue(rule.stderr().contains("unknown metric \"nope\""), rule.stderr());
        assertEquals(2, run().exitCode(), "no command");
        Outcome bogus = run("bogus", "--help");
        assertEquals(2, bogus.exitCode(), "an unknown command is an error, even with --help");
        assertTrue(bogus.stderr().contains("unknown command 'bogus'") && bogus.stderr().contains("run, analyze"),
                bogus.stderr());
    }

    @Test
    void runRefusesAMissingJarAndAJmhArgumentJmhWouldMisread() throws Exception {
        Outcome missing = run("run", dir.resolve("nope.jar").toString());
        assertEquals(2, missing.exitCode(), missing.stderr());
        assertTrue(missing.stderr().contains("nope.jar: no such benchmarks jar"), missing.stderr());
        Outcome notAJar = run("run", JMH_RESULT.toString(), "--output", dir.toString());
        assertEquals(2, notAJar.exitCode(), notAJar.stderr());
        assertTrue(notAJar.stderr().contains(JMH_RESULT + ": not a jar"), notAJar.stderr());
        // factored-run's messages name the settings as this command line spells them, and say nothing of Maven
        String misread = assertThrows(IllegalArgumentException.class, () -> new RunOptionsForTest()
                .jmh("-p", "threshold=1", "100").settings(List.of()).build(CliSpelling.INSTANCE)).getMessage();
        assertTrue(misread.startsWith("--jmh: '100' is neither a JMH option") && misread.contains("--params \"threshold=1,100\"")
                && !misread.contains("Maven") && !misread.contains("-Dfactored"), misread);
        String preset = assertThrows(IllegalArgumentException.class, () -> new RunOptionsForTest().preset("fast")
                .settings(List.of()).build(CliSpelling.INSTANCE)).getMessage();
        assertTrue(preset.endsWith("use quick, default or thorough (--preset)"), preset);
        String share = assertThrows(IllegalArgumentException.class, () -> new RunOptionsForTest().shareForks("some")
                .settings(List.of()).build(CliSpelling.INSTANCE)).getMessage();
        assertTrue(share.startsWith("unknown shareForks 'some': use parallel") && share.endsWith("(--shareForks)"), share);
        Outcome order = run("run", jar().toString(), "--order", "random", "--output", dir.toString());
        assertEquals(2, order.exitCode(), order.stderr());
        assertTrue(order.stderr().contains("(--order)") && !order.stderr().contains("-Dfactored"), order.stderr());
    }

    /** The run options as picocli would fill them from {@code --jmh} and {@code --preset}. */
    private static final class RunOptionsForTest {
        private final RunOptions options = new RunOptions();

        RunOptionsForTest jmh(String... arguments) {
            options.jmhArguments = List.of(arguments);
            return this;
        }

        RunOptionsForTest shareForks(String shareForks) {
            options.shareForks = shareForks;
            return this;
        }

        RunOptionsForTest preset(String preset) {
            options.preset = preset;
            return this;
        }

        dev.factored.run.RunSettings.Builder settings(List<String> includes) {
            return options.settings(includes);
        }
    }

    /** A jar that lists benchmarks (JMH's META-INF/BenchmarkList), enough to reach the settings' checks. */
    private Path jar() throws Exception {
        Path jar = dir.resolve("benchmarks.jar");
        try (var out = new java.util.zip.ZipOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new java.util.zip.ZipEntry("META-INF/BenchmarkList"));
            out.closeEntry();
        }
        return jar;
    }

    @Test
    void everyCommandHasItsHelp() {
        for (String command : new String[] {"run", "analyze", "report", "check", "merge", "topology"}) {
            PrintStream saved = System.out;
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            int code;
            try {
                code = FactoredCli.execute(command, "--help");
            } finally {
                System.setOut(saved);
            }
            assertEquals(0, code);
            assertTrue(out.toString(StandardCharsets.UTF_8).contains("Exit codes:"), command);
        }
    }
}
