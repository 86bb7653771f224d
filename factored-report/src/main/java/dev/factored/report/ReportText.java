package dev.factored.report;

import dev.factored.analysis.model.FamilyAnalysis;
import java.util.Map;

/** Short texts shared by the charts and the HTML (all plain text: the caller sanitises, see Untrusted). */
final class ReportText {

    private ReportText() {
    }

    /** {@code dev.example.SortBench.sort} → {@code SortBench.sort}. */
    static String shortName(String benchmark) {
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
    static String params(FamilyAnalysis family) {
        Map<String, String> params = family.params();
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
    static String title(FamilyAnalysis family) {
        String params = params(family);
        return params.isEmpty() ? shortName(family.benchmark()) : shortName(family.benchmark()) + " (" + params + ")";
    }

    /**
     * Text that fits a chart title: long names are cut with an ellipsis, never between the two halves
     * of a surrogate pair (an emoji stays whole or goes whole).
     */
    static String abbreviate(String text, int max) {
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
