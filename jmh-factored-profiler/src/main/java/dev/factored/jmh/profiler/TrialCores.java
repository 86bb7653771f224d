package dev.factored.jmh.profiler;

import dev.factored.contract.CoresValue;
import dev.factored.jmh.machine.ForkCores;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The {@code cores} param of the trial JMH hands the profiler, read from its {@link BenchmarkParams} here and parsed
 * once per trial: JMH calls the host for every fork, and the fork at every iteration, with the same params, and each
 * call takes the value from here.
 */
final class TrialCores {

    /** The trial {@link #cores} was read from. */
    private BenchmarkParams trial;
    private ForkCores cores;

    /** The trial's {@code cores}, parsed; its text null when the benchmark has no such param. */
    synchronized ForkCores of(BenchmarkParams params) {
        if (params != trial) {
            trial = params;
            cores = ForkCores.of(params.getParam(CoresValue.PARAM));
        }
        return cores;
    }
}
