package dev.factored.contract;

import java.util.List;

/**
 * A value of JMH's {@value CoresValue#PARAM} param: what one fork runs, one configuration ({@link CoresValue}) or
 * configurations in turn ({@link CoresTurn}, e.g. {@code 1+2}). {@link #toString()} is its spelling in the param.
 * Parsed once where the text enters (the user's list, JMH's JSON, a fork's property); past that the value travels.
 */
public sealed interface CoresParam permits CoresValue, CoresTurn {

    /**
     * The value {@code text} spells: a turn where it joins configurations with {@value CoresTurn#JOIN}, else one.
     *
     * @throws IllegalArgumentException naming the value and what is wrong with it
     */
    static CoresParam parse(String text) {
        return CoresTurn.isTurn(text) ? CoresTurn.parse(text) : CoresValue.parse(text);
    }

    /** The configurations a fork of this value measures: itself, or the turn's members in {@link CoresValue#ORDER}. */
    List<CoresValue> configurations();

    /** The values spelt as JMH's param takes them, e.g. {@code baseline,1+2}. */
    static String spelling(List<? extends CoresParam> values) {
        return String.join(",", values.stream().map(CoresParam::toString).toList());
    }
}
