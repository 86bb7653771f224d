package dev.factored.cli;

import dev.factored.analysis.input.AnalysisInputException;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.AnalysisJson;
import dev.factored.gate.BaselineUpdate;
import dev.factored.gate.CheckOutputs;
import dev.factored.gate.Gate;
import dev.factored.gate.GateConfig;
import dev.factored.gate.Ratios;
import dev.factored.gate.Rule;
import dev.factored.gate.Status;
import dev.factored.gate.Verdict;
import dev.factored.gate.VerdictOutput;
import dev.factored.text.Untrusted;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code factored check}: the gate over an analysis.json, writing check.json, summary.md and the exports. */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = "Judge an analysis against rules and, optionally, a baseline; write check.json, summary.md,"
                + " bencher.json and github-action-benchmark.json.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:passed (with --updateBaseline: the baseline was written)", "1:a check failed (with"
                + " --updateBaseline the baseline is written all the same)", "2:bad input (the message names the file"
                + " and what is wrong; also --updateBaseline without --baseline, --baselineRuns below 1, or a"
                + " baseline of runs from another JVM)",
                "3:inconclusive, with --failOnInconclusive (no check failed)"})
final class CheckCommand implements Callable<Integer> {

    static final int FAILED = 1;
    static final int INCONCLUSIVE = 3;

    @Option(names = "--analysis", paramLabel = "FILE", defaultValue = "analysis.json",
            description = "The analysis to judge, written by analyze or report (default: ${DEFAULT-VALUE}).")
    Path analysisFile;

    @Option(names = "--baseline", paramLabel = "FILE",
            description = "An earlier analysis.json (or a baseline of several runs) to compare with; with"
                    + " --updateBaseline, the file to write. Not set: no comparison.")
    Path baseline;

    @Option(names = "--updateBaseline",
            description = "Record this run into the --baseline file, then judge the rules only (no comparison). With"
                    + " --baselineRuns 1 the baseline becomes this run's analysis; with N > 1 this run is added to it and"
                    + " only the last N runs are kept. Always said on stderr: a baseline never changes silently.")
    boolean updateBaseline;

    @Option(names = "--baselineRuns", paramLabel = "N", defaultValue = "1",
            description = "How many runs --updateBaseline keeps in the baseline; with 2 or more the gate measures the"
                    + " run-to-run noise between them (default: ${DEFAULT-VALUE}).")
    int baselineRuns;

    @Option(names = "--rule", paramLabel = "RULE",
            description = "A rule, repeatable: the fields of the plugin's <rule> as name=value separated by ';',"
                    + " e.g. 'benchmarks=MergeSort;params.size=200000;metric=efficiency;minimum=50%%'.")
    List<String> rules = new ArrayList<>();

    @Option(names = "--tolerance", paramLabel = "RATIO", defaultValue = "10%",
            description = "The accepted change against the baseline, 0.1 or 10%% (default: ${DEFAULT-VALUE}).")
    String tolerance;

    @Option(names = "--assumedNoise", paramLabel = "RATIO", defaultValue = "10%",
            description = "The run-to-run noise assumed when nothing measures it (default: ${DEFAULT-VALUE}).")
    String assumedNoise;

    @Option(names = "--failOnMissing", description = "Fail when a family or configuration of the baseline is missing.")
    boolean failOnMissing;

    @Option(names = "--allowDifferentEnvironment",
            description = "Compare with a baseline from a different JVM or CPU count (by default that fails).")
    boolean allowDifferentEnvironment;

    @Option(names = "--failOnInconclusive", description = "Exit 3 when a check is inconclusive and none failed.")
    boolean failOnInconclusive;

    @Option(names = "--outputDirectory", paramLabel = "DIR", defaultValue = ".",
            description = "Where check.json, summary.md and the exports go (default: the current directory).")
    Path outputDirectory;

