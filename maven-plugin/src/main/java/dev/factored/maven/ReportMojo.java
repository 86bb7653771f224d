package dev.factored.maven;

import dev.factored.analysis.AnalysisOptions;
import dev.factored.analysis.input.AnalysisInputException;
import dev.factored.analysis.model.Analysis;
import dev.factored.report.FactoredReport;
import dev.factored.report.RenderedReport;
import dev.factored.run.AnalysisStep;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.maven.doxia.sink.Sink;
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
    @Parameter(property = "factored.projectTo", defaultValue = "64")
    private int projectTo;

    /** The share of its CPUs' time other processes may take before a configuration is disturbed (0.05 = 5 %). */
    @Parameter(property = "factored.disturbedAbove", defaultValue = "0.05")
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
        Path input = jmhResult.toPath();
        Path analysisPath = analysisFile.toPath();
        Analysis analysis;
        try {
            AnalysisOptions options = AnalysisOptions.DEFAULT.withProjectTo(projectTo).withDisturbedAbove(disturbedAbove);
            if (jmhResults != null && !jmhResults.isEmpty()) {
                analysis = AnalysisStep.analyzeAndWrite(jmhResults.stream().map(File::toPath).toList(), analysisPath,
                        options);
            } else {
                AnalysisStep.Outcome outcome = AnalysisStep.analysisOf(input, analysisPath, options);
                analysis = outcome.analysis();
                if (outcome.reused()) {
                    getLog().info("[factored] reusing " + analysisPath + ": it is the analysis of " + input
                            + " (same SHA-256)");
                }
            }
        } catch (AnalysisInputException | IllegalArgumentException e) {
            throw new MavenReportException("cannot make the Factored speedups report: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new MavenReportException(e.getMessage(), e);
        }
        AnalysisStep.logHeadline(analysis, analysisPath, new MavenRunLog(getLog()));

        RenderedReport rendered = FactoredReport.render(analysis);
        Path directory;
        try {
            directory = rendered.writeFiles(getReportOutputDirectory().toPath());
        } catch (IOException e) {
            throw new MavenReportException(e.getMessage(), e);
        }

        Sink sink = getSink();
        sink.head();
        sink.title();
        sink.text(getName(locale));
        sink.title_();
        sink.head_();
        sink.body();
        sink.section1();
        sink.sectionTitle1();
        sink.text(getName(locale));
        sink.sectionTitle1_();
        sink.rawText(rendered.bodyHtml());
        sink.section1_();
        sink.body_();
        sink.flush();
        getLog().info("[factored] report: " + new File(directory.toFile(), getOutputPath() + ".html")
                + " (" + rendered.files().size() + " image file(s))");
    }
}
