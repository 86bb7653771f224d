/**
 * The report's HTML: {@link dev.factored.report.html.Html}, the one builder that writes it and escapes every text and
 * attribute value it is given (the only place here that calls {@code Untrusted.html}), and the parts written with it:
 * the summary table, a family's section ({@link dev.factored.report.html.FamilySection}: its
 * diagnosis, charts with their "how to read this" texts ({@code Explanations}), tables of times, components, idle
 * split, profile, scaling models, projection and environment), the sweeps, and the CSS. Reads the analysis records and
 * the charts' names and colours; draws nothing.
 *
 * <p>May depend on: {@code dev.factored.report.charts}, {@code dev.factored.report.svg}.
 */
package dev.factored.report.html;
