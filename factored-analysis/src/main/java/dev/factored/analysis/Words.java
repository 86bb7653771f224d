package dev.factored.analysis;

import dev.factored.text.Numbers;
import java.util.List;

/**
 * Number and list formatting shared by the diagnosis and the warnings. The numbers come from the one
 * formatter, {@link Numbers} (rounding, locale, non-finite values); the prose keeps its shorter
 * precision, one decimal for speedups and whole percentages.
 */
final class Words {

    private Words() {
    }

    /** A speedup or loss: one decimal, two significant digits when it is small. */
    static String x(double v) {
        double a = Math.abs(v);
        return a >= 0.095 || a == 0 || !Double.isFinite(v) ? Numbers.fixed(v, 1) : Numbers.significant(v, 2, true);
    }

    /** A fraction as a whole percentage, e.g. 0.234 → "23%". */
    static String percent(double fraction) {
        return Numbers.fixed(fraction * 100, 0) + "%";
    }

    static String cores(int p) {
        return p == 1 ? "1 core" : p + " cores";
    }

    /** "a", "a and b", "a, b and c". */
    static String and(List<String> items) {
        if (items.size() <= 1) {
            return items.isEmpty() ? "" : items.get(0);
        }
        return String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.get(items.size() - 1);
    }
}
