package dev.factored.maven;

import dev.factored.gate.CheckOutputs;
import dev.factored.gate.GateConfig;
import dev.factored.gate.Rule;
import dev.factored.gate.Verdict;
import dev.factored.run.CheckStep;
import dev.factored.text.Untrusted;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
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
public class CheckMojo extends AbstractFactoredMojo {

    /** The analysis to judge, written by factored:run or factored:report. */
    @Parameter(property = "factored.analysis", defaultValue = "${project.build.directory}/factored/analysis.json")
    private File analysisFile;

    /** A previous {@code analysis.json} (or a baseline of runs) to compare with; not set: no comparison. */
    @Parameter(property = "factored.baseline")
    private File baseline;

    /** Record this run into {@link #baseline} (logged loudly), then judge the rules only. */
    @Parameter(property = "factored.updateBaseline", defaultValue = "false")
    private boolean updateBaseline;

    /** How many runs {@link #updateBaseline} keeps; with 2 or more the run-to-run noise is measured between them. */
    @Parameter(property = "factored.baselineRuns", defaultValue = "1")
    private int baselineRuns;

    /** Fail the build when a check is inconclusive (by default reported, with what would make it conclusive). */
    @Parameter(property = "factored.failOnInconclusive", defaultValue = "false")
    private boolean failOnInconclusive;

    /** The run-to-run noise of a time to assume when nothing measures it, {@code 0.1} or {@code 10%}. */
    @Parameter(property = "factored.assumedNoise", defaultValue = "10%")
    private String assumedNoise;

    /**
     * The rules: each {@code <rule>} has {@code benchmarks}, {@code params}, {@code cores}, {@code metric},
     * {@code minimum} and/or {@code maximum}, {@code use} (the gate page describes them). A rule matching nothing fails.
     */
    @Parameter
    private List<RuleConfig> rules;

    /** The change against the baseline that is accepted, {@code 0.1} or {@code 10%}. */
    @Parameter(property = "factored.tolerance", defaultValue = "10%")
    private String tolerance;

    /** Fail when a family or configuration of the baseline is missing from the current run. */
    @Parameter(property = "factored.failOnMissing", defaultValue = "false")
    private boolean failOnMissing;

    /** Compare with a baseline measured on a different JVM or CPU count (by default that fails, saying what differs). */
    @Parameter(property = "factored.allowDifferentEnvironment", defaultValue = "false")
    private boolean allowDifferentEnvironment;

    /** Fail the build when the check fails; {@code false} only logs the failures as warnings. */
    @Parameter(property = "factored.haltOnFailure", defaultValue = "true")
    private boolean haltOnFailure;

    public CheckMojo() {
        super("check");
    }

    @Override
    void executeMojo() throws MojoExecutionException, MojoFailureException {
        // A configuration that failed in this build's run: the check covers the others and names it in check.json and
        // summary.md, then the build fails with it (whatever haltOnFailure says, which is about the checks).
        String runFailed = takeOver(project);
        String checkFailed;
        try {
            checkFailed = check();
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

    /** Judges and writes the outputs; returns what failed, or null when the check passed. */
    private String check() throws MojoExecutionException, MojoFailureException {
        CheckStep.Request request;
        try {
            request = new CheckStep.Request(analysisFile.toPath(), baseline == null ? null : baseline.toPath(),
                    updateBaseline, baselineRuns, config(), outputDirectory.toPath(), HINTS);
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException("factored:check: " + e.getMessage(), e);
        }
        if (updateBaseline && baseline == null) {
            throw new MojoExecutionException("factored.updateBaseline=true but no <baseline> file is configured:"
                    + " set <baseline> (or -Dfactored.baseline) to the file to write");
        }
        Verdict verdict = run(() -> CheckStep.run(request, runLog()));
        if (verdict.passed()) {
            return null;
        }
        List<String> failures = verdict.failures();
        return "factored:check failed " + failures.size() + " of " + verdict.total() + " check(s):\n  "
                + String.join("\n  ", failures.stream().map(Untrusted::console).toList()) + "\nDetails: "
                + outputDirectory.toPath().resolve(CheckOutputs.CHECK_JSON);
    }

    private static final CheckStep.Hints HINTS = new CheckStep.Hints("run factored:run first (mvn verify with the run"
            + " goal bound), or factored:report, or point -Dfactored.analysis at an analysis.json.",
            "-Dfactored.updateBaseline=true (and <baseline> or -Dfactored.baseline naming the file)");

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
        return CheckStep.config(parsed, tolerance, assumedNoise, baselineRuns, failOnMissing,
                allowDifferentEnvironment, failOnInconclusive);
    }
}
