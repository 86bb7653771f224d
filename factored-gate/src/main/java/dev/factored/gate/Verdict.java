package dev.factored.gate;

import dev.factored.gate.comparison.ComparisonResult;
import dev.factored.gate.rules.Formats;
import dev.factored.gate.rules.RuleResult;
import dev.factored.gate.terms.Status;
import java.util.List;
import java.util.stream.Stream;

/**
 * The gate's answer: failed when any rule result or comparison result failed.
 *
 * @param passed      no result failed
 * @param rules       one result per rule and matched family (or one failure for a rule matching nothing)
 * @param comparisons the baseline comparison; empty without a baseline
 * @param notes       sentences about how the verdict was reached (e.g. no baseline given, environment
 *                    differences that were allowed)
 */
public record Verdict(boolean passed, List<RuleResult> rules, List<ComparisonResult> comparisons, List<String> notes) {

    public Verdict {
        rules = List.copyOf(rules);
        comparisons = List.copyOf(comparisons);
        notes = List.copyOf(notes);
    }

    /** A verdict whose {@code passed} follows from the results: no failure (nor, if asked, inconclusive one). */
    public static Verdict of(List<RuleResult> rules, List<ComparisonResult> comparisons, List<String> notes,
            boolean failOnInconclusive) {
        boolean failed = Stream.concat(rules.stream().map(RuleResult::status),
                comparisons.stream().map(ComparisonResult::status))
                .anyMatch(s -> s == Status.FAIL || failOnInconclusive && s == Status.INCONCLUSIVE);
        return new Verdict(!failed, rules, comparisons, notes);
    }

    public static Verdict of(List<RuleResult> rules, List<ComparisonResult> comparisons, List<String> notes) {
        return of(rules, comparisons, notes, false);
    }

    public long count(Status status) {
        return rules.stream().filter(r -> r.status() == status).count()
                + comparisons.stream().filter(c -> c.status() == status).count();
    }

    public int total() {
        return rules.size() + comparisons.size();
    }

    /** One line per failed result, e.g. for a build log or an exception message. */
    public List<String> failures() {
        return Stream.concat(
                rules.stream().filter(r -> r.status() == Status.FAIL
                        || !passed && count(Status.FAIL) == 0 && r.status() == Status.INCONCLUSIVE) // failOnInconclusive
                        .map(r -> r.subject() == null
                                ? "rule " + r.rule().describe() + ": " + r.reason()
                                : Formats.subjectLabel(r.subject()) + ": " + r.rule().metric().configName() + " "
                                + Formats.limit(r.rule()) + ": " + r.reason()),
                comparisons.stream().filter(c -> c.status() == Status.FAIL
                        || !passed && count(Status.FAIL) == 0 && c.status() == Status.INCONCLUSIVE) // failOnInconclusive
                        .map(c -> (c.subject() == null ? Rows.RUN : Formats.subjectLabel(c.subject())) + ": "
                                + c.compared().configName() + ": " + c.reason()))
                .toList();
    }
}
