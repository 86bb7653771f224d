package dev.factored.gate;

import dev.factored.text.Untrusted;
import java.util.List;

/**
 * summary.md's GitHub-flavoured Markdown, written in order by the one builder that escapes: it is built of blocks
 * (headings, paragraphs, quotes, tables, lists, folded details), and every text a block is given, a heading's, a cell's
 * or an item's, goes through {@link Untrusted#markdown}, so a benchmark name, a param or a sentence of the analysis
 * cannot become markup (a column, emphasis, a link, a mention) wherever it is written, and no call site has an escaping
 * call to forget. The markup itself (the {@code #} of a heading, a table's pipes and dashes, a list's dash, the
 * {@code <details>} tags) comes only from this builder; there is no way in for markup written elsewhere.
 *
 * <p>Blocks are set apart by one blank line, as Markdown wants them; each ends with its line break. So the file is
 * the same byte for byte whichever way a part is built.
 */
final class Markdown {

    private final StringBuilder out = new StringBuilder();

    /** A heading of {@code level} (1 to 6), e.g. {@code ### text}. */
    Markdown heading(int level, String text) {
        if (level < 1 || level > 6) {
            throw new IllegalArgumentException("a Markdown heading has level 1 to 6: " + level);
        }
        block().append("#".repeat(level)).append(' ').append(Untrusted.markdown(text)).append('\n');
        return this;
    }

    /** A paragraph of one line. */
    Markdown paragraph(String text) {
        block().append(Untrusted.markdown(text)).append('\n');
        return this;
    }

    /** A block quote of these paragraphs, a quoted blank line between two; nothing when there are none. */
    Markdown quote(List<String> paragraphs) {
        if (paragraphs.isEmpty()) {
            return this;
        }
        StringBuilder quote = block();
        for (int i = 0; i < paragraphs.size(); i++) {
            quote.append(i == 0 ? "> " : ">\n> ").append(Untrusted.markdown(paragraphs.get(i))).append('\n');
        }
        return this;
    }

    /**
     * A table: the header row, its delimiter row, and one row per list, each with a cell per header cell. Every cell
     * is text, the header's too (a pipe in it would open a column).
     */
    Markdown table(List<String> header, List<List<String>> rows) {
        StringBuilder table = block();
        row(table, header);
        table.append('|');
        header.forEach(h -> table.append("---|"));
        table.append('\n');
        for (List<String> row : rows) {
            if (row.size() != header.size()) {
                throw new IllegalArgumentException("a row of " + row.size() + " cells under " + header.size()
                        + " headers");
            }
            row(table, row);
        }
        return this;
    }

    /** A bulleted list, {@code - item} a line; nothing when there are no items. */
    Markdown list(List<String> items) {
        if (items.isEmpty()) {
            return this;
        }
        StringBuilder list = block();
        items.forEach(item -> list.append("- ").append(Untrusted.markdown(item)).append('\n'));
        return this;
    }

    /**
     * Folded content, as GitHub shows it: {@code <details><summary>summary</summary>}, the body's blocks, then
     * {@code </details>}, each a block of its own so that the body is read as Markdown.
     */
    Markdown details(String summary, Markdown body) {
        block().append("<details><summary>").append(Untrusted.markdown(summary)).append("</summary>\n");
        if (!body.out.isEmpty()) {
            block().append(body.out);
        }
        block().append("</details>\n");
        return this;
    }

    /** The Markdown written so far. */
    @Override
    public String toString() {
        return out.toString();
    }

    /** Where the next block is written: after a blank line, unless it is the first. */
    private StringBuilder block() {
        return out.isEmpty() ? out : out.append('\n');
    }

    private static void row(StringBuilder table, List<String> cells) {
        table.append('|');
        cells.forEach(c -> table.append(' ').append(Untrusted.markdown(c)).append(" |"));
        table.append('\n');
    }
}
