package dev.factored.gate.terms;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.measurement.FamilyId;
import dev.factored.contract.CoresValue;
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
 * @param cores     the configuration; null when the result concerns the whole family
 */
public record Subject(String benchmark, Map<String, String> params, String mode, CoresValue cores) {

    public Subject {
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params == null ? Map.of() : params));
    }

    public static Subject of(FamilyAnalysis family, CoresValue cores) {
        return new Subject(family.id().benchmark(), family.id().params(), family.id().mode(), cores);
    }

    /** The family's key. */
    public FamilyId id() {
        return new FamilyId(benchmark, params, mode);
    }

    /** The family's name without the mode, e.g. {@code a.B.sort(size=1000)} ({@link FamilyId#name()}). */
    public String family() {
        return id().name();
    }

    /** The family's name with the mode when it is not the usual {@code avgt} ({@link FamilyId#label()}). */
    public String familyLabel() {
        return id().label();
    }
}
