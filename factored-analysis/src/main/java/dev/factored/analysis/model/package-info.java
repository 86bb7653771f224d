/**
 * The records analysis.json is made of, and its reader and writer ({@link dev.factored.analysis.model.AnalysisJson}):
 * {@link dev.factored.analysis.model.Analysis}, one {@link dev.factored.analysis.model.FamilyAnalysis} per family
 * (its {@link dev.factored.analysis.model.ReferenceTimes}, points, {@link dev.factored.analysis.model.WorkSpanProfile},
 * {@link dev.factored.analysis.model.ScalingModels}, {@link dev.factored.analysis.model.SpeedupProjection},
 * {@link dev.factored.analysis.model.Bandwidth} test, {@link dev.factored.analysis.model.Timeline}, explanation and
 * measurement) and the {@link dev.factored.analysis.model.Sweep}s across families. Immutable; the report, the gate
 * and the exports read these and never re-derive a quantity. The parts live one level down, each package a part of
 * a family: {@link dev.factored.analysis.model.point} (a point and its speedups, losses and times),
 * {@link dev.factored.analysis.model.finding} (what was found and said),
 * {@link dev.factored.analysis.model.measurement} (the raw samples, the machine and the JVM, and the
 * {@code Estimate} every number is); above them all,
 * {@link dev.factored.analysis.model.family} holds the computation's side: the family as read and what was computed
 * for it. Depends on {@code input}, {@code model.point}, {@code model.finding} and {@code model.measurement} only.
 */
package dev.factored.analysis.model;
