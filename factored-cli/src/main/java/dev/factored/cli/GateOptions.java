package dev.factored.cli;

import dev.factored.gate.Verdict;
import dev.factored.gate.terms.Status;
import dev.factored.run.Commands;
import dev.factored.run.settings.CheckSettings;
import dev.factored.run.settings.Defaults;
import dev.factored.run.settings.RuleSpec;
import dev.factored.text.ConsoleText;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The gate's options, named as the check goal's parameters; shared by {@code check} and {@code run}. */
final class GateOptions {

    static final int FAILED = 1;
    static final int INCONCLUSIVE = 3;

    @Option(names = "--baseline", paramLabel = "FILE",
            description = "An earlier analysis.json (or a baseline of several runs) to compare with; with"
                    + " --updateBaseline, the file to write. Not set: no comparison.")
    Path baseline;

    @Option(names = "--updateBaseline",
            description = "Record this run into the --baseline file, then judge the rules only (no comparison). With"
                    + " --baselineRuns 1 the baseline becomes this run's analysis; with N > 1 this run is added to it and"
                    + " only the last N runs are kept. Always said on stderr: a baseline never changes silently.")
    boolean updateBaseline;

    @Option(names = "--baselineRuns", paramLabel = "N", defaultValue = Defaults.BASELINE_RUNS,
            description = "How many runs --updateBaseline keeps in the baseline; with 2 or more the gate measures the"
                    + " run-to-run noise between them (default: ${DEFAULT-VALUE}).")
    int baselineRuns;

    @Option(names = "--rule", paramLabel = "RULE",
            description = "A rule, repeatable: the fields of the plugin's <rule> as name=value separated by ';',"
                    + " e.g. 'benchmarks=MergeSort;params.size=200000;metric=efficiency;minimum=50%%'.")
    List<String> rules = new ArrayList<>();

    @Option(names = "--tolerance", paramLabel = "RATIO", defaultValue = Defaults.TOLERANCE,
            description = "The accepted change against the baseline, 0.1 or 10%% (default: ${DEFAULT-VALUE}).")
    String tolerance;

    @Option(names = "--assumedNoise", paramLabel = "RATIO", defaultValue = Defaults.ASSUMED_NOISE,
            description = "The run-to-run noise assumed when nothing measures it (default: ${DEFAULT-VALUE}).")
    String assumedNoise;

    @Option(names = "--alpha", paramLabel = "RATIO", defaultValue = Defaults.ALPHA,
            description = "The largest probability that an unchanged build fails any comparison of the run,"
                    + " 0.05 or 5%% (default: ${DEFAULT-VALUE}).")
    String alpha;

    @Option(names = "--failOnMissing", description = "Fail when a family or configuration of the baseline is missing.")
    boolean failOnMissing;

    @Option(names = "--allowDifferentEnvironment",
            description = "Compare with a baseline from a different JVM or CPU count (by default that fails).")
    boolean allowDifferentEnvironment;

    @Option(names = "--failOnInconclusive", description = "Exit 3 when a check is inconclusive and none failed.")
    boolean failOnInconclusive;

    /** The gate's settings by name; where it reads and writes is the command's. */
    CheckSettings.Builder settings() {
        return CheckSettings.builder().baseline(baseline).updateBaseline(updateBaseline).baselineRuns(baselineRuns)
                .rules(rules.stream().map(RuleSpec::parse).toList()).tolerance(tolerance).assumedNoise(assumedNoise)
                .alpha(alpha).failOnMissing(failOnMissing).allowDifferentEnvironment(allowDifferentEnvironment)
                .failOnInconclusive(failOnInconclusive);
    }

    /** The gate over {@code analysis}, outputs to {@code directory}. */
    Verdict check(Path analysis, Path directory) throws BadInputException {
        return Steps.run(() -> Commands.check(settings().analysis(analysis).outputDirectory(directory)
                .build(CliSpelling.INSTANCE), CliSpelling.INSTANCE, StderrLog.INSTANCE));
    }

    /** 0 passed, 1 a check failed, 3 inconclusive with --failOnInconclusive; each failure said on stderr. */
    static int exitCode(Verdict verdict) {
        if (verdict.passed()) {
            return 0;
        }
        verdict.failures().forEach(f -> System.err.println(ConsoleText.of("failed: ").text(f)));
        return verdict.count(Status.FAIL) > 0 ? FAILED : INCONCLUSIVE;
    }
}
