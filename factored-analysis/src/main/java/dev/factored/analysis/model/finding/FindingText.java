package dev.factored.analysis.model.finding;

/**
 * How a finding's text carries its caveat, the one spelling rule of analysis.json's {@code text} beside
 * {@code caveat}: the claim, then the caveat in brackets, then the closing period ({@code "At 16 cores idle time may
 * cost 2.1x of the 16x; … (tentative: from a single JVM fork; run 2 or more forks to confirm)."}). The words write it
 * ({@link #text}) beside the statement, which analysis.json carries too: nothing takes a text apart.
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
}
