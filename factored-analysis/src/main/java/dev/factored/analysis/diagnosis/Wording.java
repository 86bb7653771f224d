package dev.factored.analysis.diagnosis;

/**
 * A finding's sentence in its two forms: stated as fact, and as a possibility for evidence that cannot carry
 * a fact (a single fork, a busy machine). Both are written out where the finding is worded
 * ({@link FindingWords}), never derived by editing one into the other.
 *
 * @param definite  the sentence when the evidence carries it
 * @param tentative the same claim as a possibility, without its closing period (the reason is appended)
 */
record Wording(String definite, String tentative) {

    Wording {
        if (definite == null || definite.isEmpty() || tentative == null || tentative.isEmpty()) {
            throw new IllegalArgumentException("a wording needs both forms");
        }
    }

    /** A sentence that claims nothing beyond the measured numbers: the same in both forms. */
    static Wording measured(String sentence) {
        return new Wording(sentence, sentence.endsWith(".") ? sentence.substring(0, sentence.length() - 1) : sentence);
    }

    /** The text of a finding: the definite form, or the tentative one followed by why it is tentative. */
    String text(String tentativeBecause) {
        return tentativeBecause == null ? definite : tentative + " (" + tentativeBecause + ").";
    }
}
