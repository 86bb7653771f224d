package dev.factored.report.charts;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.text.Untrusted;
import java.util.Map;

/**
 * Short texts shared by the charts and the HTML, all plain text: the HTML escapes them as it writes them
 * ({@code dev.factored.report.html.Html}), a chart makes what it draws one safe line ({@link #drawn}).
 */
public final class ReportText {

    private ReportText() {
    }

    /**
     * Untrusted text a chart draws (a title, an axis label): one line with no control, bidirectional or invisible
     * characters ({@link Untrusted#console}), made before the chart measures it so that the measured width is that of
     * the text shown. The SVG surface then escapes it for XML.
     */
    public static String drawn(String text) {
        return Untrusted.console(text);
    }

    /** {@code dev.example.SortBench.sort} → {@code SortBench.sort}. */
    public static String shortName(String benchmark) {
        if (benchmark == null || benchmark.isEmpty()) {
            return "(unnamed benchmark)";
        }
        int last = benchmark.lastIndexOf('.');
        if (last <= 0) {
            return benchmark;
        }
        int previous = benchmark.lastIndexOf('.', last - 1);
        return benchmark.substring(previous + 1);
    }

    /** {@code size=1000, cutoff=200}, or empty. */
    public static String params(FamilyAnalysis family) {
        Map<String, String> params = family.id().params();
        if (params == null || params.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, String> e : params.entrySet()) {
            if (sb.length() > 0) {
                sb.append(", ");
            }
            sb.append(e.getKey()).append('=').append(e.getValue());
        }
        return sb.toString();
    }

    /** {@code SortBench.sort (size=1000)}; for chart titles. */
    public static String title(FamilyAnalysis family) {
        String params = params(family);
        return params.isEmpty() ? shortName(family.id().benchmark()) : shortName(family.id().benchmark()) + " ("
                + params + ")";
    }

    /**
     * Text that fits a chart title: long names are cut with an ellipsis, never between the two halves
     * of a surrogate pair (an emoji stays whole or goes whole).
     */
    public static String abbreviate(String text, int max) {
        if (text.length() <= max) {
            return text;
        }
        int end = max - 1;
        if (Character.isHighSurrogate(text.charAt(end - 1)) && Character.isLowSurrogate(text.charAt(end))) {
            end--;
        }
        return text.substring(0, end) + "…";
    }
}
