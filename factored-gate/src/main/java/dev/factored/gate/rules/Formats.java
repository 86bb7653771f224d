package dev.factored.gate.rules;

import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.gate.terms.Compared;
import dev.factored.gate.terms.Ratios;
import dev.factored.gate.terms.Subject;
import dev.factored.text.Numbers;

/**
 * The gate's number and label formats, shared by the reasons (check.json text fields) and the three
 * outputs. Numbers come from the one formatter, {@link Numbers}, so a speedup, a time, a percentage
 * and a change read here as they do in the report; what is the gate's own (a metric shown by its kind,
 * a rule's exact limit, a subject's label) is built on it here.
 */
public final class Formats {

    private Formats() {
    }

    /** A metric's number: a percentage for shares and overheads ({@code 62.5%}), else a speedup ({@code 2.50x}). */
    public static String metric(Metric metric, double v) {
        return metric.isFraction() ? Numbers.percent(v) : Numbers.speedup(v);
    }

    /** A metric's interval in the metric's form, the unit written once after the value: {@code [60.1, 65.0]}. */
    public static String interval(Metric metric, Estimate e) {
        return metric.isFraction() ? Numbers.percentBounds(e) : Numbers.speedupBounds(e);
    }

    /** A rule's limit, e.g. {@code >= 80%}, {@code <= 0.5}, {@code >= 2, <= 4}. Exact, not rounded. */
    public static String limit(Rule rule) {
        String min = rule.minimum() == null ? null : ">= " + limitValue(rule.metric(), rule.minimum());
        String max = rule.maximum() == null ? null : "<= " + limitValue(rule.metric(), rule.maximum());
        return min == null ? max : max == null ? min : min + ", " + max;
    }

    /** A limit as configured: exact (not rounded to significant digits), a percentage for fractions. */
    static String limitValue(Metric metric, double v) {
        if (metric.isFraction()) {
            return Ratios.percent(v);
        }
        String s = Double.toString(v);
        return s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
    }

    /** A ratio current/baseline as a signed change, e.g. {@code +20.0%} for 1.2. */
    public static String change(double ratio) {
        return Numbers.change(ratio);
    }

    /** The interval of a change, e.g. {@code [+10.0, +30.0]}. */
    public static String changeInterval(Estimate ratio) {
        return Numbers.changeBounds(ratio);
    }

    /** A compared quantity's number: a time in its unit ({@code 12.3 µs}) or a speedup ({@code 2.50x}). */
    public static String compared(Compared compared, double v) {
        return compared == Compared.TIME ? Numbers.time(v) : Numbers.speedup(v);
    }

    /** {@code family @ cores=4}, or the family alone. */
    public static String subjectLabel(Subject subject) {
        return subject.cores() == null ? subject.familyLabel() : subject.familyLabel() + " @ cores=" + subject.cores();
    }
}
