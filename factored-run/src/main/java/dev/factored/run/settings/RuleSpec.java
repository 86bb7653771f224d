package dev.factored.run.settings;

import dev.factored.gate.rules.Rule;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * One rule of the gate as a front end received it: the fields of the Maven {@code <rule>}, or of a CLI {@code --rule}
 * written as {@code name=value} pairs separated by {@code ;} (a regular expression may hold commas), a param's regex
 * as {@code params.<name>=<regex>}, e.g. {@code benchmarks=MergeSort;params.size=200000;metric=efficiency;minimum=50%}.
 *
 * @param text the rule as written on a command line, or null (given field by field)
 */
public record RuleSpec(String text, String benchmarks, Map<String, String> params, String cores, String metric,
                       String minimum, String maximum, String use) {

    private static final Set<String> FIELDS = Set.of("benchmarks", "cores", "metric", "minimum", "maximum", "use");

    /** A rule given field by field, as the POM's {@code <rule>}. */
    public static RuleSpec of(String benchmarks, Map<String, String> params, String cores, String metric,
                              String minimum, String maximum, String use) {
        return new RuleSpec(null, benchmarks, params, cores, metric, minimum, maximum, use);
    }

    /**
     * A rule written as {@code name=value;…}; its fields are checked when the rule is made ({@link #toRule()}).
     */
    public static RuleSpec parse(String text) {
        return new RuleSpec(text, null, null, null, null, null, null, null);
    }

    /** @throws IllegalArgumentException the text names an unknown field, or a value {@link Rule#of} refuses */
    Rule toRule() {
        if (text == null) {
            return Rule.of(benchmarks, params, cores, metric, minimum, maximum, use);
        }
        Map<String, String> fields = new LinkedHashMap<>();
        Map<String, String> byParam = new LinkedHashMap<>();
        for (String pair : text.split(";")) {
            if (pair.isBlank()) {
                continue;
            }
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("'" + pair + "' is not name=value");
            }
            String name = pair.substring(0, eq).trim();
            String value = pair.substring(eq + 1).trim();
            if (name.startsWith("params.") && name.length() > "params.".length()) {
                byParam.put(name.substring("params.".length()), value);
            } else if (FIELDS.contains(name)) {
                fields.put(name, value);
            } else {
                throw new IllegalArgumentException("unknown field '" + name + "' (expected one of " + FIELDS
                        + " or params.<name>)");
            }
        }
        return Rule.of(fields.get("benchmarks"), byParam.isEmpty() ? null : byParam, fields.get("cores"),
                fields.get("metric"), fields.get("minimum"), fields.get("maximum"), fields.get("use"));
    }
}
