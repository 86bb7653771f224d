package dev.factored.maven;

import dev.factored.analysis.input.AnalysisInputException;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.AnalysisJson;
import dev.factored.gate.BaselineUpdate;
import dev.factored.gate.CheckOutputs;
import dev.factored.gate.Gate;
import dev.factored.gate.GateConfig;
import dev.factored.gate.Ratios;
import dev.factored.gate.Rule;
import dev.factored.gate.Verdict;
import dev.factored.gate.VerdictOutput;
import dev.factored.text.Untrusted;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * The gate: judges the analysis against scalability rules and, optionally, against a baseline (an
 * earlier {@code analysis.json}), and fails the build when something broke. Noise-aware: a rule or a
 * comparison fails only when the confidence interval says so.
 *
 * <p>Writes {@code check.json} (the verdict, machine-readable) and {@code summary.md} (for CI job
 * summaries, e.g. {@code cat target/factored/summary.md >> $GITHUB_STEP_SUMMARY}) next to the analysis.
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class CheckMojo extends AbstractMojo {

    /** The analysis to judge, written by factored:run or factored:report. */
    @Parameter(property = "factored.analysis", defaultValue = "${project.build.directory}/factored/analysis.json")
    private File analysisFile;

    /**
     * A previous {@code analysis.json} to compare with, typically checked in (e.g.
     * {@code src/test/factored/baseline.json}), or a baseline recorded from several runs (see
     * {@link #baselineRuns}). Times that got slower and speedups that dropped by more than
     * {@link #tolerance}, beyond the noise, fail. Not set: no comparison.
     */
    @Parameter(property = "factored.baseline")
    private File baseline;

    /**
     * Record this run into {@link #baseline}, then judge the rules only. With {@link #baselineRuns} = 1
     * the baseline becomes this run's analysis; with N &gt; 1 this run is added to it and only the last N
     * runs are kept. Always logged as a warning: a baseline never changes silently.
     */
    @Parameter(property = "factored.updateBaseline", defaultValue = "false")
    private boolean updateBaseline;

    /**
     * How many runs {@link #updateBaseline} keeps in the baseline. With 2 or more, the gate measures
     * the run-to-run noise between them (the strongest evidence it can have) instead of relying on the
     * forks of two single runs. Record such a baseline by running
     * {@code mvn verify -Dfactored.updateBaseline=true -Dfactored.baselineRuns=5} five times.
     */
    @Parameter(property = "factored.baselineRuns", defaultValue = "1")
    private int baselineRuns;

    /**
     * Fail the build when a check is inconclusive: a comparison that did not fail but at its noise level cannot
     * see a change as large as the tolerance, or a comparison or rule that rests on a configuration measured on a
     * busy machine whose interference can explain the result. Off by default: inconclusive is reported, with what
     * would make it conclusive.
     */
    @Parameter(property = "factored.failOnInconclusive", defaultValue = "false")
    private boolean failOnInconclusive;

    /**
     * The run-to-run noise of a time to assume when nothing measures it (one fork per configuration and
     * a baseline of one run), as a ratio or percentage: the standard deviation of a run's log time.
     */
    @Parameter(property = "factored.assumedNoise", defaultValue = "10%")
    private String assumedNoise;

    /**
     * The rules, e.g.
     * <pre>{@code
     * <rules>
     *   <rule>
     *     <benchmarks>MergeSort</benchmarks>
     *     <metric>efficiency</metric>
     *     <minimum>50%</minimum>
     *   </rule>
     * </rules>
     * }</pre>
     * Each rule has {@code benchmarks} (regex searched in the benchmark name; default all),
     * {@code params} (param name → regex for the whole value), {@code cores} ({@code max}, the default,
     * or a number), {@code metric} (actual-speedup, efficiency, algorithmic-loss, scheduling-loss,
     * idle-loss, inflation-loss, idle-share, inflation-share, scheduling-overhead,
     * algorithmic-overhead), {@code minimum} and/or {@code maximum} ({@code 0.8} or {@code 80%}) and
     * {@code use} ({@code interval}, the default: fail only when the whole interval is beyond the limit;
     * or {@code value}). A rule that matches no family fails.
     */
    @Parameter
    private List<RuleConfig> rules;

    /** The change against the baseline that is accepted, as a ratio ({@code 0.1}) or a percentage ({@code 10%}). */
    @Parameter(property = "factored.tolerance", defaultValue = "10%")
    private String tolerance;

    /** Fail when a family or configuration of the baseline is missing from the current run (otherwise reported only). */
    @Parameter(property = "factored.failOnMissing", defaultValue = "false")
    private boolean failOnMissing;

    /**
     * Compare with a baseline measured on a different JVM or CPU count. By default such a comparison
     * fails, saying what differs: numbers from different machines are not comparable.
     */
    @Parameter(property = "factored.allowDifferentEnvironment", defaultValue = "false")
    private boolean allowDifferentEnvironment;

    /** Where check.json and summary.md go. */
    @Parameter(property = "factored.outputDirectory", defaultValue = "${project.build.directory}/factored")
    private File outputDirectory;

    /** Fail the build when the check fails; {@code false} only logs the failures as warnings. */
    @Parameter(property = "factored.haltOnFailure", defaultValue = "true")
    private boolean haltOnFailure;

    /** Skip the check. */
    @Parameter(property = "factored.skip", defaultValue = "false")
    private boolean skip;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("[factored] check skipped (factored.skip)");
            return;
        }
        GateConfig config = config();
        Path analysisPath = analysisFile.toPath();
        if (!Files.isRegularFile(analysisPath)) {
            throw new MojoFailureException("no analysis to check at " + analysisPath + ": run factored:run first"
                    + " (mvn verify with the run goal bound), or factored:report, or point -Dfactored.analysis at"
                    + " an analysis.json.");
        }
        Analysis current = read(analysisPath, "analysis");
        List<Analysis> previous = List.of();
        if (baseline != null && !updateBaseline) {
            Path baselinePath = baseline.toPath();
            if (!Files.isRegularFile(baselinePath)) {
                throw new MojoFailureException("the baseline " + baselinePath + " does not exist. Create it from this"
                        + " run with -Dfactored.updateBaseline=true, or remove <baseline>.");
            }
            previous = readRuns(baselinePath);
            getLog().info("[factored] baseline: " + baselinePath + " (" + previous.size()
                    + (previous.size() == 1 ? " run)" : " runs)"));
        }

        Verdict verdict = Gate.checkRuns(current, previous, config);
        for (String line : VerdictOutput.table(verdict).split("\\R")) {
            getLog().info(line);
        }
        if (updateBaseline) {
            updateBaseline(current); // first: a refused update leaves no verdict that reads as passed
        }
        Path out = outputDirectory.toPath();
        Path checkJson = out.resolve(CheckOutputs.CHECK_JSON);
        Path summary = out.resolve(CheckOutputs.SUMMARY_MD);
        try {
            CheckOutputs.write(verdict, current, out);
        } catch (IOException e) {
            throw new MojoExecutionException(e.getMessage(), e);
        }
        getLog().info("[factored] verdict: " + checkJson + ", summary: " + summary + "; for Bencher and "
                + "github-action-benchmark: " + out.resolve("bencher.json") + ", "
                + out.resolve("github-action-benchmark.json"));
        if (verdict.passed()) {
            getLog().info("[factored] check passed (" + verdict.total() + " check(s))");
            return;
        }
        List<String> failures = verdict.failures();
        String message = "factored:check failed " + failures.size() + " of " + verdict.total() + " check(s):\n  "
                + String.join("\n  ", failures.stream().map(Untrusted::console).toList()) + "\nDetails: " + checkJson;
        if (haltOnFailure) {
            throw new MojoFailureException(message);
        }
        getLog().warn("[factored] " + message);
        getLog().warn("[factored] not failing the build: factored.haltOnFailure=false");
    }

    private GateConfig config() throws MojoExecutionException {
        List<Rule> parsed = new ArrayList<>();
        if (rules != null) {
            for (int i = 0; i < rules.size(); i++) {
                try {
                    parsed.add(rules.get(i).toRule());
                } catch (IllegalArgumentException e) {
                    throw new MojoExecutionException("<rules>, rule " + (i + 1) + " of " + rules.size() + ": "
                            + e.getMessage(), e);
                }
            }
        }
        try {
            double accepted = Ratios.parse(tolerance, "tolerance");
            double noise = Ratios.parse(assumedNoise, "assumedNoise");
            BaselineUpdate.requireRuns(baselineRuns);
            return new GateConfig(parsed, accepted, failOnMissing, allowDifferentEnvironment, failOnInconclusive,
                    GateConfig.DEFAULT_ALPHA, GateConfig.DEFAULT_CONFIDENCE, noise);
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException("factored:check: " + e.getMessage(), e);
        }
    }

    private Analysis read(Path file, String what) throws MojoFailureException {
        try {
            return AnalysisJson.read(file);
        } catch (AnalysisInputException e) {
            // The message names the file, the entry and the problem already.
            String message = e.getMessage();
            throw new MojoFailureException("cannot use the " + what + " file: "
                    + (message != null && message.contains(file.toString()) ? message : file + ": " + message), e);
        }
    }

    private List<Analysis> readRuns(Path file) throws MojoFailureException {
        try {
            return AnalysisJson.readRuns(file);
        } catch (AnalysisInputException e) {
            String message = e.getMessage();
            throw new MojoFailureException("cannot use the baseline file: "
                    + (message != null && message.contains(file.toString()) ? message : file + ": " + message), e);
        }
    }

    private void updateBaseline(Analysis current) throws MojoExecutionException, MojoFailureException {
        if (baseline == null) {
            throw new MojoExecutionException("factored.updateBaseline=true but no <baseline> file is configured:"
                    + " set <baseline> (or -Dfactored.baseline) to the file to write");
        }
        Path target = baseline.toPath();
        BaselineUpdate.Result result;
        try {
            result = BaselineUpdate.update(target, current, baselineRuns, allowDifferentEnvironment);
        } catch (AnalysisInputException e) {
            String message = e.getMessage();
            throw new MojoFailureException("cannot use the baseline file: "
                    + (message != null && message.contains(target.toString()) ? message : target + ": " + message), e);
        } catch (BaselineUpdate.Refused e) {
            throw new MojoFailureException(e.getMessage(), e);
        } catch (IOException e) {
            throw new MojoExecutionException("cannot update the baseline " + target + ": " + e.getMessage(), e);
        }
        if (result.busyWarning() != null) {
            getLog().warn("[factored] " + result.busyWarning());
        }
        getLog().warn("[factored] *** BASELINE UPDATED: " + target + " now holds " + result.holds()
                + " because factored.updateBaseline=true. Commit it on purpose. ***");
    }
}
