package dev.factored.gate;

import dev.factored.analysis.Estimate;
import java.util.Locale;

/** Number and label formatting shared by the reasons and the three outputs. ASCII only. */
final class Formats {

    private Formats() {
    }

    /** A metric's number: a percentage for shares and overheads, else a plain number. */
    static String metric(Metric metric, double v) {
        return metric.isFraction() ? percent(v) : number(v);
    }

    /** {@code value [low, high]} in the metric's form. */
    static String metricWithInterval(Metric metric, Estimate e) {
        return metric(metric, e.value()) + " " + interval(metric, e);
    }

    static String interval(Metric metric, Estimate e) {
        return "[" + metric(metric, e.low()) + ", " + metric(metric, e.high()) + "]";
    }

    /** A rule's limit, e.g. {@code >= 80%}, {@code <= 0.5}, {@code >= 2, <= 4}. Exact, not rounded. */
    static String limit(Rule rule) {
        String min = rule.minimum() == null ? null : ">= " + limitValue(rule.metric(), rule.minimum());
        String max = rule.maximum() == null ? null : "<= " + limitValue(rule.metric(), rule.maximum());
        return min == null ? max : max == null ? min : min + ", " + max;
    }

    static String limitValue(Metric metric, double v) {
        if (metric.isFraction()) {
            return Ratios.percent(v);
        }
        String s = Double.toString(v);
        return s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
    }

    /** About three significant digits; exponent form only below 0.01 (e.g. {@code 4.00e-03}). */
    static String number(double v) {
        if (!Double.isFinite(v)) {
            return Double.isNaN(v) ? "NaN" : v > 0 ? "+inf" : "-inf";
        }
        double a = Math.abs(v);
        String pattern = a >= 100 ? "%.0f" : a >= 10 ? "%.1f" : a >= 1 ? "%.2f" : a >= 0.01 || a == 0 ? "%.3f" : "%.2e";
        return String.format(Locale.ROOT, pattern, v);
    }

    /** A ratio as a percentage with one decimal, e.g. {@code 85.2%}. */
    static String percent(double v) {
        if (!Double.isFinite(v)) {
            return number(v);
        }
        double p = v * 100;
        return String.format(Locale.ROOT, Math.abs(p) >= 100 ? "%.0f%%" : "%.1f%%", p);
    }

    /** A ratio current/baseline as a signed change, e.g. {@code +20.0%} for 1.2. */
    static String change(double ratio) {
        if (!Double.isFinite(ratio)) {
            return number(ratio);
        }
        double p = (ratio - 1) * 100;
        return String.format(Locale.ROOT, Math.abs(p) >= 100 ? "%+.0f%%" : "%+.1f%%", p);
    }

    static String changeInterval(Estimate ratio) {
        return "[" + change(ratio.low()) + ", " + change(ratio.high()) + "]";
    }

    /** Seconds per operation in the largest unit that keeps the number at or above 1, e.g. {@code 12.3 us}. */
    static String time(double seconds) {
        if (!Double.isFinite(seconds)) {
            return number(seconds);
        }
        double a = Math.abs(seconds);
        if (a >= 1 || a == 0) {
            return number(seconds) + " s";
        }
        if (a >= 1e-3) {
            return number(seconds * 1e3) + " ms";
        }
        if (a >= 1e-6) {
            return number(seconds * 1e6) + " us";
        }
        return number(seconds * 1e9) + " ns";
    }

    /** A compared quantity's number: a time with its unit, or a plain speedup. */
    static String compared(Compared compared, double v) {
        return compared == Compared.TIME ? time(v) : number(v);
    }

    /**
     * Whether a character of untrusted text (benchmark names, params) must not reach a log or a page as
     * it is: control characters (terminal escapes, line breaks), format characters (bidirectional
     * overrides that show text in another order than it is read, zero-width characters) and the Unicode
     * line and paragraph separators.
     */
    static boolean unsafe(char c) {
        int type = Character.getType(c);
        return Character.isISOControl(c) || type == Character.FORMAT || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR;
    }

    /** {@code family @ cores=4}, or the family alone. */
    static String subjectLabel(Subject subject) {
        return subject.cores() == null ? subject.familyLabel() : subject.familyLabel() + " @ cores=" + subject.cores();
    }
}
