package dev.factored.cli;

import dev.factored.analysis.model.Analysis;
import dev.factored.report.FactoredReport;
import dev.factored.run.Budget;
import dev.factored.run.JmhSettings;
import dev.factored.run.RunOrder;
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
 * {@code factored run}: a JMH uber-jar's benchmarks with the profiler, as the run goal runs a project's (the same
 * {@link SuiteRun}: listed, configurations from the topology, shuffled interleaved rounds, pinned), then the analysis,
 * the report and the gate; the files are the goals' under {@code --output}.
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

    @Option(names = "--cores", paramLabel = "LIST",
            description = "The configurations, comma-separated; default from this machine's topology (see topology).")
    String cores;

    @Option(names = "--exclude", paramLabel = "REGEX", description = "A benchmark not to run (JMH -e), repeatable.")
    List<String> excludes = new ArrayList<>();

    @Option(names = "--preset", defaultValue = "default", description = "quick, default or thorough (default: ${DEFAULT-VALUE}).")
    String preset;

    @Option(names = "--forks", description = "Forks per configuration: the number of rounds (JMH -f).")
    Integer forks;

    @Option(names = "--warmupIterations", description = "JMH -wi.")
    Integer warmupIterations;

    @Option(names = "--warmupTime", description = "JMH -w, e.g. 500ms.")
    String warmupTime;

    @Option(names = "--measurementIterations", description = "JMH -i.")
    Integer measurementIterations;

    @Option(names = "--measurementTime", description = "JMH -r, e.g. 2s.")
    String measurementTime;

    @Option(names = "--params", paramLabel = "SPEC", description = "Params to restrict, name=v1,v2;name2=v3.")
    String params;

    @Option(names = "--jmh", paramLabel = "ARG",
            description = "A further JMH argument, repeatable ('--jmh=-tu' '--jmh=us', or '--jmh=-tu us'), read by"
                    + " JMH's own parser before anything runs.")
    List<String> jmhArguments = new ArrayList<>();

    @Option(names = "--order", defaultValue = "rounds", description = "rounds or jmh (default: ${DEFAULT-VALUE}).")
    String order;

    @Option(names = "--seed", description = "The seed of the rounds' shuffle; default a fresh one, printed.")
    Long seed;

    @Option(names = "--profilerOptions", description = "Appended as -prof dev.factored.jmh.FactoredProfiler:<options>.")
    String profilerOptions;

    @Option(names = "--hostJvmArgument", paramLabel = "ARG",
            description = "A JVM option of the JMH host JVM (not of the measured forks), repeatable.")
    List<String> hostJvmArguments = new ArrayList<>();

    @Option(names = "--jvm", description = "The java executable that runs JMH; default this one.")
    String jvm;

    @Option(names = "--budget", paramLabel = "TIME", description = "The JMH run's time, after which no further round "
            + "starts, e.g. 4m, 90s, or off (default: the preset's: quick 3m30s, default 20m, thorough 2h).")
    String budget;

    // picocli formats descriptions as format strings: a percent sign is written %%
    @Option(names = "--precision", paramLabel = "SHARE", description = "The half-width further rounds aim at, e.g. 5%% "
            + "(default: the preset's: 5%%, thorough 2%%).")
    String precision;

    @Option(names = "--verbose", description = "Also print JMH's full output (it always goes to jmh.log).")
    boolean verbose;

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
        Path out = output.toAbsolutePath().normalize();
        SuiteRun.Inputs inputs;
        try {
            JmhSettings settings = JmhSettings.of(cores, includes, excludes, preset, forks, warmupIterations,
                    warmupTime, measurementIterations, measurementTime, params, jmhArguments);
            inputs = new SuiteRun.Inputs(jvm, hostJvmArguments, List.of(jar.toAbsolutePath().toString()),
                    Path.of("").toAbsolutePath(), jar.getFileName().toString(), settings, RunOrder.parse(order), seed,
                    out, profilerOptions, analysis.options(), verbose, Budget.of(settings.preset(), budget, precision));
        } catch (IllegalArgumentException e) {
            throw new BadInputException(inOwnWords(e.getMessage()));
        }
        SuiteRun.Outcome run;
        try {
            run = SuiteRun.run(inputs, StderrLog.INSTANCE);
        } catch (SuiteRun.Failed e) {
            System.err.println("error: " + inOwnWords(e.getMessage()));
            return RUN_FAILED;
        } catch (SuiteRun.Broken e) {
            throw new BadInputException(e.getMessage());
        }
        Analysis analysis = run.analysis();
        if (analysis == null) {
            if (run.failedBecause() != null) {
                return failed(run); // nothing analysed to report or check
            }
            throw new BadInputException("the run wrote no analysis; see " + out.resolve("jmh.log"));
        }
        // A failed configuration takes neither the report nor the check with it: both cover the others and name it,
        // then the run exits with its failure.
        try {
            System.err.println("[factored] report: " + FactoredReport.writeStandalone(analysis, out.resolve("report")));
        } catch (IOException e) {
            throw new BadInputException("cannot write the report to " + out.resolve("report") + ": " + e.getMessage());
        }
        int checked = GateOptions.exitCode(gate.check(out.resolve("analysis.json"), out));
        return run.failedBecause() == null ? checked : failed(run);
    }

    /** Says why the run failed, last, and gives its exit code. */
    private static int failed(SuiteRun.Outcome run) {
        System.err.println("error: " + inOwnWords(run.failedBecause()));
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

    /**
     * The run's messages, which name the goal's parameters ({@code <preset> or -Dfactored.preset}), with this command's
     * options instead; the paragraph on Maven's comma splitting goes, as nothing splits here.
     */
    static String inOwnWords(String message) {
        int maven = message.indexOf(" Maven splits");
        String own = maven < 0 ? message : message.substring(0, maven);
        return own.replaceAll("<(\\w+)>(\\w+)</\\1>", "--$1 $2")
                .replace("<includes>/<excludes> (or -Dfactored.includes)", "the include patterns and --exclude")
                .replaceAll("<(\\w+)> or -Dfactored\\.\\w+", "--$1")
                .replaceAll("\\(-Dfactored\\.(\\w+)=(\\w+)\\)", "(--$1 $2)")
                .replaceAll("-Dfactored\\.(\\w+)=", "--$1 ")
                .replaceAll("-Dfactored\\.(\\w+)", "--$1")
                .replace("jmhArguments", "--jmh");
    }
}
