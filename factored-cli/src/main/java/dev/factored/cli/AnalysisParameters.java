package dev.factored.cli;

import dev.factored.analysis.AnalysisOptions;
import dev.factored.analysis.FactoredAnalysis;
import dev.factored.analysis.input.AnalysisInputException;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.AnalysisJson;
import dev.factored.text.Untrusted;
import java.io.IOException;
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

    @Option(names = "--analysis", paramLabel = "FILE", defaultValue = "analysis.json",
            description = "Where the analysis is written (default: ${DEFAULT-VALUE}).")
    Path analysisFile;

    @Mixin
    AnalysisSettings settings;

    /** Analyses the input, writes analysis.json and prints the warnings to stderr. */
    Analysis analyzeAndWrite() throws BadInputException {
        AnalysisOptions options = settings.options();
        Analysis analysis;
        try {
            analysis = FactoredAnalysis.analyze(jmhResults, options);
        } catch (AnalysisInputException e) {
            throw new BadInputException(e.getMessage());
        }
        try {
            AnalysisJson.write(analysis, analysisFile);
        } catch (IOException e) {
            throw new BadInputException("cannot write the analysis to " + analysisFile + ": " + e.getMessage());
        }
        analysis.warnings().forEach(w -> System.err.println("warning: " + Untrusted.console(w)));
        analysis.families().forEach(f -> f.explanation().warnings().forEach(w ->
                System.err.println("warning: " + Untrusted.console(f.id().label() + ": " + w))));
        int n = analysis.families().size();
        System.err.println(n + (n == 1 ? " family" : " families") + " analysed -> " + analysisFile);
        return analysis;
    }
}
