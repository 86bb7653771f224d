/**
 * The gate's entry points and what they answer: {@link dev.factored.gate.Gate} judges an analysis against its
 * {@link dev.factored.gate.GateConfig} (the rules, and a baseline through {@code BaselineComparison}) into a
 * {@link dev.factored.gate.Verdict}; {@link dev.factored.gate.BaselineUpdate} records a run into a baseline;
 * {@link dev.factored.gate.VerdictOutput} writes the verdict as the console table, check.json and summary.md
 * ({@code TableOutput}, {@code JsonOutput}, {@code MarkdownOutput}, their shared cells {@code Rows}; summary.md is
 * written with {@code Markdown}, the one builder here that escapes Markdown, and the table with the console's
 * {@code ConsoleText}, so neither output calls {@code Untrusted} itself), and
 * {@link dev.factored.gate.CheckOutputs} puts them and the benchmark exports ({@code BenchmarkExports}) into one
 * directory. The other modules use these. The verdict's outputs live here with it: they read the verdict, and the
 * verdict's failure lines share their cells.
 *
 * <p>Packages depend one way, each only on those below it (ArchitectureTest keeps it so):
 * <ol>
 * <li>{@link dev.factored.gate.terms}: what every check shares (subject, status, compared quantity, direction,
 * ratios);</li>
 * <li>{@link dev.factored.gate.rules} (the rules and the busy machine's allowance) and
 * {@link dev.factored.gate.comparison} (the baseline comparison's noise, tests and words), side by side;</li>
 * <li>this package.</li>
 * </ol>
 *
 * <p>May depend on: {@code dev.factored.gate.rules}, {@code dev.factored.gate.comparison},
 * {@code dev.factored.gate.terms}.
 */
package dev.factored.gate;
