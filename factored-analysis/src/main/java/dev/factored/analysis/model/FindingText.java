package dev.factored.analysis.model;

/**
 * How a finding's text carries its caveat, the one spelling rule of analysis.json's {@code text} beside
 * {@code caveat}: the claim, then the caveat in brackets, then the closing period ({@code "At 16 cores idle time may
 * cost 2.1x of the 16x; … (tentative: from a single JVM fork; run 2 or more forks to confirm)."}). The words write it
 * ({@link #text}); only a finding read back from a file, which holds no statement, is read by it ({@link #statement}).
 */
public final class FindingText {

    private FindingText() {
    }

    /** The text of a claim (without its closing period) that carries a caveat. */
    public static String text(String claim, String caveat) {
        return claim + " (" + caveat + ").";
    }

    /** The statement of a claim without its caveat. */
    public static String statement(String claim) {
        return claim + ".";
    }

    /**
     * The statement of a finding read from analysis.json: the text without its bracketed caveat; the text itself
     * when it has no caveat (or was not written by {@link #text}, e.g. by another version).
     */
    static String statement(String text, String caveat) {
        if (text == null || caveat == null) {
            return text;
        }
        String tail = " (" + caveat + ").";
        return text.endsWith(tail) ? statement(text.substring(0, text.length() - tail.length())) : text;
    }
}
