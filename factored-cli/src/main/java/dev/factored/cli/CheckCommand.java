package dev.factored.cli;

import dev.factored.run.settings.Defaults;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
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

    @Option(names = "--analysis", paramLabel = "FILE", defaultValue = Defaults.ANALYSIS_FILE,
            description = "The analysis to judge, written by analyze or report (default: ${DEFAULT-VALUE}).")
    Path analysisFile;

    @Mixin
    GateOptions gate;

    @Option(names = "--outputDirectory", paramLabel = "DIR", defaultValue = ".",
            description = "Where check.json, summary.md and the exports go (default: the current directory).")
    Path outputDirectory;

    @Override
    public Integer call() throws BadInputException {
        return GateOptions.exitCode(gate.check(analysisFile, outputDirectory));
    }
}
