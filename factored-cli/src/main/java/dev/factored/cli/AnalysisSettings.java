package dev.factored.cli;

import dev.factored.analysis.AnalysisOptions;
import dev.factored.run.settings.Defaults;
import picocli.CommandLine.Option;

/** How a result is analysed, named as the plugin's parameters; for the commands that analyse and for run. */
final class AnalysisSettings {

    @Option(names = "--projectTo", paramLabel = "P", defaultValue = Defaults.PROJECT_TO,
            description = "How far the span run's bounds, the scaling models and the projected speedup band go "
                    + "(default: ${DEFAULT-VALUE}).")
    int projectTo;

    @Option(names = "--disturbedAbove", paramLabel = "SHARE", defaultValue = Defaults.DISTURBED_ABOVE,
            description = "A configuration is disturbed when other processes took more than this share of its"
                    + " CPUs' time, or held up the JVM's own threads on its spare CPUs for more than this share of"
                    + " its time (default: ${DEFAULT-VALUE}).")
    double disturbedAbove;

    /** The options, checked. */
    AnalysisOptions options() throws BadInputException {
        try {
            return new dev.factored.run.settings.AnalysisSettings(projectTo, disturbedAbove).options();
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        }
    }
}
