/**
 * The report's HTML: the summary table, a family's section ({@link dev.factored.report.html.FamilySection}: its
 * diagnosis, charts with their "how to read this" texts ({@code Explanations}), tables of times, components, idle
 * split, profile, scaling models, projection and environment), the sweeps, and the CSS. Reads the analysis records and
 * the charts' names and colours; draws nothing.
 *
 * <p>May depend on: {@code dev.factored.report.charts}, {@code dev.factored.report.svg}.
 */
package dev.factored.report.html;
