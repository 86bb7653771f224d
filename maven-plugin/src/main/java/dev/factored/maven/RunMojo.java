package dev.factored.maven;

import dev.factored.analysis.Analysis;
import dev.factored.analysis.AnalysisInputException;
import dev.factored.analysis.FactoredAnalysis;
import dev.factored.contract.ActivityLog;
import dev.factored.text.Untrusted;
import java.io.File;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.project.MavenProject;

/**
 * Runs the project's JMH benchmarks in every {@code cores} configuration with the factored profiler,
 * then analyses the result.
 *
 * <p>JMH runs in a forked JVM ({@code java @argfile org.openjdk.jmh.Main …}) whose classpath is the
 * project's test classpath: JMH builds its own forks' classpath from {@code java.class.path}, so it
 * cannot run inside Maven's JVM. The benchmarks must be compiled first, so run this goal in a build
 * ({@code mvn verify}; it binds to {@code integration-test}) or after {@code mvn test-compile}.
 *
 * <p>Writes, under {@link #outputDirectory}: {@code jmh-result.json} (JMH's own JSON),
 * {@code analysis.json}, {@code jmh.log} (JMH's full output) and {@code jmh.args} (the argfile used).
 */
@Mojo(name = "run", defaultPhase = LifecyclePhase.INTEGRATION_TEST,
        requiresDependencyResolution = ResolutionScope.TEST, threadSafe = true)
public class RunMojo extends AbstractMojo {

    static final String PROFILER = "dev.factored.jmh.FactoredProfiler";
    private static final String MAIN = "org.openjdk.jmh.Main";

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    private MavenProject project;

    /**
     * The {@code cores} configurations to measure, comma-separated: {@code baseline}, {@code elision}
     * and numbers of workers, e.g. {@code baseline,elision,1,2,4}. Passed to JMH as
     * {@code -p cores=…}, overriding the values in the benchmark's {@code @Param}. Default: baseline,
     * elision, 1, 2, 4, … powers of two up to the CPUs this build may use, plus that number itself
     * ({@code Runtime.availableProcessors()} of Maven's JVM). Leave {@code baseline} out when a
     * benchmark has no sequential baseline branch; the analysis then reports the curves that need
     * T_s as missing.
     */
    @Parameter(property = "factored.cores")
    private String cores;

    /**
     * Regular expressions selecting the benchmarks to run, JMH's own syntax (searched in the fully
     * qualified benchmark name, e.g. {@code MergeSort} or {@code ^com\.acme\.Sort\.parallel$}). Default:
     * every benchmark that has a {@code cores} param. On the command line:
     * {@code -Dfactored.includes=MergeSort,Fib} (comma-separated).
     */
    @Parameter(property = "factored.includes")
    private List<String> includes;

    /** Regular expressions of benchmarks not to run, passed to JMH as {@code -e}. */
    @Parameter(property = "factored.excludes")
    private List<String> excludes;

    /**
     * How long to measure: {@code quick} (1 fork, 3 × 200 ms warmup, 5 × 200 ms measurement: about
     * 1.5 s per configuration, wide intervals, for trying things and CI smoke runs), {@code default}
     * (2 forks, 3 × 1 s warmup, 5 × 1 s measurement: about 17 s per configuration) or {@code thorough}
     * (5 forks, 5 × 2 s warmup, 10 × 2 s measurement: about 2.5 min per configuration, for numbers you
     * publish). {@link #forks}, {@link #warmupIterations}, {@link #warmupTime},
     * {@link #measurementIterations} and {@link #measurementTime} override single settings.
     */
    @Parameter(property = "factored.preset", defaultValue = "default")
    private String preset;

    /** Forks per configuration (JMH {@code -f}); overrides the preset. Each fork is a fresh JVM. */
    @Parameter(property = "factored.forks")
    private Integer forks;

    /** Warmup iterations per fork (JMH {@code -wi}); overrides the preset. */
    @Parameter(property = "factored.warmupIterations")
    private Integer warmupIterations;

    /** Time of each warmup iteration, JMH syntax such as {@code 500ms} or {@code 2s} ({@code -w}); overrides the preset. */
    @Parameter(property = "factored.warmupTime")
    private String warmupTime;

    /** Measurement iterations per fork (JMH {@code -i}); overrides the preset. */
    @Parameter(property = "factored.measurementIterations")
    private Integer measurementIterations;

