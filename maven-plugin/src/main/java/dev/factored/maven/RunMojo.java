package dev.factored.maven;

import dev.factored.run.Commands;
import dev.factored.run.Project;
import dev.factored.run.RunSettings;
import dev.factored.run.settings.AnalysisSettings;
import dev.factored.run.settings.Defaults;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * Runs the project's JMH benchmarks in every {@code cores} configuration with the factored profiler, in shuffled
 * interleaved rounds, then analyses them: {@code jmh-result.json}, {@code analysis.json}, {@code jmh.log} under
 * {@code outputDirectory}. Thin over {@link Commands#run} (factored-run, shared with the CLI's {@code run}); JMH runs on the
 * test classpath, so the goal binds to {@code integration-test}. configuration.md describes every parameter.
 */
@Mojo(name = "run", defaultPhase = LifecyclePhase.INTEGRATION_TEST,
        requiresDependencyResolution = ResolutionScope.TEST, threadSafe = true)
public class RunMojo extends AbstractFactoredMojo {

    /** The {@code cores} configurations, comma-separated; default from the topology ({@code mvn factored:topology}). */
    @Parameter(property = "factored.cores")
    private String cores;

    /** Regular expressions of the benchmarks to run (JMH's syntax); default every benchmark with a {@code cores} param. */
    @Parameter(property = "factored.includes")
    private List<String> includes;

    /** Regular expressions of benchmarks not to run, passed to JMH as {@code -e}. */
    @Parameter(property = "factored.excludes")
    private List<String> excludes;

    /** How long to measure: {@code quick}, {@code default} or {@code thorough}; the settings below override it. */
    @Parameter(property = "factored.preset", defaultValue = Defaults.PRESET)
    private String preset;

    /** The JMH run's time, after which no further round starts, e.g. {@code 4m}, or {@code off}; default the preset's. */
    @Parameter(property = "factored.budget")
    private String budget;

    /** The half-width further rounds aim at, e.g. {@code 5%}; default the preset's. */
    @Parameter(property = "factored.precision")
    private String precision;

    /** Forks per configuration (JMH {@code -f}); with {@code order} {@code rounds}, the number of rounds. */
    @Parameter(property = "factored.forks")
    private Integer forks;

    /** Warmup iterations per fork (JMH {@code -wi}). */
    @Parameter(property = "factored.warmupIterations")
    private Integer warmupIterations;

    /** Time of each warmup iteration, e.g. {@code 500ms} (JMH {@code -w}). */
    @Parameter(property = "factored.warmupTime")
    private String warmupTime;

    /** Measurement iterations per fork (JMH {@code -i}). */
    @Parameter(property = "factored.measurementIterations")
    private Integer measurementIterations;

    /** Time of each measurement iteration, e.g. {@code 2s} (JMH {@code -r}). */
    @Parameter(property = "factored.measurementTime")
    private String measurementTime;

    /** Further JMH arguments, one per element, read by JMH's own parser and checked before anything runs. */
    @Parameter(property = "factored.jmhArguments")
    private List<String> jmhArguments;

    /** Params to restrict, {@code name=v1,v2;name2=v3} (a String, so that its commas survive the command line). */
    @Parameter(property = "factored.params")
    private String params;

    /** {@code rounds} (shuffled interleaved rounds, one fork of every configuration each) or {@code jmh} (JMH's). */
    @Parameter(property = "factored.order", defaultValue = Defaults.ORDER)
    private String order;

    /**
     * Which configurations of a family are measured in turn inside each fork: {@code parallel} (every P), {@code all}
     * (the baseline, the elision and every P) or {@code none} (one configuration per fork); rounds only.
     */
    @Parameter(property = "factored.shareForks", defaultValue = Defaults.SHARE_FORKS)
    private String shareForks;

    /** The seed of the rounds' shuffle; default a fresh one, logged, so that a run's order can be repeated. */
    @Parameter(property = "factored.seed")
    private Long seed;

    /** Options for the profiler, appended as {@code -prof dev.factored.jmh.FactoredProfiler:<options>}. */
    @Parameter(property = "factored.profilerOptions")
    private String profilerOptions;

    /** JVM options of the JMH host JVM (not of the measured forks), e.g. {@code -Djmh.ignoreLock=true}. */
    @Parameter(property = "factored.hostJvmArguments")
    private List<String> hostJvmArguments;

    /** The java executable that runs JMH (its forks use the same JDK); default the JVM running Maven. */
    @Parameter(property = "factored.jvm")
    private String jvm;

    /** Also copy JMH's full output to the Maven log (it always goes to {@code jmh.log}). */
    @Parameter(property = "factored.verbose", defaultValue = "false")
    private boolean verbose;

    /** How far the span run's speedup bounds and the scaling models are projected: P = 1 … projectTo. */
    @Parameter(property = "factored.projectTo", defaultValue = Defaults.PROJECT_TO)
    private int projectTo;

    /**
     * The share of its CPUs' time other processes may take before a configuration is disturbed (0.05 = 5 %); also the
     * share of its time the JVM's own threads may wait behind them on the spare CPUs.
     */
    @Parameter(property = "factored.disturbedAbove", defaultValue = Defaults.DISTURBED_ABOVE)
    private double disturbedAbove;

    public RunMojo() {
        super("run");
    }

    @Override
    void executeMojo() throws MojoExecutionException, MojoFailureException {
        CommandLineWins resolved = CommandLineWins.of(session == null ? null : session.getUserProperties());
        RunSettings settings = valid(() -> RunSettings.builder().cores(resolved.string("cores", cores, null))
                .includes(resolved.list("includes", includes)).excludes(resolved.list("excludes", excludes))
                .preset(resolved.string("preset", preset, Defaults.PRESET)).forks(resolved.integer("forks", forks))
                .warmupIterations(resolved.integer("warmupIterations", warmupIterations))
                .warmupTime(resolved.string("warmupTime", warmupTime, null))
                .measurementIterations(resolved.integer("measurementIterations", measurementIterations))
                .measurementTime(resolved.string("measurementTime", measurementTime, null))
                .params(resolved.string("params", params, null)).jmhArguments(jmhArguments)
                .order(resolved.string("order", order, Defaults.ORDER))
                .shareForks(resolved.string("shareForks", shareForks, Defaults.SHARE_FORKS)).seed(resolved.whole("seed", seed))
                .budget(resolved.string("budget", budget, null)).precision(resolved.string("precision", precision, null))
                .profilerOptions(profilerOptions).verbose(verbose)
                .analysis(new AnalysisSettings(projectTo, disturbedAbove).options()).build(MavenSpelling.INSTANCE));
        if (!resolved.summary().isEmpty()) {
            getLog().info("[factored] run settings: " + resolved.summary());
        }
        Project benchmarks = benchmarks(jvm, hostJvmArguments);
        endRun(run(() -> Commands.run(benchmarks, settings, outputDirectory.toPath(), MavenSpelling.INSTANCE, runLog())));
    }
}
