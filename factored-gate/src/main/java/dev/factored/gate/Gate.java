package dev.factored.gate;

import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.measurement.Interference;
import dev.factored.gate.comparison.ComparisonResult;
import dev.factored.gate.rules.BusyMachine;
import dev.factored.gate.rules.Rule;
import dev.factored.gate.rules.RuleEvaluator;
import dev.factored.gate.rules.RuleResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The gate: judges an analysis against rules and, optionally, against a stored baseline analysis.
 *
 * <p>Rules (see {@link Rule}) are judged on the estimate's interval by default, so that noise alone
 * cannot fail a healthy build: a minimum fails only when the whole interval is below it, a maximum
 * only when the whole interval is above it. A rule matching no family fails (a typo must not pass
 * silently), and so does a matched family whose metric was not measured.
 *
 * <p>The baseline comparison (see {@link GateConfig#tolerance()} and {@link BaselineComparison}) fails a time
 * or a speedup only when a one-sided t test on the log ratio current / baseline says it changed beyond the
 * tolerance in the bad direction, with the noise measured between forks, between the baseline's runs, or (when
 * nothing measures it) assumed; a change too small to tell from that noise is inconclusive. Results of a
 * different JVM or CPU count are refused unless {@link GateConfig#allowDifferentEnvironment()}.
 *
 * <p>A rule or comparison that rests on a configuration measured on a busy machine is decided only where the
 * measured interference cannot explain the decision, else it is inconclusive ({@link BusyMachine}).
 */
public final class Gate {

    private Gate() {
    }

    /**
     * @param current         the analysis to judge
     * @param baselineOrNull  a previous analysis to compare with, or null to skip the comparison
     * @param config          rules and comparison settings
     */
    public static Verdict check(Analysis current, Analysis baselineOrNull, GateConfig config) {
        return checkRuns(current, baselineOrNull == null ? List.of() : List.of(baselineOrNull), config);
    }

    /**
     * @param baselineRuns the runs of the baseline, oldest first; empty to skip the comparison. With two or
     *                     more, the noise of a run is measured between them.
     */
    public static Verdict checkRuns(Analysis current, List<Analysis> baselineRuns, GateConfig config) {
        Objects.requireNonNull(current, "current analysis");
        Objects.requireNonNull(config, "gate config");
        RuleEvaluator evaluator = new RuleEvaluator();
        List<RuleResult> ruleResults = new ArrayList<>();
        for (Rule rule : config.rules()) {
            ruleResults.addAll(evaluator.evaluate(rule, current.families()));
        }
        List<String> notes = new ArrayList<>();
        if (config.rules().isEmpty()) {
            notes.add("No rules configured.");
        }
        List<ComparisonResult> comparisons = List.of();
        if (baselineRuns.isEmpty()) {
            notes.add("No baseline given: the regression comparison was skipped.");
        } else {
            BaselineComparison.Outcome outcome = BaselineComparison.compare(current, baselineRuns, config);
            comparisons = outcome.results();
            notes.addAll(outcome.notes());
        }
        String busy = busyNote(current, baselineRuns);
        if (busy != null) {
            notes.add(busy);
        }
        return Verdict.of(ruleResults, comparisons, notes, config.failOnInconclusive());
    }

    /** Once per verdict, when the current run or the baseline was measured on a busy machine; else null. */
    static String busyNote(Analysis current, List<Analysis> baselineRuns) {
        long now = disturbed(current);
        long then = baselineRuns.stream().mapToLong(Gate::disturbed).sum();
        if (now == 0 && then == 0) {
            return null;
        }
        String which = now > 0 && then > 0 ? configurations(now) + " of the current run and " + then + " of the baseline"
                : now > 0 ? configurations(now) + " of the current run" : configurations(then) + " of the baseline";
        return "The machine was busy: " + which + (now + then == 1 ? " was" : " were")
                + " measured while other processes took a noticeable share of "
                + "their CPUs (disturbed, see the analysis' warnings). A check that rests on one passes or fails only "
                + "where the interference measured there cannot explain the result; otherwise it is inconclusive.";
    }

    private static String configurations(long n) {
        return n == 1 ? "1 configuration" : n + " configurations";
    }

    /** How many configurations of a run were measured on a busy machine (disturbed). */
    public static long disturbed(Analysis analysis) {
        return analysis.families().stream().flatMap(f -> f.measurement().interference().stream())
                .filter(Interference::disturbed).count();
    }
}
