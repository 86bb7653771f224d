package dev.factored.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code factored analyze}: JMH JSON → analysis.json, as the plugin's run and report goals write it. */
@Command(name = "analyze", mixinStandardHelpOptions = true,
        description = "Analyse a JMH JSON result and write analysis.json.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:analysed", "2:bad input (the message names the file and what is wrong)"})
final class AnalyzeCommand implements Callable<Integer> {

    @Mixin
    AnalysisParameters parameters;

    @Override
    public Integer call() throws BadInputException {
        parameters.analyzeAndWrite();
        return 0;
    }
}
