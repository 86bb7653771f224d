package dev.factored.cli;

import dev.factored.analysis.model.Analysis;
import dev.factored.run.Commands;
import dev.factored.run.settings.Defaults;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The input and the analysis options, named as the plugin's parameters ({@code factored.<name>}). */
final class AnalysisParameters {

    @Parameters(paramLabel = "jmhResult", arity = "1..*",
            description = "The JMH JSON result (-rf json); several files (shards of a suite, or runs on several"
                    + " machines) are merged: see the merge command.")
    List<Path> jmhResults;

    @Option(names = "--analysis", paramLabel = "FILE", defaultValue = Defaults.ANALYSIS_FILE,
            description = "Where the analysis is written (default: ${DEFAULT-VALUE}).")
    Path analysisFile;

    @Mixin
    AnalysisSettings settings;

    /** Analyses the input (or reuses its analysis) and writes analysis.json ({@link Commands#analyze}). */
    Analysis analyzeAndWrite() throws BadInputException {
        var options = settings.options();
        return Steps.run(() -> Commands.analyze(jmhResults, analysisFile, options, StderrLog.INSTANCE));
    }
}
