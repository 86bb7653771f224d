package dev.factored.gate;

import dev.factored.analysis.diagnosis.words.LossNames;
import dev.factored.analysis.diagnosis.words.ProjectionWords;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.SpeedupProjection.ProjectedSpeedup;
import dev.factored.analysis.model.finding.Headline;
import dev.factored.analysis.model.point.Point;
import dev.factored.gate.comparison.ComparisonResult;
import dev.factored.gate.rules.RuleResult;
import dev.factored.gate.terms.Status;
import dev.factored.text.Numbers;
import dev.factored.text.Untrusted;
import java.util.List;

/**
 * summary.md: GitHub-flavoured Markdown with every untrusted text through {@link Untrusted#markdown}: the verdict,
 * the run's headline table of speedups and projected speedups (with the analysis), the failures and the tables of all
 * results.
 */
final class MarkdownOutput {

    private MarkdownOutput() {
    }

    static String render(Verdict v) {
        return render(v, null);
    }

    /** With the run's headline table (every family, also when no rule is set), when {@code analysis} is given. */
    static String render(Verdict v, Analysis analysis) {
        StringBuilder out = new StringBuilder();
        out.append(v.passed() ? "## ✅ factored check passed\n\n" : "## ❌ factored check failed\n\n");
        out.append(v.total()).append(" checks: ").append(v.count(Status.PASS)).append(" passed, ")
                .append(v.count(Status.FAIL)).append(" failed, ").append(v.count(Status.INCONCLUSIVE))
                .append(" inconclusive, ").append(v.count(Status.SKIPPED)).append(" skipped.\n");
        // How the verdict was reached (no baseline, a busy machine, what the comparisons can see) before the tables.
        if (!v.notes().isEmpty()) {
            out.append('\n');
            v.notes().forEach(n -> out.append("> ").append(Untrusted.markdown(n)).append("\n>\n"));
            out.setLength(out.length() - 2);
        }
        if (analysis != null && !analysis.families().isEmpty()) {
            out.append("\n### Speedups\n\n");
            // A caveat of the whole run (a single fork, a busy machine) once, not in every row.
            analysis.warnings().forEach(w -> out.append("> ").append(Untrusted.markdown(w)).append("\n>\n"));
            if (!analysis.warnings().isEmpty()) {
                out.setLength(out.length() - 2);
                out.append('\n');
            }
            out.append("| family | largest valid P | actual speedup there | biggest loss | headline |\n"
                    + "|---|---|---|---|---|\n");
            for (FamilyAnalysis family : analysis.families()) {
                out.append(headline(family));
            }
            details(out, analysis);
            projections(out, analysis);
        }
        List<String> failures = v.failures();
        if (!failures.isEmpty()) {
            out.append("\n### Failures\n\n");
            // The icon first: untrusted text never starts the item, so it cannot open a nested list.
            failures.forEach(f -> out.append("- ❌ ").append(Untrusted.markdown(f)).append('\n'));
        }
        if (!v.rules().isEmpty()) {
            out.append("\n### Rules\n\n");
            table(out, Rows.RULE_HEADER, v.rules().stream().map(RuleResult::status).toList(),
                    v.rules().stream().map(Rows::rule).toList());
        }
        if (!v.comparisons().isEmpty()) {
            out.append("\n### Baseline comparison").append(Untrusted.markdown(Rows.toleranceNote(v))).append("\n\n");
            table(out, Rows.COMPARISON_HEADER, v.comparisons().stream().map(ComparisonResult::status).toList(),
                    v.comparisons().stream().map(Rows::comparison).toList());
        }
        return out.toString();
    }

