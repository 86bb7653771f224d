package dev.factored.analysis.input;

import dev.factored.contract.CoresParam;
import dev.factored.contract.CoresTurn;
import dev.factored.contract.CoresValue;
import java.util.Map;

/**
 * The {@code cores} param of one entry of JMH's JSON, parsed once, where the entry's params are read ({@link #of}):
 * the value it spells, or what is wrong with its text. A bad value is kept rather than thrown so that reading goes on
 * as before: the split of a turn ({@link TurnEntries}) and the grouping into families name it with the entry, and a
 * merge of result files leaves the entry apart as written.
 *
 * @param text    the param as JMH wrote it (untrusted); null when the entry has no {@code cores} param
 * @param value   the configuration or configurations in turn it spells; null when absent or not a value
 * @param problem why the text is not a value, naming it and the accepted spellings; null otherwise
 */
public record EntryCores(String text, CoresParam value, String problem) {

    /** An entry without a {@code cores} param. */
    public static final EntryCores NONE = new EntryCores(null, null, null);

    public EntryCores {
        if (text == null ? value != null || problem != null : (value == null) == (problem == null)) {
            throw new IllegalArgumentException("cores = " + text + " needs either its value or its problem");
        }
    }

    /** The {@code cores} param of these params, parsed; {@link #NONE} when there is none. */
    public static EntryCores of(Map<String, String> params) {
        String text = params.get(CoresValue.PARAM);
        if (text == null) {
            return NONE;
        }
        try {
            return new EntryCores(text, CoresText.param(text), null);
        } catch (IllegalArgumentException e) {
            return new EntryCores(text, null, e.getMessage());
        }
    }

    /** The entry of one member of a turn: the member, spelt canonically as its params now say. */
    static EntryCores member(CoresValue member) {
        return new EntryCores(member.toString(), member, null);
    }

    /**
     * The configurations in turn the text names, or null when it names none (it joins no spellings with
     * {@value CoresTurn#JOIN}).
     *
     * @throws IllegalArgumentException naming the value when it joins spellings but is not a turn
     */
    public CoresTurn turn() {
        if (!CoresTurn.isTurn(text)) {
            return null;
        }
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        return (CoresTurn) value;
    }

    /**
     * The one configuration the text names, or null when there is no {@code cores} param.
     *
     * @throws IllegalArgumentException naming the value when it is not one configuration
     */
    public CoresValue configuration() {
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        if (value instanceof CoresTurn) {
            // the reader splits every turn into its members (TurnEntries): only an entry built around it gets here
            throw new IllegalArgumentException("cores = \"" + text + "\" is configurations in turn, not one "
                    + "configuration: split it into its members first");
        }
        return (CoresValue) value;
    }
}
