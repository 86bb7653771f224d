package dev.factored.gate.rules;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.point.Point;
import dev.factored.contract.CoresValue;
import dev.factored.gate.terms.Ratios;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * One limit on one metric for the families it names, modelled on jacoco:check's rules.
 *
 * <p>Matching: {@code benchmarks} is a regular expression searched in the fully qualified benchmark
 * name (like JMH's own include pattern: {@code Sort} matches {@code a.b.Sorts.mergeSort}; anchor with
 * {@code ^…$} for an exact name). Each entry of {@code params} is a regular expression that must match
 * the whole value of that JMH param ({@code 1000} does not match {@code 10000}); a family without that
 * param does not match.
 *
 * <p>Judging: see {@link Use}. With the default {@link Use#INTERVAL}, a minimum fails only when the
 * estimate's interval lies wholly below it, a maximum only when it lies wholly above it.
 *
 * @param benchmarks regular expression searched in the benchmark name
 * @param params     param name → regular expression for its whole value; empty for any params
 * @param cores      the P judged, or null for the largest P measured in each family ({@code max}), valid or
 *                   not ({@link #pointIn}); not used by metrics that do not depend on P ({@link Metric#isPerCores()})
 * @param metric     what is limited
 * @param minimum    the lowest acceptable value as a ratio (0.8 for 80%), or null
 * @param maximum    the highest acceptable value as a ratio, or null
 * @param use        judge the interval (default) or the plain value
 */
public record Rule(
        String benchmarks,
        Map<String, String> params,
        Integer cores,
        Metric metric,
        Double minimum,
        Double maximum,
        Use use) {

    public Rule {
        Objects.requireNonNull(metric, "metric");
        benchmarks = benchmarks == null || benchmarks.isBlank() ? ".*" : benchmarks.trim();
        compile(benchmarks, "benchmarks");
        Map<String, String> copy = new LinkedHashMap<>();
        if (params != null) {
            for (Map.Entry<String, String> e : params.entrySet()) {
                if (e.getKey() == null || e.getKey().isBlank()) {
                    throw new IllegalArgumentException("a params filter has an empty param name");
                }
                String value = e.getValue() == null ? "" : e.getValue().trim();
                compile(value, "params filter " + e.getKey());
                copy.put(e.getKey().trim(), value);
            }
        }
        params = Collections.unmodifiableMap(copy);
        if (cores != null && cores < 1) {
            throw new IllegalArgumentException("cores " + cores + " is not valid; write a positive integer or max");
        }
        if (minimum == null && maximum == null) {
            throw new IllegalArgumentException("a rule on " + metric.configName() + " needs a minimum or a maximum");
        }
        if (minimum != null && !Double.isFinite(minimum) || maximum != null && !Double.isFinite(maximum)) {
            throw new IllegalArgumentException("the limits of a rule on " + metric.configName() + " must be finite");
        }
        if (minimum != null && maximum != null && minimum > maximum) {
            throw new IllegalArgumentException("the minimum " + minimum + " of a rule on " + metric.configName()
                    + " is larger than its maximum " + maximum);
        }
        use = use == null ? Use.INTERVAL : use;
    }

    /**
     * The validating factory for configuration text (e.g. a Maven {@code <rule>}). Every error names
     * the setting and the text that is wrong.
     *
     * @param benchmarks regular expression; null or blank for every benchmark
     * @param params     param name → regular expression for the whole value; null for any
     * @param cores      a positive integer, or {@code max} (also when null or blank)
     * @param metric     a {@link Metric} configuration name, e.g. {@code efficiency}
     * @param minimum    {@code 0.8} or {@code 80%}; null or blank for none
     * @param maximum    same form; null or blank for none
     * @param use        {@code interval} (default when null or blank) or {@code value}
     */
    public static Rule of(String benchmarks, Map<String, String> params, String cores, String metric,
                          String minimum, String maximum, String use) {
        try {
            return new Rule(benchmarks, params, parseCores(cores), Metric.parse(metric),
                    blank(minimum) ? null : Ratios.parse(minimum, "minimum"),
                    blank(maximum) ? null : Ratios.parse(maximum, "maximum"),
                    Use.parse(use));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("invalid factored rule (benchmarks=" + quote(benchmarks)
                    + ", metric=" + quote(metric) + "): " + e.getMessage(), e);
        }
    }

    /**
     * A number of workers by the one {@code cores} spelling rule of {@link CoresValue}, or null for
     * {@code max}, the largest P measured in each family (also for null or blank text).
     */
    public static Integer parseCores(String text) {
        if (blank(text) || "max".equals(text.trim().toLowerCase(Locale.ROOT))) {
            return null;
        }
        CoresValue value;
        try {
            value = CoresValue.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage() + "; a rule also takes max");
        }
        if (!value.isParallel()) {
            throw new IllegalArgumentException("cores \"" + text + "\": a rule judges a parallel configuration; "
                    + "write a positive number of workers or max");
        }
        return value.workers();
    }

    /** Whether this rule names the family (by benchmark name and params). */
    public boolean matches(FamilyAnalysis family) {
        if (!Pattern.compile(benchmarks).matcher(family.id().benchmark()).find()) {
            return false;
        }
        for (Map.Entry<String, String> filter : params.entrySet()) {
            String value = family.id().params().get(filter.getKey());
            if (value == null || !Pattern.compile(filter.getValue()).matcher(value).matches()) {
                return false;
            }
        }
        return true;
    }

    /**
     * The point this rule is judged at in the family: the one at its own P, or for {@code max} the largest P the run
     * measured, valid or not. Never another P in its place: a limit written for P = 2 says nothing about P = 1, so
     * when the rule's P is not valid on this run (a CPU taken by another process, oversubscribed) the rule is not
     * judged, rather than judged at the largest P that happens to be valid. Null when that P was not measured.
     */
    Point pointIn(FamilyAnalysis family) {
        return cores == null ? family.largestPoint() : family.point(cores);
    }

    /** {@code max} or the number, as written in configuration. */
    public String coresLabel() {
        return cores == null ? "max" : cores.toString();
    }

    /** One line naming the rule, e.g. {@code efficiency >= 80% at cores=max for /Sort/ (size=1000)}. */
    public String describe() {
        StringBuilder sb = new StringBuilder(metric.configName()).append(' ').append(Formats.limit(this));
        if (metric.isPerCores()) {
            sb.append(" at cores=").append(coresLabel());
        }
        sb.append(" for /").append(benchmarks).append('/');
        if (!params.isEmpty()) {
            sb.append(' ').append(params);
        }
        if (use == Use.VALUE) {
            sb.append(" (plain value)");
        }
        return sb.toString();
    }

    private static void compile(String regex, String what) {
        try {
            Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException(what + " \"" + regex + "\" is not a valid regular expression: "
                    + e.getDescription(), e);
        }
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    private static String quote(String s) {
        return s == null ? "null" : "\"" + s + "\"";
    }
}
