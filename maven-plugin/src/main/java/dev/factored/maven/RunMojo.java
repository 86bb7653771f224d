package dev.factored.maven;

import dev.factored.analysis.AnalysisOptions;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.execution.MavenSession;
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
 * <p>Thin: resolves the parameters and the project's test classpath, and maps the outcome of {@link SuiteRun}
 * (which lists, runs and analyses, Maven-free) to the build's result. JMH runs in a forked JVM whose classpath is
 * the project's test classpath, so the benchmarks must be compiled first: run this goal in a build
 * ({@code mvn verify}; it binds to {@code integration-test}) or after {@code mvn test-compile}.
 *
 * <p>Writes, under {@link #outputDirectory}: {@code jmh-result.json} (JMH's own JSON),
 * {@code analysis.json}, {@code jmh.log} (JMH's full output) and {@code jmh.args} (the argfile used).
 */
@Mojo(name = "run", defaultPhase = LifecyclePhase.INTEGRATION_TEST,
        requiresDependencyResolution = ResolutionScope.TEST, threadSafe = true)
public class RunMojo extends AbstractMojo {

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    private MavenProject project;

    /** For the user properties: a {@code -Dfactored.x} given on the command line wins over the POM's value. */
    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    private MavenSession session;

    /**
     * The {@code cores} configurations to measure, comma-separated: {@code baseline}, {@code elision}
     * and numbers of workers, e.g. {@code baseline,elision,1,2,4}. Passed to JMH as
     * {@code -p cores=…}, overriding the values in the benchmark's {@code @Param}. Default: baseline,
     * elision, span, 1, 2, 4, … powers of two up to the physical cores this build may use, that number, then
     * the hardware-thread count as one SMT point and bandwidth-(physical cores), capped by a container's CPU
     * quota ({@code mvn factored:topology} prints them); where Linux's topology cannot be read, powers of two up
     * to {@code Runtime.availableProcessors()} of Maven's JVM and that number. Leave {@code baseline} out when a
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

    /**
     * Forks per configuration (JMH {@code -f}); overrides the preset. Each fork is a fresh JVM. With
     * {@link #order} {@code rounds}, the number of rounds.
     */
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

    /**
     * The order of the forks: {@code rounds} runs the suite in rounds, each round one fork of every configuration
     * (benchmark × params, {@code cores} included) in a shuffled order, as many rounds as {@link #forks}, so that
     * a busy spell on the machine spreads over the configurations as noise between forks instead of shifting one
     * configuration (randomized multiple interleaved trials, Abedi and Brecht, ICPE 2017); {@code jmh} is JMH's
     * own order, all forks of a configuration back to back. The results are the same JMH JSON either way.
     */
    @Parameter(property = "factored.order", defaultValue = "rounds")
    private String order;

    /**
     * The seed of the rounds' shuffle. Default: a fresh random seed, logged with the run
     * ({@code [factored] rounds: … order shuffled with seed 123456}), so that {@code -Dfactored.seed=123456}
     * repeats a run's order. Unused with {@code order} {@code jmh}.
     */
    @Parameter(property = "factored.seed")
    private Long seed;

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

    /**
     * A configuration is disturbed when other processes took more than this share of its CPUs' time while it was
     * measured (0.05 = 5 %): its points are marked, findings that rest on it are tentative, inflation and the
     * bandwidth test are not interpreted there, and the gate's checks on it are decided only beyond what the
     * interference explains. See the method's "The machine is part of the measurement".
     */
    @Parameter(property = "factored.disturbedAbove", defaultValue = "0.05")
    private double disturbedAbove;

    /** How the result is analysed: the bounds' reach and the disturbance threshold, checked. */
    private AnalysisOptions analysisOptions() throws MojoExecutionException {
        try {
            return AnalysisOptions.DEFAULT.withProjectTo(projectTo).withDisturbedAbove(disturbedAbove);
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException("factored: " + e.getMessage(), e);
        }
    }

    /** Skip the goal (also the report and check goals when set as a property). */
    @Parameter(property = "factored.skip", defaultValue = "false")
    private boolean skip;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("[factored] run skipped (factored.skip)");
            return;
        }
        CommandLineWins resolved = new CommandLineWins(userProperties());
        JmhSettings settings;
        RunOrder runOrder;
        Long runSeed;
        try {
            settings = settings(resolved);
            runOrder = RunOrder.parse(resolved.string("order", order, "rounds"));
            runSeed = resolved.whole("seed", seed);
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException("factored:run: " + e.getMessage(), e);
        }
        if (!resolved.summary().isEmpty()) {
            getLog().info("[factored] run settings: " + resolved.summary());
        }
        SuiteRun.Inputs inputs = new SuiteRun.Inputs(java(), nonBlank(hostJvmArguments), testClasspath(),
                project.getBasedir().toPath(), project.getId(), settings, runOrder,
                runSeed != null ? runSeed : SuiteRun.freshSeed(), outputDirectory.toPath(), profilerOptions,
                analysisOptions(), verbose);
        try {
            SuiteRun.run(inputs, new MavenRunLog(getLog()));
        } catch (SuiteRun.Failed e) {
            throw e.getCause() == null ? new MojoFailureException(e.getMessage())
                    : new MojoFailureException(e.getMessage(), e.getCause());
        } catch (SuiteRun.Broken e) {
            throw new MojoExecutionException(e.getMessage(), e.getCause());
        }
    }

    /** The settings users vary from the command line, each resolved with {@link CommandLineWins}. */
    private JmhSettings settings(CommandLineWins resolved) {
        String coreList = resolved.string("cores", cores, null);
        List<String> coreValues = coreList == null || coreList.isBlank()
                ? CoresList.defaults()
                : CoresList.parse(coreList);
        return new JmhSettings(coreValues, nonBlank(resolved.list("includes", includes)),
                nonBlank(resolved.list("excludes", excludes)), Preset.parse(resolved.string("preset", preset, "default")),
                resolved.integer("forks", forks), resolved.integer("warmupIterations", warmupIterations),
                resolved.string("warmupTime", warmupTime, null),
                resolved.integer("measurementIterations", measurementIterations),
                resolved.string("measurementTime", measurementTime, null),
                Params.parse(resolved.string("params", params, null)), nonBlank(jmhArguments));
    }

    private Map<String, String> userProperties() {
        Map<String, String> user = new HashMap<>();
        if (session != null) {
            session.getUserProperties().forEach((k, v) -> user.put(String.valueOf(k), String.valueOf(v)));
        }
        return user;
    }

    private List<String> testClasspath() throws MojoExecutionException {
        try {
            return project.getTestClasspathElements();
        } catch (DependencyResolutionRequiredException e) {
            throw new MojoExecutionException("cannot resolve the test classpath of " + project.getId()
                    + ": " + e.getMessage(), e);
        }
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
