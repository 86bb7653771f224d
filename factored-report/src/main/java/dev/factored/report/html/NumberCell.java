package dev.factored.report.html;

import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.text.Numbers;
import java.util.function.Function;

/**
 * A table cell's number and whether it was measured: a cell is greyed by that fact, never by reading its words back.
 *
 * @param text     what the cell shows (a number with its interval, or the words for a missing one)
 * @param measured whether the number was measured (and complete): false greys the cell
 */
record NumberCell(String text, boolean measured) {

    /** Marks an estimate whose interval rests on a configuration measured in a single fork. */
    static final String SINGLE_FORK_MARK = "\u2020";

    /** An estimate in the given format, marked where it rests on a single fork; not measured where null. */
    static NumberCell of(Estimate e, Function<Estimate, String> format) {
        String text = format.apply(e);
        return new NumberCell(e != null && e.singleFork() ? text + " " + SINGLE_FORK_MARK : text, e != null);
    }

    /** A measured number written without an interval, or {@link Numbers#NOT_MEASURED} where it is missing. */
    static NumberCell plain(String textOrNull) {
        return textOrNull == null ? new NumberCell(Numbers.NOT_MEASURED, false) : new NumberCell(textOrNull, true);
    }

    /**
     * The cell of a numeric column, greyed where not measured. Its line may break only before an interval or a
     * reason: in a narrow window {@code 1.63x [1.14, 2.22] †} wraps as a value over its interval, and a table of
     * such cells fits the page instead of pushing its last columns out of it.
     */
    Html td() {
        return new Html().element("td", breakingBeforeBounds(text), "class", measured ? "fct-num" : "fct-num fct-na");
    }

    /** The text with every space but those before {@code [} or {@code (} made a no-break space. */
    static String breakingBeforeBounds(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean beforeBounds = i + 1 < text.length() && (text.charAt(i + 1) == '[' || text.charAt(i + 1) == '(');
            out.append(c == ' ' && !beforeBounds ? NO_BREAK_SPACE : c);
        }
        return out.toString();
    }

    private static final char NO_BREAK_SPACE = '\u00a0';
}
