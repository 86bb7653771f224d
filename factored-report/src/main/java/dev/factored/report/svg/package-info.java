/**
 * The drawing surfaces of the charts: {@link dev.factored.report.svg.Svg} (a {@code Graphics2D},
 * {@link dev.factored.report.svg.SvgGraphics} with {@code ShapeGraphics}, writing an
 * {@link dev.factored.report.svg.SvgDocument}) and {@link dev.factored.report.svg.Png}; the report's font,
 * {@link dev.factored.report.svg.ReportFont}, measured from the metrics the report carries ({@code FontTable},
 * {@code FontTableFile}, {@code TableFontMetrics}, {@code TableLineMetrics}) so that no platform font is needed; and
 * {@link dev.factored.report.svg.CssColour}, the colour notation the SVG and the HTML share. Text reaches an SVG
 * document only through its own XML escaping ({@code SvgDocument}). Knows nothing of the analysis or of charts.
 *
 * <p>May depend on: no other package of this module.
 */
package dev.factored.report.svg;
