package dev.factored.gate.terms;

import java.util.Locale;

/** Parses limits and tolerances written as a ratio ({@code 0.8}) or a percentage ({@code 80%}). */
public final class Ratios {

    private Ratios() {
    }

    /**
     * @param text a finite decimal number, optionally followed by {@code %} (blanks allowed around it):
     *             {@code "0.8"}, {@code "80%"}, {@code "-5 %"}, {@code "1e-3"}
     * @param what names the setting in the error message, e.g. {@code "minimum"}
     * @return the ratio, e.g. 0.8 for both {@code "0.8"} and {@code "80%"}
     * @throws IllegalArgumentException naming the setting and the text when it is not such a number
     */
    public static double parse(String text, String what) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException(what + " is empty; write a ratio such as 0.8 or a percentage such as 80%");
        }
        String trimmed = text.trim();
        boolean percent = trimmed.endsWith("%");
        String number = percent ? trimmed.substring(0, trimmed.length() - 1).trim() : trimmed;
        // Double.parseDouble also accepts "NaN", "Infinity", hex and a trailing d/f: allow plain decimals only.
        if (!number.matches("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?")) {
            throw new IllegalArgumentException(what + " \"" + text
                    + "\" is not a number; write a ratio such as 0.8 or a percentage such as 80%");
        }
        double value = Double.parseDouble(number);
        double ratio = percent ? value / 100 : value;
        if (!Double.isFinite(ratio)) {
            throw new IllegalArgumentException(what + " \"" + text + "\" is out of range");
        }
        return ratio;
    }

    /** A ratio as a percentage with up to two decimals, e.g. {@code 80%}, {@code 12.5%}. */
    public static String percent(double ratio) {
        double p = ratio * 100;
        String s = String.format(Locale.ROOT, "%.2f", p);
        s = s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
        return ("-0".equals(s) ? "0" : s) + "%";
    }
}
