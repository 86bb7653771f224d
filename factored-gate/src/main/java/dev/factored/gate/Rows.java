package dev.factored.gate;

import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.gate.comparison.ComparisonResult;
import dev.factored.gate.rules.Formats;
import dev.factored.gate.rules.Metric;
import dev.factored.gate.rules.RuleResult;
import dev.factored.gate.rules.Use;
import dev.factored.gate.terms.Compared;
import dev.factored.gate.terms.Ratios;
import dev.factored.gate.terms.Status;
import java.util.List;

/** The cells of one result as text, shared by the table and the Markdown output. */
final class Rows {

    private Rows() {
    }

    static final List<String> RULE_HEADER =
            List.of("Status", "Family", "Cores", "Metric", "Limit", "Value", "Interval", "Reason");
    static final List<String> COMPARISON_HEADER = List.of("Status", "Family", "Cores", "Compared", "Baseline",
            "Current", "Change", "Interval", "Detects", "Reason");

    static List<String> rule(RuleResult r) {
        Metric m = r.rule().metric();
        Estimate e = r.measured();
        String family = r.subject() == null ? "(no match: /" + r.rule().benchmarks() + "/"
                + (r.rule().params().isEmpty() ? "" : " " + r.rule().params()) + ")" : r.subject().familyLabel();
        String cores = r.subject() != null && r.subject().cores() != null ? r.subject().cores().toString()
                : m.isPerCores() ? r.rule().coresLabel() : "-";
        String limit = Formats.limit(r.rule()) + (r.rule().use() == Use.VALUE ? " (value)" : "");
        return List.of(status(r.status()), family, cores, m.configName(), limit,
                e == null ? "-" : Formats.metric(m, e.value()),
                e == null ? "-" : Formats.interval(m, e),
                r.reason());
    }

    /** The family cell of a result about the whole run (an environment refusal shared by its families). */
    static final String RUN = "(the run)";

    static List<String> comparison(ComparisonResult c) {
        Compared q = c.compared();
        return List.of(status(c.status()), c.subject() == null ? RUN : c.subject().familyLabel(),
                c.subject() == null || c.subject().cores() == null ? "-" : c.subject().cores().toString(),
                q.configName(),
                c.baseline() == null ? "-" : Formats.compared(q, c.baseline().value()),
                c.current() == null ? "-" : Formats.compared(q, c.current().value()),
                c.ratio() == null ? "-" : Formats.change(c.ratio().value()),
                c.ratio() == null ? "-" : Formats.changeInterval(c.ratio()),
                c.statistics() == null ? "-" : ">= " + dev.factored.text.Numbers.percent(
                        c.statistics().minimumDetectableChange()),
                c.reason());
    }

    static String status(Status s) {
        return s.configName().toUpperCase(java.util.Locale.ROOT);
    }

    static String headline(Verdict v) {
        return (v.passed() ? "passed" : "FAILED") + ": " + v.total() + " checks, " + v.count(Status.PASS) + " passed, "
                + v.count(Status.FAIL) + " failed, " + v.count(Status.INCONCLUSIVE) + " inconclusive, "
                + v.count(Status.SKIPPED) + " skipped";
    }

    /** The tolerance of the comparison, when there is one (all results share it). */
    static String toleranceNote(Verdict v) {
        return v.comparisons().isEmpty() ? "" : " (tolerance " + Ratios.percent(v.comparisons().get(0).tolerance())
                + "; change = current / baseline - 1)";
    }
}
