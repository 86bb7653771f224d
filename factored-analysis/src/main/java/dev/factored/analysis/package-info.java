/**
 * The analysis room: pure functions from JMH's results to the factored-speedup analysis, knowing nothing of Maven,
 * charts or the gate. {@link dev.factored.analysis.FactoredAnalysis} is the entry point (one file, or several merged
 * by {@link dev.factored.analysis.ResultMerge}); the computation lives here beside it: grouping entries into
 * families ({@code Families}), the factoring of the times into curves and losses ({@code Factoring}), validity of
 * points, what the machine took ({@code MachineShare}), work and span ({@code WorkSpan}), the scaling models
 * ({@code ScalingFit}), the projected speedup beyond the measured P ({@code Projection}) and sweeps.
 *
 * <p>Packages depend one way, each only on those below it (ArchitectureTest keeps it so):
 * <ol>
 * <li>{@link dev.factored.analysis.stats}: numbers only (distributions, the bootstrap, Holm, the moderated
 * variances); shared with the gate, knows nothing of JMH or the model;</li>
 * <li>{@link dev.factored.analysis.input}: what JMH and the profiler wrote, read into records with errors that name
 * the file;</li>
 * <li>{@link dev.factored.analysis.model}: the records analysis.json is made of, and its reader and writer;</li>
 * <li>{@code dev.factored.text}: numbers and untrusted names as text;</li>
 * <li>{@link dev.factored.analysis.diagnosis.facts}: the typed facts the diagnosis's rules hand the renderer, without
 * words;</li>
 * <li>{@link dev.factored.analysis.diagnosis.words}: the renderer, every sentence written from those facts;</li>
 * <li>{@link dev.factored.analysis.diagnosis}: the rules that read the model's quantities ({@code Quantities}) and
 * decide findings and warnings, then have the renderer word them;</li>
 * <li>this package: the computation, which fills the model and calls the diagnosis, and the entry points.</li>
 * </ol>
 * The computation sits above the diagnosis rather than below it: the rules read only what the model publishes
 * (as the report and the gate do), never the computation's working state, so a rule cannot rest on a number a
 * reader of analysis.json cannot see.
 */
package dev.factored.analysis;
