/**
 * The baseline comparison's parts, below the comparison itself ({@code dev.factored.gate.BaselineComparison}, which
 * reads the gate's configuration): the noise of the runs compared ({@link dev.factored.gate.comparison.Noise}, over
 * families matched by host class, {@code HostedFamily}), what a comparison's test decided ({@code Tested}), the
 * environment check of baseline against current run ({@code EnvironmentCheck}), the result
 * ({@link dev.factored.gate.comparison.ComparisonResult}) and the words of its reasons and notes
 * ({@code ComparisonWords}).
 *
 * <p>May depend on: {@code dev.factored.gate.terms}.
 */
package dev.factored.gate.comparison;
