package dev.factored.maven;

import dev.factored.run.settings.CheckSettings;
import dev.factored.run.settings.Defaults;
import java.io.File;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * The gate: judges the analysis against scalability rules and, optionally, against a baseline (an
 * earlier {@code analysis.json}), and fails the build when something broke. Noise-aware: a rule fails only when its
 * confidence interval says so, a comparison only when it is significantly worse, after Holm over the run's checks,
 * and significantly beyond the tolerance.
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
    @Parameter(property = "factored.baselineRuns", defaultValue = Defaults.BASELINE_RUNS)
    private int baselineRuns;

    /** Fail the build when a check is inconclusive (by default reported, with what would make it conclusive). */
    @Parameter(property = "factored.failOnInconclusive", defaultValue = "false")
    private boolean failOnInconclusive;

    /** The run-to-run noise of a time to assume when nothing measures it, {@code 0.1} or {@code 10%}. */
    @Parameter(property = "factored.assumedNoise", defaultValue = Defaults.ASSUMED_NOISE)
    private String assumedNoise;

    /**
     * The largest probability that an unchanged build fails any comparison of the run, {@code 0.05} or {@code 5%}: the
     * p-values of all checks are adjusted together (Holm) and compared with it.
     */
    @Parameter(property = "factored.alpha", defaultValue = Defaults.ALPHA)
    private String alpha;

    /**
     * The rules: each {@code <rule>} has {@code benchmarks}, {@code params}, {@code cores}, {@code metric},
     * {@code minimum} and/or {@code maximum}, {@code use} (the gate page describes them). A rule matching nothing fails.
     */
    @Parameter
    private List<RuleConfig> rules;

    /** The change against the baseline that is accepted, {@code 0.1} or {@code 10%}. */
    @Parameter(property = "factored.tolerance", defaultValue = Defaults.TOLERANCE)
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
        check(() -> CheckSettings.builder().analysis(analysisFile.toPath())
                .baseline(baseline == null ? null : baseline.toPath()).updateBaseline(updateBaseline)
                .baselineRuns(baselineRuns).rules(rules == null ? null : rules.stream().map(RuleConfig::toSpec).toList())
                .tolerance(tolerance).assumedNoise(assumedNoise).alpha(alpha).failOnMissing(failOnMissing)
                .allowDifferentEnvironment(allowDifferentEnvironment).failOnInconclusive(failOnInconclusive)
                .outputDirectory(outputDirectory.toPath()).build(MavenSpelling.INSTANCE), haltOnFailure);
    }
}
