/**
 * The records analysis.json is made of, and its reader and writer ({@link dev.factored.analysis.model.AnalysisJson}):
 * {@link dev.factored.analysis.model.Analysis}, one {@link dev.factored.analysis.model.FamilyAnalysis} per family
 * (its {@link dev.factored.analysis.model.ReferenceTimes}, {@link dev.factored.analysis.model.Point}s,
 * {@link dev.factored.analysis.model.WorkSpanProfile}, {@link dev.factored.analysis.model.ScalingModels},
 * {@link dev.factored.analysis.model.Bandwidth} test and {@link dev.factored.analysis.model.Explanation}), every number
 * an {@link dev.factored.analysis.model.Estimate} with its interval. Immutable; the report, the gate and the exports
 * read these and never re-derive a quantity. A few records carry the rule that builds them from a JMH entry (the
 * CPU labels, the machine's topology, the interference) so that the rule exists once.
 */
package dev.factored.analysis.model;
