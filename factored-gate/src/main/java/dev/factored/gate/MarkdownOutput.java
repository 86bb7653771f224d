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
import java.util.ArrayList;
import java.util.List;

/**
 * summary.md, written with {@link Markdown} (which escapes every text it is given): the verdict, the run's headline
 * table of speedups and projected speedups (with the analysis), the failures and the tables of all results.
 */
final class MarkdownOutput {

    private MarkdownOutput() {
    }

    static String render(Verdict v) {
        return render(v, null);
    }

    /** With the run's headline table (every family, also when no rule is set), when {@code analysis} is given. */
    static String render(Verdict v, Analysis analysis) {
        Markdown md = new Markdown();
        md.heading(2, v.passed() ? "✅ factored check passed" : "❌ factored check failed");
        md.paragraph(v.total() + " checks: " + v.count(Status.PASS) + " passed, " + v.count(Status.FAIL) + " failed, "
                + v.count(Status.INCONCLUSIVE) + " inconclusive, " + v.count(Status.SKIPPED) + " skipped.");
        // How the verdict was reached (no baseline, a busy machine, what the comparisons can see) before the tables.
        md.quote(v.notes());
        if (analysis != null && !analysis.families().isEmpty()) {
            md.heading(3, "Speedups");
            // A caveat of the whole run (a single fork, a busy machine) once, not in every row.
            md.quote(analysis.warnings());
            md.table(List.of("family", "largest valid P", "actual speedup there", "biggest loss", "headline"),
                    analysis.families().stream().map(MarkdownOutput::headline).toList());
            details(md, analysis);
            projections(md, analysis);
        }
        List<String> failures = v.failures();
        if (!failures.isEmpty()) {
            md.heading(3, "Failures");
            // The icon first: untrusted text never starts the item, so it cannot open a nested list.
            md.list(failures.stream().map(f -> "❌ " + f).toList());
        }
        if (!v.rules().isEmpty()) {
            md.heading(3, "Rules");
            md.table(Rows.RULE_HEADER, withIcons(v.rules().stream().map(RuleResult::status).toList(),
                    v.rules().stream().map(Rows::rule).toList()));
        }
        if (!v.comparisons().isEmpty()) {
            md.heading(3, "Baseline comparison" + Rows.toleranceNote(v));
            md.table(Rows.COMPARISON_HEADER, withIcons(v.comparisons().stream().map(ComparisonResult::status).toList(),
                    v.comparisons().stream().map(Rows::comparison).toList()));
        }
        return md.toString();
    }

    /** One row: what a CI job summary needs to see without opening the report. */
    private static List<String> headline(FamilyAnalysis family) {
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
        return List.of(family.id().label(), p, speedup, loss, finding);
    }

    /** Per family, folded: the (at most) three statements after the headline; the rest is in analysis.json. */
    private static void details(Markdown md, Analysis analysis) {
        for (FamilyAnalysis family : analysis.families()) {
            List<String> brief = family.explanation().brief(MORE);
            List<String> more = family.explanation().headline() == null ? brief : brief.subList(1, brief.size());
            if (!more.isEmpty()) {
                md.details(family.id().label(), new Markdown().list(more));
            }
        }
    }

    /**
     * One line per family with a projection: the band at the last P projected with both edges' intervals, what decided
     * each edge, and why it was left wide. A projection, and said so.
     */
    private static void projections(Markdown md, Analysis analysis) {
        List<List<String>> rows = new ArrayList<>();
        for (FamilyAnalysis family : analysis.families()) {
            ProjectedSpeedup last = ProjectionWords.last(family.projection());
            if (last == null) {
                continue;
            }
            String wide = String.join("; ", family.projection().widenedBy().stream().map(ProjectionWords::widened)
                    .toList());
            rows.add(List.of(family.id().label(), ProjectionWords.from(family.projection()),
                    String.valueOf(last.cores()), ProjectionWords.band(last), ProjectionWords.decidedBy(last),
                    wide.isEmpty() ? "\u2013" : wide));
        }
        if (!rows.isEmpty()) {
            md.heading(3, "Projected speedup (a projection, not a measurement)");
            md.table(List.of("family", "from", "at P", "lower edge to upper edge", "decided by", "left wide because"),
                    rows);
        }
    }

    /** Statements shown after the headline; the rest of a family's findings and notes stay in analysis.json. */
    static final int MORE = 3;

    /** The rows with the status of each: its first cell is said by the status itself, with its icon. */
    private static List<List<String>> withIcons(List<Status> statuses, List<List<String>> rows) {
        List<List<String>> withIcons = new ArrayList<>(rows.size());
        for (int r = 0; r < rows.size(); r++) {
            List<String> row = new ArrayList<>(rows.get(r));
            row.set(0, icon(statuses.get(r)));
            withIcons.add(row);
        }
        return withIcons;
    }

    /** The first cell of a result's row: written as text, so it must be (and is) plain text to Markdown. */
    static String icon(Status status) {
        return switch (status) {
            case PASS -> "✅ pass";
            case FAIL -> "❌ fail";
            case INCONCLUSIVE -> "❔ inconclusive";
            case SKIPPED -> "⏭️ skipped";
        };
    }
}
