package dev.factored.cli;

import dev.factored.gate.Rule;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * One {@code --rule}: the fields of the plugin's {@code <rule>} as {@code name=value} pairs separated by
 * {@code ;} (a regular expression may hold commas), a param's regex as {@code params.<name>=<regex>}, e.g.
 * {@code benchmarks=MergeSort;params.size=200000;metric=efficiency;minimum=50%}.
 */
final class RuleSpec {

    private static final Set<String> FIELDS = Set.of("benchmarks", "cores", "metric", "minimum", "maximum", "use");

    private RuleSpec() {
    }

    /** @throws IllegalArgumentException the text names an unknown field or a value {@link Rule#of} refuses */
    static Rule parse(String text) {
        Map<String, String> fields = new LinkedHashMap<>();
        Map<String, String> params = new LinkedHashMap<>();
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
                params.put(name.substring("params.".length()), value);
            } else if (FIELDS.contains(name)) {
                fields.put(name, value);
            } else {
                throw new IllegalArgumentException("unknown field '" + name + "' (expected one of " + FIELDS
                        + " or params.<name>)");
            }
        }
        return Rule.of(fields.get("benchmarks"), params.isEmpty() ? null : params, fields.get("cores"),
                fields.get("metric"), fields.get("minimum"), fields.get("maximum"), fields.get("use"));
    }
}
