package dev.factored.gate;

import dev.factored.analysis.FamilyAnalysis;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
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
        // FamilyAnalysis.id() is the one definition of the id; it reads only benchmark and params
        return new FamilyAnalysis(benchmark, params, mode, null, null, null, List.of(), List.of(), List.of(), null,
                List.of()).id();
    }

    /** The family id, with the mode appended when it is not the usual {@code avgt}. */
    public String familyLabel() {
        return "avgt".equals(mode) || mode == null ? family() : family() + " [" + mode + "]";
    }
}
