package dev.factored.jmh.machine;

import dev.factored.contract.CoresValue;

/**
 * A fork's {@code cores} configuration, parsed here where its text enters the profiler: the JMH param (in the host, in
 * the fork, in the results the rounds runner reads) and the system property the host hands the fork
 * ({@link CoresValue#PROPERTY}). Everything past this point carries the value.
 */
public final class ForkCores {

    private ForkCores() {
    }

    /**
     * The configuration {@code text} names.
     *
     * @throws IllegalArgumentException naming the value and the accepted spellings, also when it is null
     */
    public static CoresValue read(String text) {
        return CoresValue.parse(text);
    }

    /** The configuration {@code text} names, or null when it is null or names none (not a factored benchmark). */
    public static CoresValue orNull(String text) {
        if (text == null) {
            return null;
        }
        try {
            return read(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
