package dev.factored.run.settings;

import dev.factored.analysis.AnalysisOptions;

/**
 * How a result is analysed, as the front ends' {@code projectTo} and {@code disturbedAbove} give it (defaults
 * {@link Defaults#PROJECT_TO}, {@link Defaults#DISTURBED_ABOVE}).
 *
 * @param projectTo      how far the span run's bounds and the scaling models are projected
 * @param disturbedAbove the share of its CPUs' time other processes may take before a configuration is disturbed
 */
public record AnalysisSettings(int projectTo, double disturbedAbove) {

    /**
     * The analysis options, checked.
     *
     * @throws IllegalArgumentException a value out of range, named
     */
    public AnalysisOptions options() {
        return AnalysisOptions.DEFAULT.withProjectTo(projectTo).withDisturbedAbove(disturbedAbove);
    }
}
