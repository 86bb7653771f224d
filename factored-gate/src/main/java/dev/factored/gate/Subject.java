package dev.factored.gate;

import dev.factored.analysis.FamilyAnalysis;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one result is about: a family (benchmark + params + mode) and, where it applies, one of its
 * configurations.
 *
 * @param benchmark the fully qualified benchmark method name
 * @param params    the JMH params without {@code cores}
 * @param mode      the JMH mode, e.g. {@code avgt}
 * @param cores     the configuration: {@code baseline}, {@code elision} or P as a number; null when the
 *                  result concerns the whole family
 */
public record Subject(String benchmark, Map<String, String> params, String mode, String cores) {

    public Subject {
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params == null ? Map.of() : params));
    }

    static Subject of(FamilyAnalysis family, String cores) {
        return new Subject(family.benchmark(), family.params(), family.mode(), cores);
    }

    /** The family id as {@link FamilyAnalysis#id()} writes it, e.g. {@code a.B.sort(size=1000)}. */
    public String family() {
        if (params.isEmpty()) {
            return benchmark;
        }
        StringBuilder sb = new StringBuilder(benchmark).append('(');
        String sep = "";
        for (Map.Entry<String, String> e : params.entrySet()) {
            sb.append(sep).append(e.getKey()).append('=').append(e.getValue());
            sep = ", ";
        }
        return sb.append(')').toString();
    }

    /** The family id, with the mode appended when it is not the usual {@code avgt}. */
    public String familyLabel() {
        return "avgt".equals(mode) || mode == null ? family() : family() + " [" + mode + "]";
    }
}
