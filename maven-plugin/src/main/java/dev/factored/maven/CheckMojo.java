package dev.factored.maven;

import dev.factored.analysis.Analysis;
import dev.factored.analysis.AnalysisInputException;
import dev.factored.analysis.AnalysisJson;
import dev.factored.text.Untrusted;
import dev.factored.gate.Gate;
import dev.factored.gate.GateConfig;
import dev.factored.gate.Ratios;
import dev.factored.gate.Rule;
import dev.factored.gate.Verdict;
import dev.factored.gate.VerdictOutput;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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
     * {@code src/test/factored/baseline.json}). Times that got slower and speedups that dropped by more
     * than {@link #tolerance} fail. Not set: no comparison.
     */
    @Parameter(property = "factored.baseline")
    private File baseline;

    /**
     * Copy the current analysis to {@link #baseline}, replacing it, then judge the rules only. For
     * refreshing the baseline on purpose: {@code mvn verify -Dfactored.updateBaseline=true}; the copy
     * is logged as a warning.
     */
    @Parameter(property = "factored.updateBaseline", defaultValue = "false")
    private boolean updateBaseline;

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
        Analysis previous = null;
        if (baseline != null && !updateBaseline) {
            Path baselinePath = baseline.toPath();
            if (!Files.isRegularFile(baselinePath)) {
                throw new MojoFailureException("the baseline " + baselinePath + " does not exist. Create it from this"
                        + " run with -Dfactored.updateBaseline=true, or remove <baseline>.");
            }
            previous = read(baselinePath, "baseline");
        }

        Verdict verdict = Gate.check(current, previous, config);
        for (String line : VerdictOutput.table(verdict).split("\\R")) {
            getLog().info(line);
        }
        Path out = outputDirectory.toPath();
        Path checkJson = out.resolve("check.json");
        Path summary = out.resolve("summary.md");
        try {
            Files.createDirectories(out);
            VerdictOutput.json(verdict, checkJson);
            Files.writeString(summary, VerdictOutput.markdown(verdict), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new MojoExecutionException("cannot write the verdict to " + out + ": " + e.getMessage(), e);
        }
        getLog().info("[factored] verdict: " + checkJson + ", summary: " + summary);

        if (updateBaseline) {
            updateBaseline(analysisPath);
        }
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
            return new GateConfig(parsed, accepted, failOnMissing, allowDifferentEnvironment,
                    GateConfig.DEFAULT_SEED, GateConfig.DEFAULT_RESAMPLES, GateConfig.DEFAULT_CONFIDENCE);
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

    private void updateBaseline(Path analysisPath) throws MojoExecutionException {
        if (baseline == null) {
            throw new MojoExecutionException("factored.updateBaseline=true but no <baseline> file is configured:"
                    + " set <baseline> (or -Dfactored.baseline) to the file to write");
        }
        Path target = baseline.toPath();
        try {
            if (target.toAbsolutePath().getParent() != null) {
                Files.createDirectories(target.toAbsolutePath().getParent());
            }
            Files.copy(analysisPath, target, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new MojoExecutionException("cannot update the baseline " + target + ": " + e.getMessage(), e);
        }
        getLog().warn("[factored] *** BASELINE UPDATED: " + target + " now holds this run's analysis ("
                + analysisPath + ") because factored.updateBaseline=true. Commit it on purpose. ***");
    }
}
