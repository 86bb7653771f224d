/**
 * The presentation room's entry points: {@link dev.factored.report.FactoredReport} turns an analysis into an HTML
 * report with charts, a {@link dev.factored.report.RenderedReport} (the page's fragment and its image files), in an
 * {@link dev.factored.report.ImageFormat}; {@code SafeNames} derives the file names and anchors from untrusted
 * benchmark names. Only these two public classes are used by the other modules. Reads nothing but the analysis
 * records.
 *
 * <p>Packages depend one way, each only on those below it (ArchitectureTest keeps it so):
 * <ol>
 * <li>{@link dev.factored.report.svg}: the drawing surfaces (SVG and PNG) and the font metrics the report carries;</li>
 * <li>{@link dev.factored.report.charts}: the JFreeChart charts and their one palette;</li>
 * <li>{@link dev.factored.report.html}: the HTML builder that escapes by construction, and the sections and tables
 * written with it;</li>
 * <li>this package.</li>
 * </ol>
 *
 * <p>May depend on: {@code dev.factored.report.html}, {@code dev.factored.report.charts},
 * {@code dev.factored.report.svg}.
 */
package dev.factored.report;
