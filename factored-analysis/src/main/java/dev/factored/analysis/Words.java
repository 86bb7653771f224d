package dev.factored.analysis;

import java.util.List;
import java.util.Locale;

/** Number and list formatting shared by the diagnosis and the warnings. */
final class Words {

    private Words() {
    }

    /** A speedup or loss: one decimal, two significant digits when it is small. */
    static String x(double v) {
        double a = Math.abs(v);
        if (a >= 0.095 || a == 0) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        return String.format(Locale.ROOT, "%.2g", v);
    }

    /** A fraction as a whole percentage, e.g. 0.234 → "23%". */
    static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.0f%%", fraction * 100);
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
