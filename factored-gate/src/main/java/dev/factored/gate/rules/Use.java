package dev.factored.gate.rules;

import java.util.Locale;

/**
 * What of an estimate a {@link Rule} judges.
 *
 * <p>{@link #INTERVAL} (the default) lets noise not fail a healthy build: a minimum fails only when
 * the interval's high bound is below it, i.e. when the data is incompatible with meeting it; a maximum
 * fails only when the interval's low bound is above it. {@link #VALUE} judges the point estimate alone,
 * which is stricter and fails on noise about as often as the true value sits near the limit.
 */
public enum Use {
    INTERVAL("interval"),
    VALUE("value");

    private final String configName;

    Use(String configName) {
        this.configName = configName;
    }

    public String configName() {
        return configName;
    }

    /** {@code interval} or {@code value}, ignoring case; null or blank gives the default {@link #INTERVAL}. */
    public static Use parse(String name) {
        if (name == null || name.isBlank()) {
            return INTERVAL;
        }
        String wanted = name.trim().toLowerCase(Locale.ROOT);
        for (Use u : values()) {
            if (u.configName.equals(wanted)) {
                return u;
            }
        }
        throw new IllegalArgumentException("unknown use \"" + name + "\"; valid: interval (default), value");
    }
}
