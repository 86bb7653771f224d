package dev.factored.text;

/** Sentence-level cuts of the diagnosis's texts, for one-line summaries (the report's table, summary.md). */
public final class Sentences {

    private Sentences() {
    }

    /** Up to and including the first ". " (a sentence end followed by more text), else the whole text; "" for null. */
    public static String first(String text) {
        if (text == null) {
            return "";
        }
        int end = text.indexOf(". ");
        return end < 0 ? text : text.substring(0, end + 1);
    }
}