    /** Time of each measurement iteration, JMH syntax such as {@code 500ms} or {@code 2s} ({@code -r}); overrides the preset. */
    @Parameter(property = "factored.measurementTime")
    private String measurementTime;

    /**
     * Further JMH command-line arguments, one per element, e.g. {@code <jmhArgument>-tu</jmhArgument>
     * <jmhArgument>us</jmhArgument>}; an element may also hold an option, a space and its value
     * ({@code -tu us}), which the goal passes as two arguments. An option given here replaces the preset's
     * value for it. Checked against JMH 1.37's options before anything runs: every element must be an option
     * or the value of the option before it, so a stray element fails the build instead of becoming a
     * benchmark pattern. That matters on the command line, where Maven splits this list at every comma:
     * {@code -Dfactored.jmhArguments=-p,threshold=1,100} arrives as {@code -p}, {@code threshold=1},
     * {@code 100}; give params with {@link #params} instead. Select benchmarks with {@link #includes}, not
     * here. The goal itself sets {@code -p cores}, {@code -prof}, {@code -rf} and {@code -rff}: use
     * {@link #cores} for the configurations.
     */
    @Parameter(property = "factored.jmhArguments")
    private List<String> jmhArguments;

    /**
     * Benchmark params to restrict, {@code name=v1,v2;name2=v3}: params separated by {@code ;}, values by
     * {@code ,}, e.g. {@code -Dfactored.params="threshold=1,100;size=1000"}, passed to JMH as
     * {@code -p threshold=1,100 -p size=1000}. A String, not a list, so that its commas survive the command
     * line (Maven splits a list property such as {@link #jmhArguments} at every comma). Names are
     * {@code @Param} field names; {@code cores} is set with {@link #cores}; a param given here must not be
     * given again, here or with {@code -p} in {@link #jmhArguments}. A name that no selected benchmark has
     * fails the goal (JMH would ignore it).
     */
    @Parameter(property = "factored.params")
    private String params;

    /** Options for the profiler, appended as {@code -prof dev.factored.jmh.FactoredProfiler:<options>}. */
    @Parameter(property = "factored.profilerOptions")
    private String profilerOptions;

    /**
     * JVM options for the JMH host JVM (not for the measured forks: give those to JMH with
     * {@code -jvmArgsAppend} in {@link #jmhArguments}), e.g. {@code -Djmh.ignoreLock=true} when
     * another JMH run may be going on on the same machine.
     */
    @Parameter(property = "factored.hostJvmArguments")
    private List<String> hostJvmArguments;

    /**
     * The java executable that runs JMH; JMH's forks use the same JDK. Default: the JVM running Maven
     * ({@code ${java.home}/bin/java}).
     */
    @Parameter(property = "factored.jvm")
    private String jvm;

    /** Where jmh-result.json, analysis.json, jmh.log and jmh.args go. */
    @Parameter(property = "factored.outputDirectory", defaultValue = "${project.build.directory}/factored")
    private File outputDirectory;

    /** Also copy JMH's full output to the Maven log (it always goes to {@code jmh.log}). */
    @Parameter(property = "factored.verbose", defaultValue = "false")
    private boolean verbose;

    /**
     * How far the speedup bounds of the span run are projected: P = 1 … projectTo, also beyond the cores of
     * this machine (the point of the bounds: how far the program could scale at all).
     */
    @Parameter(property = "factored.projectTo", defaultValue = "64")
    private int projectTo;

