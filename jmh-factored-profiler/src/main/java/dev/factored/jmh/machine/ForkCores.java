package dev.factored.jmh.machine;

import dev.factored.contract.CoresParam;
import dev.factored.contract.CoresTurn;
import dev.factored.contract.CoresValue;

/**
 * A fork's {@code cores} param, parsed once, here, where its text enters the profiler ({@link #of}): the JMH param (the
 * host's and the fork's trial, the {@code Cores} state, the configurations the rounds runner plans and the further
 * forks it is asked for) and the system property the host hands the fork ({@link CoresValue#PROPERTY}). Everything
 * past that point carries this value: a configuration, a turn ({@link CoresTurn}, e.g. {@code 1+2}), or, for text that
 * names neither, why not; a benchmark without the param is not a factored one, which its holder says in its own words.
 *
 * @param text    the param as given (untrusted); null when there is none
 * @param value   the configuration or configurations in turn it spells; null when absent or not a value
 * @param problem why the text is not a value, naming it and the accepted spellings; null when it is one
 */
public record ForkCores(String text, CoresParam value, String problem) {

    public ForkCores {
        if ((value == null) == (problem == null)) {
            throw new IllegalArgumentException("cores = " + text + " needs either its value or its problem");
        }
    }

    /** The value {@code text} spells, or why it spells none (also when it is null: no {@code cores} param). */
    public static ForkCores of(String text) {
        try {
            return new ForkCores(text, CoresParam.parse(text), null);
        } catch (IllegalArgumentException e) {
            return new ForkCores(text, null, e.getMessage());
        }
    }

    /** A value parsed before, as its canonical spelling gives it. */
    public static ForkCores of(CoresParam value) {
        return new ForkCores(value.toString(), value, null);
    }

    /** Whether the text joins spellings with {@value CoresTurn#JOIN}: a turn, or text that tried to be one. */
    public boolean namesTurn() {
        return CoresTurn.isTurn(text);
    }

    /** The one configuration, or null when the text names none (absent, not a value, or a turn). */
    public CoresValue configuration() {
        return value instanceof CoresValue c ? c : null;
    }

    /** The configurations in turn, or null when the text names none (no {@code +}, or not a turn). */
    public CoresTurn turn() {
        return value instanceof CoresTurn t ? t : null;
    }

    /**
     * The one configuration, for a text that does not {@link #namesTurn}.
     *
     * @throws IllegalArgumentException naming the value and the accepted spellings when it is none
     */
    public CoresValue requireConfiguration() {
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        return (CoresValue) value;
    }

    /**
     * The configurations in turn, for a text that {@link #namesTurn}.
     *
     * @throws IllegalArgumentException naming the value and what is wrong with it when it is no turn
     */
    public CoresTurn requireTurn() {
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        return (CoresTurn) value;
    }
}
