package dev.factored.gate;

import dev.factored.text.ConsoleText;
import java.util.ArrayList;
import java.util.List;

/**
 * The console table: aligned columns, fixed labels, and every cell and note written with {@link ConsoleText}, so that
 * a benchmark name cannot carry terminal escapes, line breaks or bidirectional overrides into the build log.
 */
final class TableOutput {

    private TableOutput() {
    }

    static String render(Verdict verdict) {
        ConsoleText out = ConsoleText.of("factored check ").text(Rows.headline(verdict)).line();
        if (!verdict.rules().isEmpty()) {
            out.line().text("Rules").line();
            List<List<String>> rows = new ArrayList<>();
            verdict.rules().forEach(r -> rows.add(Rows.rule(r)));
            appendTable(out, Rows.RULE_HEADER, rows);
        }
        if (!verdict.comparisons().isEmpty()) {
            out.line().text("Baseline comparison").text(Rows.toleranceNote(verdict)).line();
            List<List<String>> rows = new ArrayList<>();
            verdict.comparisons().forEach(c -> rows.add(Rows.comparison(c)));
            appendTable(out, Rows.COMPARISON_HEADER, rows);
        }
        if (!verdict.notes().isEmpty()) {
            out.line();
            verdict.notes().forEach(n -> out.text("Note: ").text(n).line());
        }
        return out.toString();
    }

    /** Widths are those of the cells as written (escaped), so that an escape does not shift the columns after it. */
    private static void appendTable(ConsoleText out, List<String> header, List<List<String>> rows) {
        int[] widths = new int[header.size()];
        List<List<ConsoleText>> all = new ArrayList<>();
        all.add(header.stream().map(h -> ConsoleText.of(h.toUpperCase(java.util.Locale.ROOT))).toList());
        rows.forEach(r -> all.add(r.stream().map(ConsoleText::of).toList()));
        for (List<ConsoleText> row : all) {
            for (int i = 0; i < row.size(); i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        for (List<ConsoleText> row : all) {
            ConsoleText line = ConsoleText.of("  ");
            for (int i = 0; i < row.size(); i++) {
                ConsoleText cell = row.get(i);
                line.append(cell);
                if (i < row.size() - 1) {
                    line.text(" ".repeat(widths[i] - cell.length() + 2));
                }
            }
            // Without the padding after a last cell that is empty (no reason): the line ends at its text.
            out.append(line.stripTrailing()).line();
        }
    }
}
