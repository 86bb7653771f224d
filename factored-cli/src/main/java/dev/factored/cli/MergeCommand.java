package dev.factored.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code factored merge}: several result files as one analysis.json. Files of one host class (as each run
 * recorded in {@code activity/host.properties} beside its JSON) are forks of one measurement; files of different
 * host classes stay apart, one family per host.
 */
@Command(name = "merge", mixinStandardHelpOptions = true,
        description = {"Analyse several JMH JSON results together (shards of a CI matrix, or runs on several"
                + " machines) and write one analysis.json.",
                "The same benchmark, params and cores in files from one host class are forks of one measurement;"
                        + " files from different host classes are analysed apart (one report section per host,"
                        + " no speedup across hosts). A family whose configurations come from different hosts is"
                        + " refused."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:merged", "2:bad input (a file cannot be read, or a family's configurations come from"
                + " different hosts; the message names the files and hosts)"})
final class MergeCommand implements Callable<Integer> {

    @Mixin
    AnalysisParameters parameters;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws BadInputException {
        if (parameters.jmhResults.size() < 2) {
            throw new ParameterException(spec.commandLine(), "merge needs two or more result files (got "
                    + parameters.jmhResults.size() + "); for one file use analyze");
        }
        parameters.analyzeAndWrite();
        return 0;
    }
}
