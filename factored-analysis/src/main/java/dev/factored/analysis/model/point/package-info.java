/**
 * One point of a family, P workers ({@link dev.factored.analysis.model.point.Point}), and its parts as analysis.json
 * writes them side by side: its times ({@link dev.factored.analysis.model.point.PointTimes}), the six speedup curves
 * ({@link dev.factored.analysis.model.point.Speedups}), the four losses
 * ({@link dev.factored.analysis.model.point.Losses}), how the machine's time divides
 * ({@link dev.factored.analysis.model.point.MachineShares},
 * {@link dev.factored.analysis.model.point.Factors}, {@link dev.factored.analysis.model.point.IdleSplit}), whether
 * other processes disturbed it ({@link dev.factored.analysis.model.point.Disturbance}) and what it ran on
 * ({@link dev.factored.analysis.model.point.PointConditions}); and where the machine's topology starts to show along
 * the points ({@link dev.factored.analysis.model.point.TopologyStarts}). Depends on {@code model.measurement} only.
 */
package dev.factored.analysis.model.point;
