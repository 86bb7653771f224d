package dev.factored.gate;

import dev.factored.text.Untrusted;
import java.util.ArrayList;
import java.util.List;

/**
 * The console table: aligned columns, fixed labels, and every cell and note through
 * {@link Untrusted#console}, so that a benchmark name cannot carry terminal escapes, line breaks or
 * bidirectional overrides into the build log.
 */
final class TableOutput {

    private TableOutput() {
    }

    static String render(Verdict verdict) {
        StringBuilder out = new StringBuilder("factored check ").append(Rows.headline(verdict)).append('\n');
        if (!verdict.rules().isEmpty()) {
            out.append('\n').append("Rules\n");
            List<List<String>> rows = new ArrayList<>();
            verdict.rules().forEach(r -> rows.add(Rows.rule(r)));
            appendTable(out, Rows.RULE_HEADER, rows);
        }
        if (!verdict.comparisons().isEmpty()) {
            out.append('\n').append("Baseline comparison").append(Rows.toleranceNote(verdict)).append('\n');
            List<List<String>> rows = new ArrayList<>();
            verdict.comparisons().forEach(c -> rows.add(Rows.comparison(c)));
            appendTable(out, Rows.COMPARISON_HEADER, rows);
        }
        if (!verdict.notes().isEmpty()) {
            out.append('\n');
            verdict.notes().forEach(n -> out.append("Note: ").append(Untrusted.console(n)).append('\n'));
        }
        return out.toString();
    }

    private static void appendTable(StringBuilder out, List<String> header, List<List<String>> rows) {
        int[] widths = new int[header.size()];
        List<List<String>> all = new ArrayList<>();
        all.add(header.stream().map(h -> h.toUpperCase(java.util.Locale.ROOT)).toList());
        rows.forEach(r -> all.add(r.stream().map(Untrusted::console).toList()));
        for (List<String> row : all) {
            for (int i = 0; i < row.size(); i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        for (List<String> row : all) {
            StringBuilder line = new StringBuilder("  ");
            for (int i = 0; i < row.size(); i++) {
                String cell = row.get(i);
                line.append(cell);
                if (i < row.size() - 1) {
                    line.append(" ".repeat(widths[i] - cell.length() + 2));
                }
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
    }
}
