package dev.factored.run;

import dev.factored.analysis.input.ActivitySamples;
import dev.factored.analysis.input.AnalysisInputException;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.measurement.FailedConfiguration;
import dev.factored.contract.ActivityLog;
import dev.factored.contract.CoresParam;
import dev.factored.contract.RoundEvent;
import dev.factored.jmh.Rounds;
import dev.factored.jmh.rounds.RoundSentences;
import dev.factored.run.jmh.Argfile;
import dev.factored.run.jmh.BenchmarkListing;
import dev.factored.run.jmh.JmhOnClasspath;
import dev.factored.run.jmh.JmhProcess;
import dev.factored.run.jmh.JmhProgress;
import dev.factored.run.settings.RunOrder;
import dev.factored.run.settings.Setting;
import dev.factored.run.settings.ShareForks;
import dev.factored.run.settings.Spelling;
import dev.factored.text.ConsoleText;
import java.io.File;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The run goal's sequence, Maven-free: list the benchmarks ({@code -lp}), choose those with a {@code cores} param,
 * run them with the profiler (in shuffled rounds or in JMH's order), tell the failed configurations, analyse.
 *
 * <p>A configuration that fails (the benchmark throws, its forked JVM dies) does not end the sequence: the others are
 * analysed, and the {@link Outcome} carries the failure, so that the front end reports and checks what was measured
 * and then fails with it.
 *
 * <p>JMH runs in a forked JVM ({@code java @argfile org.openjdk.jmh.Main …}, or {@code dev.factored.jmh.Rounds}
 * for rounds) whose classpath is the project's test classpath: JMH builds its own forks' classpath from
 * {@code java.class.path}, so it cannot run inside the caller's JVM.
 *
 * <p>Writes, under the output directory: {@code jmh-result.json} (JMH's own JSON), {@code analysis.json}, {@code
 * jmh.log} (JMH's output), {@code jmh.args} (the argfile), the activity side files and {@code classpath-jars/}.
 */
public final class SuiteRun {

    public static final String PROFILER = "dev.factored.jmh.FactoredProfiler";
    static final String JMH_MAIN = "org.openjdk.jmh.Main";
    static final String ROUNDS_MAIN = "dev.factored.jmh.Rounds";
    /** The rounds runner's argument for the file of further forks (dev.factored.jmh.Rounds.MORE). */
    static final String MORE = "--more=";
    /** The file of the further forks the run asks for, in the output directory. */
    static final String MORE_FORKS = "more-forks.txt";

    /**
     * What the run needs.
     *
     * @param project         where the benchmarks are and what runs them
     * @param settings        the run's settings
     * @param outputDirectory where the result, the analysis and the logs go
     */
    public record Inputs(Project project, RunSettings settings, Path outputDirectory) {
    }

    /**
     * What a run measured and what failed in it.
     *
     * @param analysis      the analysis written (failed configurations named in it); null only when some failed and the
     *                      results of the others could not be analysed
     * @param failed        the configurations that failed, as the analysis names them; empty when none did
     * @param failedBecause the run's failure, naming each failed configuration, its exception and where the stack traces
     *                      are, for the front end to end with once the rest is reported and checked; null when none
     *                      failed
     */
    public record Outcome(Analysis analysis, List<FailedConfiguration> failed, String failedBecause) {

        public Outcome {
            failed = List.copyOf(failed);
        }
    }

    /** The run failed for a reason in the project or its benchmarks; the message says which and what to do. */
    public static final class Failed extends Exception {
        private static final long serialVersionUID = 1L;

        Failed(String message) {
            super(message);
        }

        Failed(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** The run could not be done: a file could not be written, JMH could not be started, an interruption. */
    public static final class Broken extends Exception {
        private static final long serialVersionUID = 1L;

        Broken(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private final Inputs in;
    private final Spelling spelling;
    private final RunLog log;
    /** The host's class path: the project's, directories of classes packed ({@link ForkClasspath}). */
    private List<String> classpath;

    private SuiteRun(Inputs in, Spelling spelling, RunLog log) {
        this.in = in;
        this.spelling = spelling;
        this.log = log;
    }

    /** The java executable of the running JVM: the default that runs JMH. */
    public static String thisJava() {
        Path home = Path.of(System.getProperty("java.home"));
        Path unix = home.resolve("bin").resolve("java");
        Path windows = home.resolve("bin").resolve("java.exe");
        return (Files.exists(unix) || !Files.exists(windows) ? unix : windows).toString();
    }

    /** The values trimmed, blank and null ones left out; null gives an empty list. */
    public static List<String> nonBlank(List<String> values) {
        List<String> kept = new ArrayList<>();
        if (values != null) {
            for (String v : values) {
                if (v != null && !v.isBlank()) {
                    kept.add(v.trim());
                }
            }
        }
        return kept;
    }

    /** A seed for the rounds' shuffle when none is given: small enough to retype. */
    public static long freshSeed() {
        return ThreadLocalRandom.current().nextLong(1_000_000_000L);
    }

    /**
     * Runs the suite and analyses it (see the class comment).
     *
     * @throws Failed nothing could be measured or analysed (the message says why); a failed configuration is not
     *                thrown but is in the outcome
     */
    public static Outcome run(Inputs in, Spelling spelling, RunLog log) throws Failed, Broken {
        return new SuiteRun(in, spelling, log).run();
    }

    private Outcome run() throws Failed, Broken {
        RunSettings given = in.settings();
        JmhSettings settings = given.jmh();
        Path out = in.outputDirectory();
        Path resultFile = out.resolve("jmh-result.json");
        Path analysisFile = out.resolve("analysis.json");
        Path logFile = out.resolve("jmh.log");
        Path argfile = out.resolve("jmh.args");
        try {
            Files.createDirectories(out);
            // A failed run must not leave the previous run's numbers looking like this run's.
            Files.deleteIfExists(resultFile);
            Files.deleteIfExists(analysisFile);
            Files.deleteIfExists(logFile);
            clearActivity(out.resolve(ActivitySamples.DIRECTORY));
            FailedConfiguration.write(out, java.util.List.of());
        } catch (IOException e) {
            throw new Broken("cannot prepare " + out + ": " + e.getMessage(), e);
        }
        classpath = ForkClasspath.of(in.project(), out, log);

        JmhOnClasspath jmh = JmhOnClasspath.find(in.project().classpath());
        String olderJmh = jmh == null ? null : jmh.warning(JmhOnClasspath.builtWith());
        if (olderJmh != null) {
            log.warn("[factored] " + olderJmh);
        }
        BenchmarkListing listing = list(settings, argfile, logFile);
        List<String> runIncludes = chooseBenchmarks(listing, settings);
        int expected = 0;
        for (BenchmarkListing.Listed b : listing.withCores()) {
            expected += b.configurations();
        }
        log.info("[factored] running " + listing.withCores().size() + " benchmark(s), " + expected
                + " configuration(s), cores=" + CoresParam.spelling(settings.cores())
                + (settings.params().isEmpty() ? "" : ", params " + settings.params().describe()) + ", "
                + settings.describeTiming() + "; JMH output: " + logFile);
        if (given.order() == RunOrder.JMH) {
            log.info("[factored] order jmh: each configuration's forks run back to back (JMH's order)"
                    + (given.shareForks() == ShareForks.NONE ? "" : "; every configuration gets forks of its own (only"
                            + " the rounds measure configurations in turn inside one fork)"));
        }

        // The activity side files go next to the result, where the analysis looks. Handed to the profiler's
        // host as a system property, not as a profiler option, so that an older profiler still runs.
        List<String> runArguments = new ArrayList<>(hostArguments(given.order() == RunOrder.ROUNDS ? ROUNDS_MAIN : JMH_MAIN));
        runArguments.add(0, "-D" + ActivityLog.PROPERTY + "=" + out.resolve(ActivitySamples.DIRECTORY)
                .toAbsolutePath());
        MoreRounds more = null;
        if (given.order() == RunOrder.ROUNDS) {
            runArguments.add("--seed=" + given.seed());
            runArguments.add(Rounds.EVENTS);
            if (!given.budget().none()) {
                Path requests = out.resolve(MORE_FORKS);
                runArguments.add(MORE + requests.toAbsolutePath());
                // for the progress line: further rounds may follow until the budget is spent
                runArguments.add(Rounds.BUDGET + given.budget().wallTime().toSeconds());
                more = new MoreRounds(given.budget(), resultFile, requests, given.analysis(), settings.cores(), log,
                        System::nanoTime);
                log.info("[factored] " + given.budget().describe() + ": after the planned rounds, further single forks go"
                        + " where the intervals are widest while they fit");
            }
        }
        runArguments.addAll(settings.runArguments(runIncludes, PROFILER, given.profilerOptions(), resultFile));
        JmhProgress progress = new JmhProgress(expected);
        JmhProcess.Outcome outcome = runJmh(runArguments, argfile, logFile, more == null ? null : more::answer, line -> {
            if (given.verbose()) {
                log.info(asWritten(line));
            }
            String message = progress.accept(line);
            if (message != null) {
                log.info(ConsoleText.of("[factored] ").text(message).toString());
            }
        });
        if (outcome.exitCode() != 0 && outcome.tail().stream().anyMatch(l -> l.contains("ClassNotFoundException: " + PROFILER))) {
            throw new Failed("JMH cannot find the profiler " + PROFILER + " on the test classpath of "
                    + in.project().id() + ": add the dependency dev.factored:jmh-factored-profiler (the library that"
                    + " provides the Cores state) to the project that holds the benchmarks.");
        }
        if (outcome.exitCode() != 0 && outcome.tail().stream().anyMatch(l -> l.contains("ClassNotFoundException: " + ROUNDS_MAIN)
                || l.contains("main class " + ROUNDS_MAIN))) {
            throw new Failed("cannot start " + ROUNDS_MAIN + ", which runs the forks in rounds, from the test classpath"
                    + " of " + in.project().id() + ": add the dependency dev.factored:jmh-factored-profiler (the library"
                    + " that provides the Cores state) in this plugin's version to the project that holds the"
                    + " benchmarks, or run the forks in JMH's order with " + spelling.withValue(Setting.ORDER, "jmh") + ".");
        }
        if (outcome.exitCode() != 0) {
            throw new Failed("JMH failed (exit code " + outcome.exitCode() + "); its full output is in "
                    + logFile + ". Last lines:\n  " + String.join("\n  ", outcome.tail())
                    + (Files.exists(resultFile) ? "\nThe results written so far are in " + resultFile : ""));
        }
        if (!Files.exists(resultFile)) {
            throw new Failed("JMH ended without writing " + resultFile + "; see " + logFile);
        }
        List<JmhProgress.Failure> failures = progress.failures();
        List<FailedConfiguration> failed = failures.stream().map(JmhProgress.Failure::configuration).toList();
        try {
            // Named in analysis.json and the report: JMH's JSON leaves the failed configurations out.
            FailedConfiguration.write(resultFile.toAbsolutePath().getParent(), failed);
        } catch (IOException e) {
            throw new Broken("cannot write " + FailedConfiguration.FILE + ": " + e.getMessage(), e);
        }
        Analysis analysis = null;
        try {
            analysis = AnalysisStep.analyzeAndWrite(resultFile, analysisFile, given.analysis());
        } catch (AnalysisInputException e) {
            if (failures.isEmpty()) {
                throw new Failed("cannot analyse the JMH result: " + e.getMessage(), e);
            }
            log.warn("[factored] cannot analyse the partial JMH result: " + e.getMessage());
        } catch (IOException e) {
            throw new Broken(e.getMessage(), e);
        }
        if (analysis != null) {
            AnalysisStep.logSummary(analysis, analysisFile, log);
        }
        if (more != null) {
            for (String missed : more.missed(3)) {
                log.info("[factored] " + missed);
            }
        }
        if (failures.isEmpty()) {
            return new Outcome(analysis, List.of(), null);
        }
        ConsoleText message = ConsoleText.of(failures.size() + " benchmark configuration(s) failed:");
        failures.forEach(f -> message.line().text("  ").text(f.describe()));
        message.line().text("The stack traces are in " + logFile + "; the results of the others are in " + resultFile
                + (analysis != null ? " and " + analysisFile : ""));
        return new Outcome(analysis, failed, message.toString());
    }

    /** Removes the previous run's activity side files: the analysis reads every one it finds. */
    private static void clearActivity(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return;
        }
        try (var files = Files.list(directory)) {
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith(ActivityLog.SUFFIX)).toList()) {
                Files.delete(file);
            }
        }
    }

    /** The host JVM's options, the classpath and the main class; the main class's arguments follow. */
    private List<String> hostArguments(String mainClass) {
        List<String> arguments = new ArrayList<>(in.project().hostJvmArguments());
        arguments.add("-cp");
        arguments.add(String.join(File.pathSeparator, classpath));
        arguments.add(mainClass);
        return arguments;
    }

    private BenchmarkListing list(JmhSettings settings, Path argfile, Path logFile) throws Failed, Broken {
        List<String> arguments = new ArrayList<>(hostArguments(JMH_MAIN));
        arguments.addAll(settings.listArguments());
        List<String> lines = new ArrayList<>();
        JmhProcess.Outcome outcome = runJmh(arguments, argfile, logFile, lines::add);
        if (outcome.exitCode() != 0 || !lines.stream().anyMatch(l -> l.trim().equals("Benchmarks:"))) {
            String all = String.join("\n", lines);
            if (all.contains("/META-INF/BenchmarkList")) {
                throw new Failed("no JMH benchmarks on the test classpath of " + in.project().id()
                        + " (JMH found no META-INF/BenchmarkList): compile them first (run factored:run in a build"
                        + " such as mvn verify, or after mvn test-compile), and make sure jmh-generator-annprocess"
                        + " runs as an annotation processor (on JDK 23+ it must be declared in the compiler's"
                        + " annotationProcessorPaths).");
            }
            throw new Failed("JMH could not list the benchmarks (exit code " + outcome.exitCode()
                    + "); check the goal's JMH settings. JMH said:\n  " + String.join("\n  ", outcome.tail()));
        }
        return BenchmarkListing.parse(lines);
    }

    /** Checks the listing and returns the includes for the run: only benchmarks with a cores param. */
    private List<String> chooseBenchmarks(BenchmarkListing listing, JmhSettings settings) throws Failed {
        String selection = "includes " + (settings.includes().isEmpty() ? "(all)" : settings.includes())
                + (settings.excludes().isEmpty() ? "" : ", excludes " + settings.excludes());
        if (listing.benchmarks().isEmpty()) {
            throw new Failed("no JMH benchmark of " + in.project().id() + " matches " + selection
                    + ". Check " + spelling.where(Setting.INCLUDES) + " and " + spelling.where(Setting.EXCLUDES)
                    + "; they are regular expressions"
                    + " searched in the fully qualified benchmark name.");
        }
        if (listing.withCores().isEmpty()) {
            throw new Failed("none of the " + listing.benchmarks().size() + " benchmark(s) matching "
                    + selection + " has a 'cores' param: " + names(listing.benchmarks()) + ". Give the benchmark"
                    + " method a dev.factored.jmh.Cores parameter (dependency dev.factored:jmh-factored-profiler)"
                    + " and run its work with cores.invoke(task), with `if (cores.isBaseline()) return"
                    + " sequential(...);` for the baseline; or declare your own @Param String cores.");
        }
        String unknownParam = settings.paramNoneHas(listing.withCores());
        if (unknownParam != null) {
            throw new Failed("no benchmark to run (" + selection + ", with a 'cores' param) has a"
                    + " param '" + unknownParam + "', given in " + spelling.name(Setting.PARAMS) + " or with -p in "
                    + spelling.name(Setting.JMH_ARGUMENTS) + "; JMH would ignore"
                    + " it. Their params: " + listing.withCores().stream()
                            .map(b -> b.name() + " " + b.params().keySet()).collect(Collectors.joining(", ")));
        }
        if (listing.withoutCores().isEmpty()) {
            return settings.includes();
        }
        log.warn(ConsoleText.of("[factored] not running ").text(listing.withoutCores().size())
                .text(" matching benchmark(s) without a 'cores' param: ").text(names(listing.withoutCores())).toString());
        List<String> exact = new ArrayList<>();
        for (BenchmarkListing.Listed b : listing.withCores()) {
            exact.add("^" + Pattern.quote(b.name()) + "$");
        }
        return exact;
    }

    private JmhProcess.Outcome runJmh(List<String> arguments, Path argfile, Path logFile, Consumer<String> lines)
            throws Broken {
        return runJmh(arguments, argfile, logFile, null, lines);
    }

    private JmhProcess.Outcome runJmh(List<String> arguments, Path argfile, Path logFile,
            java.util.function.Function<String, String> answers, Consumer<String> lines) throws Broken {
        try {
            Argfile.write(argfile, arguments);
            log.debug("[factored] " + in.project().java() + " @" + argfile);
            try (Writer jmhLog = Files.newBufferedWriter(logFile, StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
                return JmhProcess.run(in.project().java(), argfile, in.project().workingDirectory(), jmhLog,
                        SuiteRun::asWritten, lines, answers, spelling);
            }
        } catch (IOException e) {
            throw new Broken("cannot run JMH: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Broken("interrupted while JMH was running", e);
        }
    }

    /**
     * A line of JMH's output as a person reads it in jmh.log, in the verbose console and in an error's last lines: the
     * rounds runner's events in its own words, as it writes them when a person starts it.
     */
    private static String asWritten(String line) {
        return RoundEvent.read(line).map(RoundSentences::line).orElse(line);
    }

    private static String names(List<BenchmarkListing.Listed> benchmarks) {
        return benchmarks.stream().map(BenchmarkListing.Listed::name).collect(Collectors.joining(", "));
    }
}
