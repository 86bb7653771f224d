/**
 * The analysis room: pure functions from JMH's results to the factored-speedup analysis, knowing nothing of Maven,
 * charts or the gate. {@link dev.factored.analysis.FactoredAnalysis} is the entry point (one file, or several merged
 * by {@link dev.factored.analysis.ResultMerge}); the computation lives here beside it: grouping entries into
 * families ({@code Families}), the factoring of the times into curves and losses ({@code Factoring}), validity of
 * points, bootstrap intervals, work and span ({@code WorkSpan}), the scaling models ({@code ScalingFit}) and sweeps.
 *
 * <p>Sub-packages by role: {@link dev.factored.analysis.input} reads what the profiler and JMH wrote,
 * {@link dev.factored.analysis.model} holds the records analysis.json is made of (the one model every view reads), and
 * {@link dev.factored.analysis.diagnosis} turns the numbers into findings and warnings in words. Data flows one way:
 * input → computation here → model (→ the report and the gate, in their own modules); the diagnosis reads the
 * computation's result and writes findings into the model.
 */
package dev.factored.analysis;
