package dev.factored.gate;

import dev.factored.text.Untrusted;
import java.util.List;

/** summary.md: GitHub-flavoured Markdown with every untrusted text through {@link Untrusted#markdown}. */
final class MarkdownOutput {

    private MarkdownOutput() {
    }

    static String render(Verdict v) {
        StringBuilder out = new StringBuilder();
        out.append(v.passed() ? "## ✅ factored check passed\n\n" : "## ❌ factored check failed\n\n");
        out.append(v.total()).append(" checks: ").append(v.count(Status.PASS)).append(" passed, ")
                .append(v.count(Status.FAIL)).append(" failed, ").append(v.count(Status.INCONCLUSIVE))
                .append(" inconclusive, ").append(v.count(Status.SKIPPED)).append(" skipped.\n");
        List<String> failures = v.failures();
        if (!failures.isEmpty()) {
            out.append("\n### Failures\n\n");
            // The icon first: untrusted text never starts the item, so it cannot open a nested list.
            failures.forEach(f -> out.append("- ❌ ").append(Untrusted.markdown(f)).append('\n'));
        }
        if (!v.rules().isEmpty()) {
            out.append("\n### Rules\n\n");
            table(out, Rows.RULE_HEADER, v.rules().stream().map(Rows::rule).toList());
        }
        if (!v.comparisons().isEmpty()) {
            out.append("\n### Baseline comparison").append(Untrusted.markdown(Rows.toleranceNote(v))).append("\n\n");
            table(out, Rows.COMPARISON_HEADER, v.comparisons().stream().map(Rows::comparison).toList());
        }
        if (!v.notes().isEmpty()) {
            out.append('\n');
            v.notes().forEach(n -> out.append("> ").append(Untrusted.markdown(n)).append("\n>\n"));
            out.setLength(out.length() - 2);
        }
        return out.toString();
    }

    private static void table(StringBuilder out, List<String> header, List<List<String>> rows) {
        out.append('|');
        header.forEach(h -> out.append(' ').append(h).append(" |"));
        out.append("\n|");
        header.forEach(h -> out.append("---|"));
        out.append('\n');
        for (List<String> row : rows) {
            out.append('|');
            for (int i = 0; i < row.size(); i++) {
                String cell = i == 0 ? icon(row.get(0)) : Untrusted.markdown(row.get(i));
                out.append(' ').append(cell).append(" |");
            }
            out.append('\n');
        }
    }

    private static String icon(String status) {
        return switch (status) {
            case "PASS" -> "✅ pass";
            case "FAIL" -> "❌ fail";
            case "INCONCLUSIVE" -> "❔ inconclusive";
            default -> "⏭️ skipped";
        };
    }
}
