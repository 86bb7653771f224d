package dev.factored.maven;

import dev.factored.run.RunLog;
import dev.factored.run.SuiteRun;
import java.io.File;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;

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
        executeMojo();
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
