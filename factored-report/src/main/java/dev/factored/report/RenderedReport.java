package dev.factored.report;

import java.util.Map;

/**
 * A rendered report: an HTML fragment and the files it refers to.
 *
 * @param bodyHtml an HTML fragment (no {@code <html>} or {@code <head>}) for a Doxia sink's
 *                 {@code rawText}; its CSS is scoped to the class {@code fct-report}
 * @param files    relative path (as referenced from bodyHtml, e.g. {@code factored/x-speedup.png}) →
 *                 content; iteration order is the order of the families
 */
public record RenderedReport(String bodyHtml, Map<String, byte[]> files) {

    public RenderedReport {
        files = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(files));
    }
}
