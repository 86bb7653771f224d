/**
 * How a family was measured, as analysis.json keeps it: each configuration's raw samples
 * ({@link dev.factored.analysis.model.measurement.ConfigurationRun}, with the profiler's
 * {@link dev.factored.analysis.model.measurement.MachineReadings} and the span run's
 * {@link dev.factored.analysis.model.measurement.SpanSamples}), what other processes took
 * ({@link dev.factored.analysis.model.measurement.Interference}), whether it was steady
 * ({@link dev.factored.analysis.model.measurement.Steadiness}), the JVM, JMH and the machine
 * ({@link dev.factored.analysis.model.measurement.Environment},
 * {@link dev.factored.analysis.model.measurement.MachineTopology},
 * {@link dev.factored.analysis.model.measurement.CpuLabels}), all of it together in a
 * {@link dev.factored.analysis.model.measurement.Measurement}, and the configurations that failed. Also here, the two
 * values every record above uses: the family's key ({@link dev.factored.analysis.model.measurement.FamilyId}) and
 * the {@link dev.factored.analysis.model.measurement.Estimate} with its interval. The lowest of the model's packages.
 * Depends on {@code input} and {@code stats} only.
 */
package dev.factored.analysis.model.measurement;
