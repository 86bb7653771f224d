/**
 * The report's charts, built with JFreeChart from the analysis records: the factored speedup chart
 * ({@link dev.factored.report.charts.SpeedupChart}, with its bands, fitted curves and topology markers), the
 * components, factors, timeline and sweep charts, their shared look ({@code Charts}, {@code CoresAxis}) and the one
 * {@link dev.factored.report.charts.Palette}; also {@link dev.factored.report.charts.ReportText}, the short plain
 * texts (names, params, titles) the charts and the HTML share. Untrusted text drawn in a chart is made one safe line
 * first ({@link dev.factored.report.charts.ReportText#drawn}); nothing here writes HTML.
 *
 * <p>May depend on: {@code dev.factored.report.svg}.
 */
package dev.factored.report.charts;