    /** Skip the goal (also the report and check goals when set as a property). */
    @Parameter(property = "factored.skip", defaultValue = "false")
    private boolean skip;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("[factored] run skipped (factored.skip)");
            return;
        }
        JmhSettings settings = settings();
        Path out = outputDirectory.toPath();
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
            clearActivity(out.resolve(FactoredAnalysis.ACTIVITY_DIRECTORY));
        } catch (IOException e) {
            throw new MojoExecutionException("cannot prepare " + out + ": " + e.getMessage(), e);
        }
        List<String> hostArguments = hostArguments();
        String java = java();

        BenchmarkListing listing = list(java, hostArguments, settings, argfile, logFile);
        List<String> runIncludes = chooseBenchmarks(listing, settings);
        int expected = 0;
        for (BenchmarkListing.Listed b : listing.withCores()) {
            expected += b.configurations();
        }
        getLog().info("[factored] running " + listing.withCores().size() + " benchmark(s), " + expected
                + " configuration(s), cores=" + String.join(",", settings.cores())
                + (settings.params().isEmpty() ? "" : ", params " + settings.params().describe()) + ", "
                + settings.describeTiming() + "; JMH output: " + logFile);

        // The activity side files go next to the result, where the analysis looks. Handed to the profiler's
        // host as a system property, not as a profiler option, so that an older profiler still runs.
        List<String> runArguments = new ArrayList<>(hostArguments);
        runArguments.add(0, "-D" + ActivityLog.PROPERTY + "=" + out.resolve(FactoredAnalysis.ACTIVITY_DIRECTORY)
                .toAbsolutePath());
        runArguments.addAll(settings.runArguments(runIncludes, PROFILER, profilerOptions, resultFile));
        JmhProgress progress = new JmhProgress(expected);
        JmhProcess.Outcome outcome = runJmh(java, runArguments, argfile, logFile, line -> {
            if (verbose) {
                getLog().info(line);
            }
            String message = progress.accept(line);
            if (message != null) {
                getLog().info("[factored] " + Untrusted.console(message));
            }
        });
        if (outcome.exitCode() != 0 && outcome.tail().stream().anyMatch(l -> l.contains("ClassNotFoundException: " + PROFILER))) {
            throw new MojoFailureException("JMH cannot find the profiler " + PROFILER + " on the test classpath of "
                    + project.getId() + ": add the dependency dev.factored:jmh-factored-profiler (the library that"
                    + " provides the Cores state) to the project that holds the benchmarks.");
        }
        if (outcome.exitCode() != 0) {
            throw new MojoFailureException("JMH failed (exit code " + outcome.exitCode() + "); its full output is in "
                    + logFile + ". Last lines:\n  " + String.join("\n  ", outcome.tail())
                    + (Files.exists(resultFile) ? "\nThe results written so far are in " + resultFile : ""));
        }
        if (!Files.exists(resultFile)) {
            throw new MojoFailureException("JMH ended without writing " + resultFile + "; see " + logFile);
        }
        List<JmhProgress.Failure> failures = progress.failures();
        Analysis analysis = null;
        try {
            analysis = AnalysisStep.analyzeAndWrite(resultFile, analysisFile, projectTo);
        } catch (AnalysisInputException e) {
            if (failures.isEmpty()) {
                throw new MojoFailureException("cannot analyse the JMH result: " + e.getMessage(), e);
            }
            getLog().warn("[factored] cannot analyse the partial JMH result: " + e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
        if (analysis != null) {
            AnalysisStep.logSummary(analysis, analysisFile, getLog());
        }
        if (!failures.isEmpty()) {
            throw new MojoFailureException(failures.size() + " benchmark configuration(s) failed:\n  "
                    + failures.stream().map(f -> Untrusted.console(f.describe())).collect(Collectors.joining("\n  "))
                    + "\nThe stack traces are in " + logFile + "; the results of the others are in " + resultFile
                    + (analysis != null ? " and " + analysisFile : ""));
        }
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

    private JmhSettings settings() throws MojoExecutionException {
        try {
            List<String> coreValues = cores == null || cores.isBlank()
                    ? CoresList.defaults(Runtime.getRuntime().availableProcessors())
                    : CoresList.parse(cores);
            return new JmhSettings(coreValues, nonBlank(includes), nonBlank(excludes), Preset.parse(preset),
                    forks, warmupIterations, warmupTime, measurementIterations, measurementTime,
                    Params.parse(params), nonBlank(jmhArguments));
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException("factored:run: " + e.getMessage(), e);
        }
    }

    private List<String> hostArguments() throws MojoExecutionException {
        List<String> classpath;
        try {
            classpath = project.getTestClasspathElements();
        } catch (DependencyResolutionRequiredException e) {
            throw new MojoExecutionException("cannot resolve the test classpath of " + project.getId()
                    + ": " + e.getMessage(), e);
        }
        List<String> arguments = new ArrayList<>(nonBlank(hostJvmArguments));
        arguments.add("-cp");
        arguments.add(String.join(File.pathSeparator, classpath));
        arguments.add(MAIN);
        return arguments;
    }

    private String java() {
        if (jvm != null && !jvm.isBlank()) {
            return jvm;
        }
        Path home = Path.of(System.getProperty("java.home"));
        Path unix = home.resolve("bin").resolve("java");
        Path windows = home.resolve("bin").resolve("java.exe");
        return (Files.exists(unix) || !Files.exists(windows) ? unix : windows).toString();
    }

    private BenchmarkListing list(String java, List<String> hostArguments, JmhSettings settings, Path argfile,
                                  Path logFile) throws MojoExecutionException, MojoFailureException {
        List<String> arguments = new ArrayList<>(hostArguments);
        arguments.addAll(settings.listArguments());
        List<String> lines = new ArrayList<>();
        JmhProcess.Outcome outcome = runJmh(java, arguments, argfile, logFile, lines::add);
        if (outcome.exitCode() != 0 || !lines.stream().anyMatch(l -> l.trim().equals("Benchmarks:"))) {
            String all = String.join("\n", lines);
            if (all.contains("/META-INF/BenchmarkList")) {
                throw new MojoFailureException("no JMH benchmarks on the test classpath of " + project.getId()
                        + " (JMH found no META-INF/BenchmarkList): compile them first (run factored:run in a build"
                        + " such as mvn verify, or after mvn test-compile), and make sure jmh-generator-annprocess"
                        + " runs as an annotation processor (on JDK 23+ it must be declared in the compiler's"
                        + " annotationProcessorPaths).");
            }
            throw new MojoFailureException("JMH could not list the benchmarks (exit code " + outcome.exitCode()
                    + "); check the goal's JMH settings. JMH said:\n  " + String.join("\n  ", outcome.tail()));
        }
        return BenchmarkListing.parse(lines);
    }

    /** Checks the listing and returns the includes for the run: only benchmarks with a cores param. */
    private List<String> chooseBenchmarks(BenchmarkListing listing, JmhSettings settings) throws MojoFailureException {
        String selection = "includes " + (settings.includes().isEmpty() ? "(all)" : settings.includes())
                + (settings.excludes().isEmpty() ? "" : ", excludes " + settings.excludes());
        if (listing.benchmarks().isEmpty()) {
            throw new MojoFailureException("no JMH benchmark of " + project.getId() + " matches " + selection
                    + ". Check <includes>/<excludes> (or -Dfactored.includes); they are regular expressions"
                    + " searched in the fully qualified benchmark name.");
        }
        if (listing.withCores().isEmpty()) {
            throw new MojoFailureException("none of the " + listing.benchmarks().size() + " benchmark(s) matching "
                    + selection + " has a 'cores' param: " + names(listing.benchmarks()) + ". Give the benchmark"
                    + " method a dev.factored.jmh.Cores parameter (dependency dev.factored:jmh-factored-profiler)"
                    + " and run its work with cores.invoke(task), with `if (cores.isBaseline()) return"
                    + " sequential(...);` for the baseline; or declare your own @Param String cores.");
        }
        String unknownParam = settings.paramNoneHas(listing.withCores());
        if (unknownParam != null) {
            throw new MojoFailureException("no benchmark to run (" + selection + ", with a 'cores' param) has a"
                    + " param '" + unknownParam + "', given in params or with -p in jmhArguments; JMH would ignore"
                    + " it. Their params: " + listing.withCores().stream()
                            .map(b -> b.name() + " " + b.params().keySet()).collect(Collectors.joining(", ")));
        }
        if (listing.withoutCores().isEmpty()) {
            return settings.includes();
        }
        getLog().warn("[factored] not running " + listing.withoutCores().size()
                + " matching benchmark(s) without a 'cores' param: " + Untrusted.console(names(listing.withoutCores())));
        List<String> exact = new ArrayList<>();
        for (BenchmarkListing.Listed b : listing.withCores()) {
            exact.add("^" + Pattern.quote(b.name()) + "$");
        }
        return exact;
    }

    private JmhProcess.Outcome runJmh(String java, List<String> arguments, Path argfile, Path logFile,
                                      java.util.function.Consumer<String> lines) throws MojoExecutionException {
        try {
            Argfile.write(argfile, arguments);
            getLog().debug("[factored] " + java + " @" + argfile);
            try (Writer log = Files.newBufferedWriter(logFile, StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
                return JmhProcess.run(java, argfile, project.getBasedir().toPath(), log, lines);
            }
        } catch (IOException e) {
            throw new MojoExecutionException("cannot run JMH: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MojoExecutionException("interrupted while JMH was running", e);
        }
    }

    private static String names(List<BenchmarkListing.Listed> benchmarks) {
        return benchmarks.stream().map(BenchmarkListing.Listed::name).collect(Collectors.joining(", "));
    }

    private static List<String> nonBlank(List<String> values) {
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
}