    @Override
    public Integer call() throws BadInputException {
        GateConfig config = config();
        if (updateBaseline && baseline == null) {
            throw new BadInputException("--updateBaseline needs --baseline FILE, the file to write");
        }
        Analysis current = read(analysisFile, "analysis");
        List<Analysis> previous = List.of();
        if (baseline != null && !updateBaseline) {
            previous = readRuns(baseline);
            System.err.println("baseline: " + baseline + " (" + previous.size()
                    + (previous.size() == 1 ? " run)" : " runs)"));
        }
        Verdict verdict = Gate.checkRuns(current, previous, config);
        System.err.println(VerdictOutput.table(verdict));
        if (updateBaseline) {
            updateBaseline(current); // first: a refused update leaves no verdict that reads as passed
        }
        try {
            CheckOutputs.write(verdict, current, outputDirectory);
        } catch (IOException e) {
            throw new BadInputException(e.getMessage());
        }
        System.err.println("verdict: " + outputDirectory.resolve(CheckOutputs.CHECK_JSON) + ", summary: "
                + outputDirectory.resolve(CheckOutputs.SUMMARY_MD));
        if (verdict.passed()) {
            System.err.println("check passed (" + verdict.total() + " check(s))");
            return 0;
        }
        verdict.failures().forEach(f -> System.err.println("failed: " + Untrusted.console(f)));
        return verdict.count(Status.FAIL) > 0 ? FAILED : INCONCLUSIVE;
    }

    private GateConfig config() throws BadInputException {
        List<Rule> parsed = new ArrayList<>();
        for (int i = 0; i < rules.size(); i++) {
            try {
                parsed.add(RuleSpec.parse(rules.get(i)));
            } catch (IllegalArgumentException e) {
                throw new BadInputException("--rule " + (i + 1) + " of " + rules.size() + " ('" + rules.get(i) + "'): "
                        + e.getMessage());
            }
        }
        try {
            BaselineUpdate.requireRuns(baselineRuns);
            return new GateConfig(parsed, Ratios.parse(tolerance, "tolerance"), failOnMissing, allowDifferentEnvironment,
                    failOnInconclusive, GateConfig.DEFAULT_ALPHA, GateConfig.DEFAULT_CONFIDENCE,
                    Ratios.parse(assumedNoise, "assumedNoise"));
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        }
    }

    private static Analysis read(Path file, String what) throws BadInputException {
        if (!Files.isRegularFile(file)) {
            throw new BadInputException(file + ": no such " + what + " file (write it with 'factored analyze')");
        }
        try {
            return AnalysisJson.read(file);
        } catch (AnalysisInputException e) {
            throw new BadInputException(named(file, e));
        }
    }

    private static List<Analysis> readRuns(Path file) throws BadInputException {
        if (!Files.isRegularFile(file)) {
            throw new BadInputException(file + ": no such baseline file (create it from this run with"
                    + " --updateBaseline)");
        }
        try {
            return AnalysisJson.readRuns(file);
        } catch (AnalysisInputException e) {
            throw new BadInputException(named(file, e));
        }
    }

    /** Writes this run into the baseline (as the plugin's updateBaseline) and says so on stderr. */
    private void updateBaseline(Analysis current) throws BadInputException {
        BaselineUpdate.Result result;
        try {
            result = BaselineUpdate.update(baseline, current, baselineRuns, allowDifferentEnvironment);
        } catch (AnalysisInputException e) {
            throw new BadInputException(named(baseline, e));
        } catch (BaselineUpdate.Refused e) {
            throw new BadInputException(e.getMessage());
        } catch (IOException e) {
            throw new BadInputException("cannot update the baseline " + baseline + ": " + e.getMessage());
        }
        if (result.busyWarning() != null) {
            System.err.println("warning: " + result.busyWarning());
        }
        System.err.println("*** BASELINE UPDATED: " + baseline + " now holds " + result.holds()
                + " because of --updateBaseline. Commit it on purpose. ***");
    }

    /** The message, with the file's name in front unless it already names it. */
    private static String named(Path file, AnalysisInputException e) {
        String message = e.getMessage();
        return message != null && message.contains(file.toString()) ? message : file + ": " + message;
    }
}
