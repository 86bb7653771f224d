package dev.factored.maven;

import dev.factored.gate.CheckOutputs;
import dev.factored.gate.Verdict;
import dev.factored.run.Commands;
import dev.factored.run.Project;
import dev.factored.run.RunLog;
import dev.factored.run.SuiteRun;
import dev.factored.run.settings.CheckSettings;
import dev.factored.text.ConsoleText;
import java.io.File;
import java.util.List;
import java.util.function.Supplier;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.lifecycle.LifecycleExecutor;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecution;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Component;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * The goals' shared parameters and the skip rule, once (jacoco's {@code AbstractJacocoMojo} is the model): a final
 * {@link #execute()} honours {@code factored.skip}, subclasses implement {@link #executeMojo()} with their parameters
 * and one call of factored-run ({@link Commands}). What an outcome means for the build is said here, once. The report
 * goal extends Maven's report base instead and so declares its own.
 */
abstract class AbstractFactoredMojo extends AbstractMojo {

    /** Skip the goal (also the report goal when set as a property). */
    @Parameter(property = "factored.skip", defaultValue = "false")
    private boolean skip;

    /** Where the goal's files go: jmh-result.json, analysis.json, jmh.log, check.json, summary.md. */
    @Parameter(property = "factored.outputDirectory", defaultValue = "${project.build.directory}/factored")
    protected File outputDirectory;

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    protected MavenProject project;
    /** For the user properties and the goals this build was asked for. */
    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    protected MavenSession session;
    @Parameter(defaultValue = "${mojoExecution}", readonly = true, required = true)
    protected MojoExecution mojoExecution;
    /** Maven's planner, for the goals of this plugin that this build runs ({@link BuildPlan}). */
    @Component
    private LifecycleExecutor lifecycleExecutor;

    private final String goal;

    AbstractFactoredMojo(String goal) {
        this.goal = goal;
    }

    @Override
    public final void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("[factored] " + goal + " skipped (factored.skip)");
            return;
        }
        if (mojoExecution != null && mojoExecution.getLifecyclePhase() != null) {
            BuildPlan.sayWhatDoesNotRun(plan(), mojoExecution, project, session, getLog());
        }
        executeMojo();
    }

    /** This plugin's goals that this build runs, as Maven plans them; null when Maven cannot say. */
    BuildPlan plan() {
        return BuildPlan.of(lifecycleExecutor, session, mojoExecution);
    }

    /** The project's context key under which the run goal hands a failed configuration to a later check goal. */
    private static final String RUN_FAILED = "dev.factored.run.failedBecause";

    /**
     * Hands the run's failure to the check goal that follows in this build, which fails the build with it once the
     * report and the check of the other configurations are written.
     */
    static void handOver(MavenProject project, String failedBecause) {
        project.setContextValue(RUN_FAILED, failedBecause);
    }

    /** The failure the run goal handed over in this build, taken (a later goal does not get it again); or null. */
    static String takeOver(MavenProject project) {
        Object failedBecause = project.getContextValue(RUN_FAILED);
        project.setContextValue(RUN_FAILED, null);
        return failedBecause == null ? null : failedBecause.toString();
    }

    abstract void executeMojo() throws MojoExecutionException, MojoFailureException;

    /** The project whose test classpath holds the benchmarks, JMH and the profiler library. */
    Project benchmarks(String jvm, List<String> hostJvmArguments) throws MojoExecutionException {
        try {
            return new Project(jvm, hostJvmArguments, project.getTestClasspathElements(),
                    project.getBasedir().toPath(), project.getId());
        } catch (org.apache.maven.artifact.DependencyResolutionRequiredException e) {
            throw new MojoExecutionException("cannot resolve the test classpath of " + project.getId()
                    + ": " + e.getMessage(), e);
        }
    }

    RunLog runLog() {
        return new MavenRunLog(getLog());
    }

    /** Settings from the goal's parameters; a value that is not valid is a configuration error naming it. */
    <T> T valid(Supplier<T> settings) throws MojoExecutionException {
        try {
            return settings.get();
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException("factored:" + goal + ": " + e.getMessage(), e);
        }
    }

    /** A step of factored-run, which fails for a reason in the project or cannot do its work. */
    interface Step<T> {
        T run() throws SuiteRun.Failed, SuiteRun.Broken;
    }

    /**
     * Runs a step: a failure in the project or its results fails the build (the message says which and what to do);
     * a step that could not do its work (a file not written, a process not started) is an execution error.
     */
    static <T> T run(Step<T> step) throws MojoExecutionException, MojoFailureException {
        try {
            return step.run();
        } catch (SuiteRun.Failed e) {
            throw e.getCause() == null ? new MojoFailureException(e.getMessage())
                    : new MojoFailureException(e.getMessage(), e.getCause());
        } catch (SuiteRun.Broken e) {
            throw new MojoExecutionException(e.getMessage(), e.getCause());
        }
    }

    /**
     * The end of the run goal. A failed configuration takes neither the report nor the check with it: when a check
     * follows in this build, it fails the build, after the report and the check of the others are written and name
     * the failure; else the build fails here.
     */
    void endRun(SuiteRun.Outcome outcome) throws MojoFailureException {
        if (outcome.failedBecause() == null) {
            return;
        }
        BuildPlan plan = outcome.analysis() == null ? null : plan();
        if (plan != null && plan.runsAfter(BuildPlan.step(mojoExecution), "check")) {
            getLog().warn("[factored] " + outcome.failed().size() + " benchmark configuration(s) failed; the goals that"
                    + " follow report and check the others and name them, then factored:check fails the build with"
                    + " them");
            handOver(project, outcome.failedBecause());
            return;
        }
        throw new MojoFailureException(outcome.failedBecause());
    }

    /**
     * The check goal: judges and writes the outputs, then fails the build when a check failed (unless
     * {@code haltOnFailure} is off, which only warns) or when a configuration failed in this build's run (whatever
     * {@code haltOnFailure} says, which is about the checks): the check covers the others and names it in check.json
     * and summary.md first.
     */
    void check(Supplier<CheckSettings> settings, boolean haltOnFailure)
            throws MojoExecutionException, MojoFailureException {
        String runFailed = takeOver(project);
        String checkFailed;
        try {
            CheckSettings checked = valid(settings);
            checkFailed = failures(run(() -> Commands.check(checked, MavenSpelling.INSTANCE, runLog())),
                    checked.outputDirectory());
        } catch (MojoExecutionException | MojoFailureException e) {
            if (runFailed != null) {
                getLog().error("[factored] " + runFailed);
            }
            throw e;
        }
        if (runFailed != null) {
            throw new MojoFailureException(runFailed + (checkFailed == null ? "" : "\n" + checkFailed));
        }
        if (checkFailed == null) {
            return;
        }
        if (haltOnFailure) {
            throw new MojoFailureException(checkFailed);
        }
        getLog().warn("[factored] " + checkFailed);
        getLog().warn("[factored] not failing the build: factored.haltOnFailure=false");
    }

    /** What failed, or null when the check passed. */
    private static String failures(Verdict verdict, java.nio.file.Path outputDirectory) {
        if (verdict.passed()) {
            return null;
        }
        List<String> failures = verdict.failures();
        ConsoleText message = ConsoleText.of("factored:check failed ").text(failures.size()).text(" of ")
                .text(verdict.total()).text(" check(s):").line().text("  ");
        for (int i = 0; i < failures.size(); i++) {
            if (i > 0) {
                message.line().text("  ");
            }
            message.text(failures.get(i));
        }
        return message.line().text("Details: " + outputDirectory.resolve(CheckOutputs.CHECK_JSON)).toString();
    }
}
