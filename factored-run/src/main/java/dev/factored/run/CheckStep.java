package dev.factored.run;

import dev.factored.analysis.input.AnalysisInputException;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.AnalysisJson;
import dev.factored.analysis.model.measurement.FailedConfiguration;
import dev.factored.gate.BaselineUpdate;
import dev.factored.gate.CheckOutputs;
import dev.factored.gate.Gate;
import dev.factored.gate.Verdict;
import dev.factored.gate.VerdictOutput;
import dev.factored.run.settings.CheckSettings;
import dev.factored.run.settings.Setting;
import dev.factored.run.settings.Spelling;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The gate's sequence, once for the check goal, the CLI's {@code check} and {@code run}: read the analysis and the
 * baseline, judge, record the baseline when asked (before check.json, so that a refused update leaves no verdict that
 * reads as passed), write check.json, summary.md and the exports. What the verdict means for the build or the exit
 * code is the front end's.
 */
public final class CheckStep {

    private CheckStep() {
    }

    /**
     * Judges and writes the outputs; logs the verdict's table and where the files went.
     *
     * @throws SuiteRun.Failed a file is missing or unreadable (the message names it), or the update was refused
     * @throws SuiteRun.Broken an output cannot be written
     */
    public static Verdict run(CheckSettings request, Spelling spelling, RunLog log)
            throws SuiteRun.Failed, SuiteRun.Broken {
        Path analysisPath = request.analysis();
        if (!Files.isRegularFile(analysisPath)) {
            throw new SuiteRun.Failed("no analysis to check at " + analysisPath + ": "
                    + spelling.makeAnalysis());
        }
        Analysis current;
        try {
            current = AnalysisJson.read(analysisPath);
        } catch (AnalysisInputException e) {
            // the reader's message starts with the file it read (AnalysisJson's contract): said as it is
            throw new SuiteRun.Failed("cannot use the analysis file: " + e.getMessage(), e);
        }
        List<Analysis> previous = List.of();
        if (request.baseline() != null && !request.updateBaseline()) {
            Path baseline = request.baseline();
            if (!Files.isRegularFile(baseline)) {
                throw new SuiteRun.Failed("the baseline " + baseline + " does not exist. Create it from this run with "
                        + spelling.typed(Setting.UPDATE_BASELINE, "true") + ", or leave the baseline out.");
            }
            try {
                previous = AnalysisJson.readRuns(baseline);
            } catch (AnalysisInputException e) {
                throw new SuiteRun.Failed("cannot use the baseline file: " + e.getMessage(), e);
            }
            log.info("[factored] baseline: " + baseline + " (" + previous.size()
                    + (previous.size() == 1 ? " run)" : " runs)"));
        }
        Verdict verdict = withFailedConfigurations(Gate.checkRuns(current, previous, request.config()), current);
        for (String line : VerdictOutput.table(verdict).split("\\R")) {
            log.info(line);
        }
        if (request.updateBaseline()) {
            updateBaseline(request, current, spelling, log);
        }
        Path out = request.outputDirectory();
        try {
            CheckOutputs.write(verdict, current, out);
        } catch (IOException e) {
            throw new SuiteRun.Broken(e.getMessage(), e);
        }
        log.info("[factored] verdict: " + out.resolve(CheckOutputs.CHECK_JSON) + ", summary: "
                + out.resolve(CheckOutputs.SUMMARY_MD) + "; for Bencher and github-action-benchmark: "
                + out.resolve("bencher.json") + ", " + out.resolve("github-action-benchmark.json"));
        if (verdict.passed()) {
            log.info("[factored] check passed (" + verdict.total() + " check(s))");
        }
        return verdict;
    }

    /**
     * The verdict with a note, first among its notes, for every configuration that failed in the run: check.json and
     * summary.md name what was not measured and why, beside the checks of what was. Whether the verdict passed stays
     * the checks' own: the run's failure is the run's exit, not a failed check.
     */
    static Verdict withFailedConfigurations(Verdict verdict, Analysis current) {
        if (current.failedConfigurations().isEmpty()) {
            return verdict;
        }
        List<String> notes = new ArrayList<>();
        for (FailedConfiguration failed : current.failedConfigurations()) {
            notes.add("Failed in the run, so not measured and not checked: " + failed.describe());
        }
        notes.addAll(verdict.notes());
        return new Verdict(verdict.passed(), verdict.rules(), verdict.comparisons(), notes);
    }

    private static void updateBaseline(CheckSettings request, Analysis current, Spelling spelling, RunLog log)
            throws SuiteRun.Failed, SuiteRun.Broken {
        Path target = request.baseline();
        BaselineUpdate.Result result;
        try {
            result = BaselineUpdate.update(target, current, request.baselineRuns(),
                    request.config().allowDifferentEnvironment());
        } catch (AnalysisInputException e) {
            throw new SuiteRun.Failed("cannot use the baseline file: " + e.getMessage(), e);
        } catch (BaselineUpdate.Refused e) {
            throw new SuiteRun.Failed(e.getMessage(), e);
        } catch (IOException e) {
            throw new SuiteRun.Broken("cannot update the baseline " + target + ": " + e.getMessage(), e);
        }
        if (result.busyWarning() != null) {
            log.warn("[factored] " + result.busyWarning());
        }
        log.warn("[factored] *** BASELINE UPDATED: " + target + " now holds " + result.holds() + " because of "
                + spelling.typed(Setting.UPDATE_BASELINE, "true") + ". Commit it on purpose. ***");
    }
}
