/**
 * The computation's side of the model: a {@link dev.factored.analysis.model.family.Family} as read (its runs and JMH
 * entries) and the run around it ({@link dev.factored.analysis.model.family.RunContext}), the noise between its forks
 * ({@link dev.factored.analysis.model.family.ForkNoise}, {@link dev.factored.analysis.model.family.BetweenForks}), and
 * {@link dev.factored.analysis.model.family.Quantities}, everything the computation found for a family (with why points
 * are invalid, {@link dev.factored.analysis.model.family.Invalidity}), which the diagnosis reads. None of it is written
 * to analysis.json as such. Depends on {@code input}, {@code stats}, {@code model}, {@code model.point} and
 * {@code model.measurement} only.
 */
package dev.factored.analysis.model.family;
