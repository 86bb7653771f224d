/**
 * The records analysis.json is made of, and its reader and writer ({@link dev.factored.analysis.model.AnalysisJson}):
 * {@link dev.factored.analysis.model.Analysis}, one {@link dev.factored.analysis.model.FamilyAnalysis} per family
 * (its {@link dev.factored.analysis.model.ReferenceTimes}, {@link dev.factored.analysis.model.Point}s,
 * {@link dev.factored.analysis.model.WorkSpanProfile}, {@link dev.factored.analysis.model.ScalingModels},
 * {@link dev.factored.analysis.model.SpeedupProjection},
 * {@link dev.factored.analysis.model.Bandwidth} test and {@link dev.factored.analysis.model.Explanation}), every number
 * an {@link dev.factored.analysis.model.Estimate} with its interval. Immutable; the report, the gate and the exports
 * read these and never re-derive a quantity. A few records carry the rule that builds them from a JMH entry (the
 * CPU labels, the machine's topology) so that the rule exists once. Also here: a {@link
 * dev.factored.analysis.model.Family} as read (its runs and JMH entries) and the run around it
 * ({@link dev.factored.analysis.model.RunContext}), and {@link dev.factored.analysis.model.Quantities}, everything
 * the computation found for a family, which the diagnosis reads. Depends on {@code input} and {@code stats} only.
 */
package dev.factored.analysis.model;
