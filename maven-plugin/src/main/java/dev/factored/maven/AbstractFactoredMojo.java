package dev.factored.maven;

import dev.factored.run.RunLog;
import dev.factored.run.SuiteRun;
import java.io.File;
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
 * {@link #execute()} honours {@code factored.skip}, subclasses implement {@link #executeMojo()}. The report goal
 * extends Maven's report base instead and so declares its own.
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

    /** The project's test classpath: its benchmarks, JMH and the profiler library. */
    static java.util.List<String> testClasspath(org.apache.maven.project.MavenProject project)
            throws MojoExecutionException {
        try {
            return project.getTestClasspathElements();
        } catch (org.apache.maven.artifact.DependencyResolutionRequiredException e) {
            throw new MojoExecutionException("cannot resolve the test classpath of " + project.getId()
                    + ": " + e.getMessage(), e);
        }
    }

    RunLog runLog() {
        return new MavenRunLog(getLog());
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
}
