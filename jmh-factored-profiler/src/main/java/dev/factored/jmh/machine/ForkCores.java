package dev.factored.jmh.machine;

import dev.factored.contract.CoresTurn;
import dev.factored.contract.CoresValue;

/**
 * A fork's {@code cores} configuration, parsed here where its text enters the profiler: the JMH param (in the host, in
 * the fork, in the results the rounds runner reads) and the system property the host hands the fork
 * ({@link CoresValue#PROPERTY}). Everything past this point carries the value. A turn ({@link CoresTurn}, e.g.
 * {@code 1+2}) is no one configuration: {@link #read} refuses it, {@link #orNull} answers null, {@link #turnOrNull}
 * reads it.
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

    /** The turn {@code text} names, or null when it names none (no {@code +}, or a member that cannot be in one). */
    public static CoresTurn turnOrNull(String text) {
        if (!CoresTurn.isTurn(text)) {
            return null;
        }
        try {
            return CoresTurn.parse(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
