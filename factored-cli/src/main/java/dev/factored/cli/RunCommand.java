package dev.factored.cli;

import dev.factored.run.Commands;
import dev.factored.run.Project;
import dev.factored.run.RunSettings;
import dev.factored.run.SuiteRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.zip.ZipFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code factored run}: a JMH uber-jar's benchmarks with the profiler, as the run goal runs a project's (listed,
 * configurations from the topology, shuffled interleaved rounds, pinned), then the analysis, the report and the gate
 * ({@link Commands#runReportCheck}); the files are the goals' under {@code --output}.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run a JMH uber-jar's benchmarks in every cores configuration with the factored profiler, in"
                + " shuffled interleaved rounds, then analyse, report and check: jmh-result.json, analysis.json,"
                + " jmh.log, report/index.html, check.json and summary.md under --output.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:run, analysed and the check passed", "1:a check failed",
                "2:bad input (a missing jar, no benchmark with a cores param, a JMH argument JMH would misread;"
                        + " the message says what to do)",
                "3:inconclusive, with --failOnInconclusive", "4:the run failed: JMH or a benchmark configuration"
                + " failed (the message names it; JMH's output is in jmh.log). A failed configuration exits 4 after the"
                + " report and the check of the others, which name it too"})
final class RunCommand implements Callable<Integer> {

    static final int RUN_FAILED = 4;

    @Parameters(index = "0", paramLabel = "BENCHMARKS_JAR",
            description = "The JMH uber-jar (e.g. target/benchmarks.jar) built with dev.factored:jmh-factored-profiler.")
    Path jar;

    @Parameters(index = "1..*", paramLabel = "INCLUDE",
            description = "Regular expressions selecting benchmarks (JMH's syntax); default every benchmark with a"
                    + " cores param.")
    List<String> includes = new ArrayList<>();

    @Option(names = "--output", paramLabel = "DIR", defaultValue = "target/factored",
            description = "Where every file goes (default: ${DEFAULT-VALUE}, as the Maven goals).")
    Path output;

    @Mixin
    RunOptions run;

    @Mixin
    AnalysisSettings analysis;

    @Mixin
    GateOptions gate;

    @Override
    public Integer call() throws BadInputException {
        if (!Files.isRegularFile(jar)) {
            throw new BadInputException(jar + ": no such benchmarks jar (build it first, e.g. mvn package)");
        }
        requireBenchmarkList(jar);
        Project project = new Project(run.jvm, run.hostJvmArguments, List.of(jar.toAbsolutePath().toString()),
                Path.of("").toAbsolutePath(), jar.getFileName().toString());
        var options = analysis.options();
        RunSettings settings = Steps.run(() -> run.settings(includes).analysis(options).build(CliSpelling.INSTANCE));
        Commands.Checked done;
        try {
            done = Commands.runReportCheck(project, settings, gate.settings(), output.toAbsolutePath().normalize(),
                    CliSpelling.INSTANCE, StderrLog.INSTANCE);
        } catch (SuiteRun.Failed e) {
            System.err.println("error: " + e.getMessage());
            return RUN_FAILED;
        } catch (SuiteRun.Broken | IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        }
        int checked = done.verdict() == null ? 0 : GateOptions.exitCode(done.verdict());
        if (done.run().failedBecause() == null) {
            return checked;
        }
        System.err.println("error: " + done.run().failedBecause()); // the run's failure, last
        return RUN_FAILED;
    }

    /** An uber-jar JMH made lists its benchmarks in META-INF/BenchmarkList; anything else cannot be run. */
    private static void requireBenchmarkList(Path jar) throws BadInputException {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            if (zip.getEntry("META-INF/BenchmarkList") == null) {
                throw new BadInputException(jar + " holds no META-INF/BenchmarkList: it is not a JMH benchmarks jar (build"
                        + " one with JMH's annotation processor and all dependencies inside, as JMH's archetype's shade"
                        + " plugin or Gradle's jmhJar does)");
            }
        } catch (IOException e) {
            throw new BadInputException(jar + ": not a jar (" + e.getMessage() + ")");
        }
    }
}
