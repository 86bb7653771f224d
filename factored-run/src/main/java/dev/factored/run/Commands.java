package dev.factored.run;

import dev.factored.analysis.AnalysisOptions;
import dev.factored.analysis.input.AnalysisInputException;
import dev.factored.analysis.model.Analysis;
import dev.factored.gate.Verdict;
import dev.factored.jmh.TopologyMain;
import dev.factored.report.FactoredReport;
import dev.factored.report.RenderedReport;
import dev.factored.run.settings.CheckSettings;
import dev.factored.run.settings.Defaults;
import dev.factored.run.settings.Spelling;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Every command of both front ends, once: the Maven goals and the CLI's commands call these and nothing below them
 * (an ArchUnit test in each front end says so). A front end resolves its parameters into the named settings, passes
 * its {@link Spelling} and its {@link RunLog}, and decides what an outcome means for the build or the exit code.
 */
public final class Commands {

    private Commands() {
    }

    /** {@code run}: the suite with the profiler, then its analysis ({@link SuiteRun}). */
    public static SuiteRun.Outcome run(Project project, RunSettings settings, Path outputDirectory, Spelling spelling,
                                       RunLog log) throws SuiteRun.Failed, SuiteRun.Broken {
        return SuiteRun.run(new SuiteRun.Inputs(project, settings, outputDirectory), spelling, log);
    }

    /**
     * What the whole sequence did.
     *
     * @param run     the run's outcome: its analysis and what failed in it
     * @param verdict the check of what was analysed; null when nothing was
     */
    public record Checked(SuiteRun.Outcome run, Verdict verdict) {
    }

    /**
     * The sequence run → analyse → report → check, once: the report goes to {@code report/} and the check's files
     * beside the analysis, under {@code outputDirectory}. A failed configuration takes neither the report nor the
     * check with it: both cover the others and name it, and the outcome carries the failure for the front end to end
     * with.
     *
     * @param check the gate's settings; where it reads and writes is set here
     * @throws SuiteRun.Failed the run failed before anything could be analysed (the message says why)
     * @throws SuiteRun.Broken the run, the report or the check could not do its work, or a file is not readable
     * @throws IllegalArgumentException a gate setting is not valid (said before anything runs)
     */
    public static Checked runReportCheck(Project project, RunSettings settings, CheckSettings.Builder check,
                                         Path outputDirectory, Spelling spelling, RunLog log)
            throws SuiteRun.Failed, SuiteRun.Broken {
        CheckSettings gate = check.analysis(outputDirectory.resolve(Defaults.ANALYSIS_FILE))
                .outputDirectory(outputDirectory).build(spelling);
        SuiteRun.Outcome run = run(project, settings, outputDirectory, spelling, log);
        if (run.analysis() == null) {
            if (run.failedBecause() != null) {
                return new Checked(run, null); // nothing analysed to report or check
            }
            throw new SuiteRun.Broken("the run wrote no analysis; see " + outputDirectory.resolve("jmh.log"), null);
        }
        report(run.analysis(), outputDirectory.resolve("report"), log);
        try {
            return new Checked(run, check(gate, spelling, log));
        } catch (SuiteRun.Failed e) {
            // the run's own files unreadable after it wrote them: the run is broken, not the project's benchmarks
            throw new SuiteRun.Broken(e.getMessage(), e);
        }
    }

    /**
     * {@code analyze}, {@code merge} and the report's analysis: JMH JSON → analysis.json, logged as a headline. One
     * file is analysed only when {@code analysisJson} is not already its analysis with these options (same SHA-256);
     * several are analysed together (shards, or runs on several hosts).
     *
     * @throws SuiteRun.Failed an input cannot be analysed (the message names the file, the entry and the problem)
     * @throws SuiteRun.Broken the analysis cannot be written
     */
    public static Analysis analyze(List<Path> jmhJsons, Path analysisJson, AnalysisOptions options, RunLog log)
            throws SuiteRun.Failed, SuiteRun.Broken {
        Analysis analysis;
        try {
            if (jmhJsons.size() == 1) {
                AnalysisStep.Outcome outcome = AnalysisStep.analysisOf(jmhJsons.get(0), analysisJson, options);
                if (outcome.reused()) {
                    log.info("[factored] reusing " + analysisJson + ": it is the analysis of " + jmhJsons.get(0)
                            + " (same SHA-256)");
                }
                analysis = outcome.analysis();
            } else {
                analysis = AnalysisStep.analyzeAndWrite(jmhJsons, analysisJson, options);
            }
        } catch (AnalysisInputException e) {
            throw new SuiteRun.Failed(e.getMessage(), e);
        } catch (IOException e) {
            throw new SuiteRun.Broken(e.getMessage(), e);
        }
        AnalysisStep.logHeadline(analysis, analysisJson, log);
        return analysis;
    }

    /**
     * {@code report} standalone: {@code index.html} and its images in {@code directory}, logged.
     *
     * @return the page
     * @throws SuiteRun.Broken the report cannot be written
     */
    public static Path report(Analysis analysis, Path directory, RunLog log) throws SuiteRun.Broken {
        Path page;
        try {
            page = FactoredReport.writeStandalone(analysis, directory);
        } catch (IOException e) {
            throw new SuiteRun.Broken("cannot write the report to " + directory + ": " + e.getMessage(), e);
        }
        log.info("[factored] report: " + page);
        return page;
    }

    /** The report for a page the front end writes itself (the Maven site's): its body and its image files. */
    public static RenderedReport render(Analysis analysis) {
        return FactoredReport.render(analysis);
    }

    /** {@code check}: the gate ({@link CheckStep}). */
    public static Verdict check(CheckSettings settings, Spelling spelling, RunLog log)
            throws SuiteRun.Failed, SuiteRun.Broken {
        return CheckStep.run(settings, spelling, log);
    }

    /**
     * {@code topology}: the CPU topology, the pinning order and the CPUs of each default configuration, as text; a
     * null path stands for this machine's own ({@link TopologyMain#report}).
     *
     * @throws IllegalArgumentException a cpuOrder that names no allowed CPU
     */
    public static String topology(Path sysfs, Path cgroup, Path procStatus, Path procCgroup, String cpuOrder) {
        return TopologyMain.report(sysfs, cgroup, procStatus, procCgroup, cpuOrder);
    }
}
