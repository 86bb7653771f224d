package dev.factored.analysis.diagnosis.words;

import dev.factored.analysis.model.finding.FindingText;

/**
 * A finding's sentence in its two forms: stated as fact, and as a possibility for evidence that cannot carry
 * a fact (a single fork, a busy machine). Both are written out where the finding is worded
 * ({@link FindingWords}), never derived by editing one into the other.
 *
 * @param definite  the sentence when the evidence carries it
 * @param tentative the same claim as a possibility, without its closing period (the reason is appended)
 */
public record Wording(String definite, String tentative) {

    public Wording {
        if (definite == null || definite.isEmpty() || tentative == null || tentative.isEmpty()) {
            throw new IllegalArgumentException("a wording needs both forms");
        }
    }

    /**
     * A sentence that claims nothing beyond the measured numbers: the same in both forms.
     *
     * @param claim the sentence without its closing period
     */
    static Wording measured(String claim) {
        return new Wording(FindingText.statement(claim), claim);
    }

    /** The text of a finding: the definite form, or the tentative one followed by why it is tentative. */
    public String text(String tentativeBecause) {
        return tentativeBecause == null ? definite : FindingText.text(tentative, tentativeBecause);
    }

    /** The finding's sentence without its caveat: the definite form, or the tentative one as a sentence. */
    public String statement(boolean tentative) {
        return tentative ? FindingText.statement(this.tentative) : definite;
    }
}
