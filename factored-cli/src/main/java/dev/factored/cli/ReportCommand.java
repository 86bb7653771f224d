package dev.factored.cli;

import dev.factored.analysis.model.Analysis;
import dev.factored.run.Commands;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code factored report}: the standalone report (index.html and its images), and analysis.json. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Analyse a JMH JSON result, write analysis.json and the standalone HTML report with its images.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:report written", "2:bad input (the message names the file and what is wrong)"})
final class ReportCommand implements Callable<Integer> {

    @Mixin
    AnalysisParameters parameters;

    @Option(names = "--output", paramLabel = "DIR", defaultValue = "factored-report",
            description = "The report's directory: index.html and the images under factored/ (default: ${DEFAULT-VALUE}).")
    Path output;

    @Override
    public Integer call() throws BadInputException {
        Analysis analysis = parameters.analyzeAndWrite();
        Steps.run(() -> Commands.report(analysis, output, StderrLog.INSTANCE));
        return 0;
    }
}
