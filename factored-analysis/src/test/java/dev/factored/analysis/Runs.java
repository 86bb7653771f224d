package dev.factored.analysis;

import dev.factored.analysis.model.measurement.ConfigurationRun;
import dev.factored.analysis.model.measurement.MachineReadings;
import dev.factored.contract.CoresValue;

/** Configuration runs for tests: the one constructor with only what a test sets, the rest not measured. */
final class Runs {

    private Runs() {
    }

    /** Time samples only. */
    static ConfigurationRun of(String cores, double[][] time) {
        return of(cores, time, null);
    }

    /** Time and idle samples only. */
    static ConfigurationRun of(String cores, double[][] time, double[][] idle) {
        return new ConfigurationRun(CoresValue.parse(cores), time, idle, null, null, null, null, null, null, null,
                MachineReadings.NONE);
    }

    /** On {@code workers} workers pinned to as many CPUs, with the compile and collection shares measured. */
    static ConfigurationRun pinned(String cores, int workers, double[][] time, double[][] gc, double[][] jit) {
        return new ConfigurationRun(CoresValue.parse(cores), time, null, workers, workers, true, null, true, null, null,
                new MachineReadings(null, null, null, gc, null, null, null, jit));
    }
}
