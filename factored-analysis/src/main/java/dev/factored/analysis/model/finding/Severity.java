package dev.factored.analysis.model.finding;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * How much a finding matters, from its evidence: the share of the ideal speedup P that the loss it names
 * takes ({@link #of}). {@code info} is for findings that are not losses (good scaling, a gain).
 */
public enum Severity {
    /** A quarter of the ideal speedup or more. */
    MAJOR,
    /** A tenth or more. */
    MODERATE,
    /** Less. */
    MINOR,
    /** Not a loss. */
    INFO,
    /** Not about the program: what limits trust in the numbers (a missing configuration, a busy machine). */
    WARNING;

    static final double MAJOR_SHARE = 0.25;
    static final double MODERATE_SHARE = 0.10;

    /** The severity of a loss that takes {@code share} of the ideal speedup. */
    public static Severity of(double share) {
        return share >= MAJOR_SHARE ? MAJOR : share >= MODERATE_SHARE ? MODERATE : MINOR;
    }

    @JsonValue
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    static Severity ofId(String id) {
        for (Severity s : values()) {
            if (s.id().equals(id)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown severity \"" + id + "\"; expected major, moderate, minor, info or warning");
    }
}