    /** One row: what a CI job summary needs to see without opening the report. */
    private static String headline(FamilyAnalysis family) {
        Point largest = family.summaryPoint();
        String p;
        String speedup;
        String loss;
        if (largest == null) {
            p = family.noValidPointBecause();
            speedup = Numbers.NOT_MEASURED;
            loss = Numbers.NOT_MEASURED;
        } else {
            p = Integer.toString(largest.cores());
            speedup = largest.speedups().actual() == null ? Numbers.NOT_MEASURED
                    : Numbers.speedup(largest.speedups().actual());
            String biggest = LossNames.biggestLoss(family, largest);
            loss = biggest == null ? Numbers.NOT_MEASURED : biggest;
        }
        // The headline without its caveat (the run's caveats are above the table), tagged when tentative; a file
        // from before headlines existed: the first finding's statement.
        Headline h = family.explanation().headline();
        String finding = h != null ? h.text() + (h.tentative() ? " (tentative)" : "")
                : family.explanation().leadWithoutHeadline();
        return "| " + Untrusted.markdown(family.id().label()) + " | " + Untrusted.markdown(p) + " | "
                + Untrusted.markdown(speedup) + " | " + Untrusted.markdown(loss) + " | " + Untrusted.markdown(finding)
                + " |\n";
    }

    /** Per family, folded: the (at most) three statements after the headline; the rest is in analysis.json. */
    private static void details(StringBuilder out, Analysis analysis) {
        for (FamilyAnalysis family : analysis.families()) {
            List<String> brief = family.explanation().brief(MORE);
            List<String> more = family.explanation().headline() == null ? brief : brief.subList(1, brief.size());
            if (more.isEmpty()) {
                continue;
            }
            out.append("\n<details><summary>").append(Untrusted.markdown(family.id().label()))
                    .append("</summary>\n\n");
            more.forEach(s -> out.append("- ").append(Untrusted.markdown(s)).append('\n'));
            out.append("\n</details>\n");
        }
    }

    /**
     * One line per family with a projection: the band at the last P projected with both edges' intervals, what decided
     * each edge, and why it was left wide. A projection, and said so.
     */
    private static void projections(StringBuilder out, Analysis analysis) {
        boolean header = false;
        for (FamilyAnalysis family : analysis.families()) {
            ProjectedSpeedup last = ProjectionWords.last(family.projection());
            if (last == null) {
                continue;
            }
            if (!header) {
                out.append("\n### Projected speedup (a projection, not a measurement)\n\n"
                        + "| family | from | at P | lower edge to upper edge | decided by | left wide because |\n"
                        + "|---|---|---|---|---|---|\n");
                header = true;
            }
            String wide = String.join("; ", family.projection().widenedBy().stream().map(ProjectionWords::widened)
                    .toList());
            out.append("| ").append(Untrusted.markdown(family.id().label())).append(" | ")
                    .append(Untrusted.markdown(ProjectionWords.from(family.projection()))).append(" | ")
                    .append(last.cores()).append(" | ").append(Untrusted.markdown(ProjectionWords.band(last)))
                    .append(" | ").append(Untrusted.markdown(ProjectionWords.decidedBy(last))).append(" | ")
                    .append(Untrusted.markdown(wide.isEmpty() ? "\u2013" : wide)).append(" |\n");
        }
    }

    /** Statements shown after the headline; the rest of a family's findings and notes stay in analysis.json. */
    static final int MORE = 3;

    /** The rows with the status of each: its first cell is said by the status itself, with its icon. */
    private static void table(StringBuilder out, List<String> header, List<Status> statuses, List<List<String>> rows) {
        out.append('|');
        header.forEach(h -> out.append(' ').append(h).append(" |"));
        out.append("\n|");
        header.forEach(h -> out.append("---|"));
        out.append('\n');
        for (int r = 0; r < rows.size(); r++) {
            List<String> row = rows.get(r);
            out.append('|');
            for (int i = 0; i < row.size(); i++) {
                String cell = i == 0 ? icon(statuses.get(r)) : Untrusted.markdown(row.get(i));
                out.append(' ').append(cell).append(" |");
            }
            out.append('\n');
        }
    }

    private static String icon(Status status) {
        return switch (status) {
            case PASS -> "✅ pass";
            case FAIL -> "❌ fail";
            case INCONCLUSIVE -> "❔ inconclusive";
            case SKIPPED -> "⏭️ skipped";
        };
    }
}
