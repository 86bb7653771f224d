package dev.factored.maven;

import dev.factored.analysis.model.Analysis;
import dev.factored.run.Commands;
import dev.factored.run.SuiteRun;
import dev.factored.run.settings.AnalysisSettings;
import dev.factored.run.settings.Defaults;
import java.io.File;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.lifecycle.LifecycleExecutor;
import org.apache.maven.plugins.annotations.Component;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.reporting.AbstractMavenReport;
import org.apache.maven.reporting.MavenReportException;

/**
 * The "Factored speedups" project report: per family the six speedup curves, the losses and the diagnosis. Works in
 * {@code mvn site} (under {@code <reporting>}) and standalone ({@code mvn factored:report}, which writes
 * {@code target/reports/factored.html}); reads any JMH JSON made with the profiler and writes {@code analysis.json}.
 *
 * <p>Listed as a build goal beside run and check, it binds to {@code verify} (after run's {@code integration-test},
 * before a check listed after it), so that {@code mvn verify} writes the report too; under {@code <reporting>} the
 * site plugin calls it in {@code mvn site}, where the phase plays no part.
 */
@Mojo(name = "report", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class ReportMojo extends AbstractMavenReport {

    /** The JMH JSON result to report on; any {@code -rf json} run made with the profiler works. */
    @Parameter(property = "factored.jmhResult", defaultValue = "${project.build.directory}/factored/jmh-result.json")
    private File jmhResult;

    /** Several JMH JSON results to analyse together instead of {@link #jmhResult}: shards, or runs on several hosts. */
    @Parameter(property = "factored.jmhResults")
    private List<File> jmhResults;

    /** Where the analysis is written (the check goal reads it from there). */
    @Parameter(property = "factored.analysis", defaultValue = "${project.build.directory}/factored/analysis.json")
    private File analysisFile;

    // A report extends Maven's report base, not AbstractFactoredMojo: projectTo, disturbedAbove and skip are declared
    // here again, with the run goal's properties.

    /** How far the span run's speedup bounds and the scaling models are projected: P = 1 … projectTo. */
    @Parameter(property = "factored.projectTo", defaultValue = Defaults.PROJECT_TO)
    private int projectTo;

    /**
     * The share of its CPUs' time other processes may take before a configuration is disturbed (0.05 = 5 %); also the
     * share of its time the JVM's own threads may wait behind them on the spare CPUs.
     */
    @Parameter(property = "factored.disturbedAbove", defaultValue = Defaults.DISTURBED_ABOVE)
    private double disturbedAbove;

    /** Skip the report. */
    @Parameter(property = "factored.skip", defaultValue = "false")
    private boolean skip;

    /** The goals this build was asked for, for {@link BuildPlan}. */
    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    private MavenSession session;
    @Component
    private LifecycleExecutor lifecycleExecutor;

    @Override
    public String getOutputPath() {
        return "factored";
    }

    /** Deprecated in the API, but maven-reporting-impl 4.0.0 still names the page by it. */
    @Override
    @Deprecated
    public String getOutputName() {
        return getOutputPath();
    }

    @Override
    public String getName(Locale locale) {
        return "Factored speedups";
    }

    @Override
    public String getDescription(Locale locale) {
        return "Where the parallel speedup of the fork/join benchmarks goes: algorithm, scheduling, idle"
                + " workers and work inflation (factored speedups).";
    }

    @Override
    public boolean canGenerateReport() {
        // AbstractMavenReport's execute() is final and asks this first, in a build goal as in the site: the place to say
        // which goals of this execution the build does not run (none in the site, which is no build execution).
        if (mojoExecution != null && mojoExecution.getLifecyclePhase() != null) {
            BuildPlan.sayWhatDoesNotRun(BuildPlan.of(lifecycleExecutor, session, mojoExecution), mojoExecution,
                    project, session, getLog());
        }
        if (skip) {
            getLog().info("[factored] report skipped (factored.skip)");
            return false;
        }
        if (jmhResults != null && !jmhResults.isEmpty()) {
            return true; // a missing file fails the report with its name (the user asked for these files)
        }
        if (!jmhResult.isFile()) {
            getLog().info("[factored] no JMH result at " + jmhResult + ": no Factored speedups report. Run the"
                    + " benchmarks first (factored:run, e.g. mvn verify site) or point -Dfactored.jmhResult at a"
                    + " JMH JSON file.");
            return false;
        }
        return true;
    }

    @Override
    protected void executeReport(Locale locale) throws MavenReportException {
        Analysis analysis;
        try {
            analysis = Commands.analyze(jmhResults != null && !jmhResults.isEmpty()
                    ? jmhResults.stream().map(File::toPath).toList() : List.of(jmhResult.toPath()), analysisFile.toPath(),
                    new AnalysisSettings(projectTo, disturbedAbove).options(), new MavenRunLog(getLog()));
        } catch (SuiteRun.Failed | IllegalArgumentException e) {
            throw new MavenReportException("cannot make the Factored speedups report: " + e.getMessage(), e);
        } catch (SuiteRun.Broken e) {
            throw new MavenReportException(e.getMessage(), e);
        }
        try {
            String page = SitePage.write(Commands.render(analysis), getSink(), getName(locale),
                    getReportOutputDirectory().toPath(), getOutputPath());
            getLog().info("[factored] report: " + page);
        } catch (IOException e) {
            throw new MavenReportException(e.getMessage(), e);
        }
    }
}
