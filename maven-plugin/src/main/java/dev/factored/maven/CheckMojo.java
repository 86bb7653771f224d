package dev.factored.maven;

import dev.factored.gate.CheckOutputs;
import dev.factored.gate.GateConfig;
import dev.factored.gate.Rule;
import dev.factored.gate.Verdict;
import dev.factored.run.CheckStep;
import dev.factored.run.SuiteRun;
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

    /** Fail the build when the check fails; {@code false} only logs the failures as warnings. */
    @Parameter(property = "factored.haltOnFailure", defaultValue = "true")
    private boolean haltOnFailure;

    @Override
    String goal() {
        return "check";
    }

    @Override
    void executeMojo() throws MojoExecutionException, MojoFailureException {
        Verdict verdict;
        try {
            CheckStep.Request request = new CheckStep.Request(analysisFile.toPath(),
                    baseline == null ? null : baseline.toPath(), updateBaseline, baselineRuns, config(),
                    outputDirectory.toPath(), HINTS);
            verdict = CheckStep.run(request, runLog());
        } catch (SuiteRun.Failed e) {
            throw failure(e);
        } catch (SuiteRun.Broken e) {
            throw broken(e);
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException("factored:check: " + e.getMessage(), e);
        }
        if (verdict.passed()) {
            return;
        }
        List<String> failures = verdict.failures();
        String message = "factored:check failed " + failures.size() + " of " + verdict.total() + " check(s):\n  "
                + String.join("\n  ", failures.stream().map(Untrusted::console).toList()) + "\nDetails: "
                + outputDirectory.toPath().resolve(CheckOutputs.CHECK_JSON);
        if (haltOnFailure) {
            throw new MojoFailureException(message);
        }
        getLog().warn("[factored] " + message);
        getLog().warn("[factored] not failing the build: factored.haltOnFailure=false");
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
