package dev.factored.analysis.input;

import dev.factored.contract.CoresParam;
import dev.factored.contract.CoresTurn;
import dev.factored.contract.CoresValue;
import java.util.Map;

/**
 * A {@code cores} value parsed here, where its text enters the analysis: the param of an entry of JMH's JSON
 * ({@link EntryCores}, read once per entry), of a trial in an activity file, and the configurations of an
 * analysis.json read back. No other class of the analysis calls the contract's parse; every later step carries the
 * value.
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
     * The configurations in turn {@code text} names.
     *
     * @throws IllegalArgumentException naming the value and what is wrong with it
     */
    public static CoresTurn turn(String text) {
        return CoresTurn.parse(text);
    }

    /**
     * The configuration or configurations in turn {@code text} names: a turn where it joins spellings with
     * {@value CoresTurn#JOIN}, else one configuration.
     *
     * @throws IllegalArgumentException naming the value and what is wrong with it
     */
    static CoresParam param(String text) {
        return CoresParam.parse(text);
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
}
