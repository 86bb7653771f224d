package dev.factored.maven;

import dev.factored.analysis.AnalysisOptions;
import dev.factored.analysis.input.AnalysisInputException;
import dev.factored.analysis.model.Analysis;
import dev.factored.report.FactoredReport;
import dev.factored.report.RenderedReport;
import dev.factored.run.AnalysisStep;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.maven.doxia.sink.Sink;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.reporting.AbstractMavenReport;
import org.apache.maven.reporting.MavenReportException;

/**
 * The "Factored speedups" project report: for every benchmark family, the six speedup curves and the
 * split of the ideal speedup into the actual one and its four losses, with the diagnosis.
 *
 * <p>Works in {@code mvn site} (add the plugin under {@code <reporting>}) and standalone as
 * {@code mvn factored:report}, which writes {@code target/reports/factored.html}. It reads any JMH
 * JSON result ({@code -rf json}), including one from a plain {@code java -jar benchmarks.jar} run, and
 * also writes the analysis to {@code analysis.json} for the check goal.
 */
@Mojo(name = "report", defaultPhase = LifecyclePhase.SITE, threadSafe = true)
public class ReportMojo extends AbstractMavenReport {

    /**
     * The JMH JSON result to report on. Default: the file {@code factored:run} writes. Any JMH run
     * with {@code -rf json} and the factored profiler works, e.g.
     * {@code -Dfactored.jmhResult=jmh-result.json}.
     */
    @Parameter(property = "factored.jmhResult", defaultValue = "${project.build.directory}/factored/jmh-result.json")
    private File jmhResult;

    /**
     * Several JMH JSON results to analyse together instead of {@link #jmhResult}: shards of a CI matrix, or runs on
     * several machines. Files of one host class (as each run recorded in {@code activity/host.properties}) are forks
     * of one measurement; files of different host classes stay apart, one report section per host; a family whose
     * configurations come from different hosts is refused. E.g. {@code -Dfactored.jmhResults=a/jmh-result.json,b/jmh-result.json}.
     */
    @Parameter(property = "factored.jmhResults")
    private List<File> jmhResults;

    /** Where the analysis of {@link #jmhResult} is written (the check goal reads it from there). */
    @Parameter(property = "factored.analysis", defaultValue = "${project.build.directory}/factored/analysis.json")
    private File analysisFile;

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
    private AnalysisOptions analysisOptions() throws MavenReportException {
        try {
            return AnalysisOptions.DEFAULT.withProjectTo(projectTo).withDisturbedAbove(disturbedAbove);
        } catch (IllegalArgumentException e) {
            throw new MavenReportException("factored:report: " + e.getMessage(), e);
        }
    }

    /** Skip the report. */
    @Parameter(property = "factored.skip", defaultValue = "false")
    private boolean skip;

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
            if (jmhResults != null && !jmhResults.isEmpty()) {
                analysis = AnalysisStep.analyzeAndWrite(jmhResults.stream().map(File::toPath).toList(), analysisPath,
                        analysisOptions());
            } else {
                AnalysisStep.Outcome outcome = AnalysisStep.analysisOf(input, analysisPath, analysisOptions());
                analysis = outcome.analysis();
                if (outcome.reused()) {
                    getLog().info("[factored] reusing " + analysisPath + ": it is the analysis of " + input
                            + " (same SHA-256)");
                }
            }
        } catch (AnalysisInputException e) {
            throw new MavenReportException("cannot make the Factored speedups report: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new MavenReportException(e.getMessage(), e);
        }
        AnalysisStep.logHeadline(analysis, analysisPath, new MavenRunLog(getLog()));

        RenderedReport rendered = FactoredReport.render(analysis);
        Path directory = getReportOutputDirectory().toPath().toAbsolutePath().normalize();
        for (Map.Entry<String, byte[]> file : rendered.files().entrySet()) {
            Path target = directory.resolve(file.getKey()).normalize();
            if (!target.startsWith(directory)) {
                throw new MavenReportException("the report refers to a file outside its directory: " + file.getKey());
            }
            try {
                Files.createDirectories(target.getParent());
                Files.write(target, file.getValue());
            } catch (IOException e) {
                throw new MavenReportException("cannot write the report image " + target + ": " + e.getMessage(), e);
            }
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
