package dev.factored.analysis.input;

import dev.factored.contract.CoresValue;
import java.util.Map;

/**
 * A {@code cores} value parsed here, where its text enters the analysis: the param of an entry of JMH's JSON or of a
 * trial in an activity file, and the configurations of an analysis.json read back. Every later step carries the value.
 */
public final class CoresText {

    private CoresText() {
    }

    /**
     * The configuration {@code text} names.
     *
     * @throws IllegalArgumentException naming the value and the accepted spellings
     */
    public static CoresValue read(String text) {
        return CoresValue.parse(text);
    }

    /**
     * The configuration these params name, or null when they have no {@code cores} param.
     *
     * @throws IllegalArgumentException naming the value when it is not a configuration
     */
    public static CoresValue of(Map<String, String> params) {
        String text = params.get(CoresValue.PARAM);
        return text == null ? null : read(text);
    }

    /** As {@link #of}, but null too when the value is not a configuration (the analysis names it later). */
    public static CoresValue orNull(Map<String, String> params) {
        try {
            return of(params);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
