package dev.factored.gate;

import dev.factored.analysis.model.Analysis;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The verdict for people and machines: a console table for the build log, {@code check.json} and
 * {@code summary.md}.
 *
 * <h2>check.json (schema 1)</h2>
 * Field names are stable; numbers are ratios (0.8, not 80) and times are seconds per operation; a
 * number that is not finite or not available is {@code null}.
 * <pre>
 * {
 *   "schema": 1,
 *   "passed": true|false,                 false when any result has status "fail" (or, with
 *                                         failOnInconclusive, "inconclusive")
 *   "counts": {"total", "passed", "failed", "inconclusive", "skipped"},
 *   "notes": ["..."],                     how the verdict was reached (no baseline, allowed differences…)
 *   "rules": [{                           one per rule and matched family; one per rule matching nothing
 *     "status": "pass"|"fail"|"inconclusive"|"skipped",   inconclusive: measured on a busy machine whose
 *                                         interference can explain the result (the reason says which configuration)
 *     "rule": {"text", "benchmarks", "params": {name: regex}, "cores": "max"|"4", "metric",
 *              "direction": "higher-is-better"|"lower-is-better", "minimum", "maximum", "use": "interval"|"value"},
 *     "family", "benchmark", "params", "mode",   null when the rule matched nothing
 *     "cores": "4"|null,                   the P judged; null for P-independent metrics or no match
 *     "metric": "efficiency",
 *     "measured": {"value", "low", "high"}|null,   null when not measured
 *     "reason": "..."
 *   }],
 *   "comparisons": [{                     empty without a baseline
 *     "status", "family", "benchmark", "params", "mode",
 *     "cores": "baseline"|"elision"|"4"|null,    null for whole-family checks
 *     "compared": "time"|"actual-speedup"|"environment"|"presence",
 *     "direction": "lower-is-better"|"higher-is-better"|null,
 *     "baseline": {"value", "low", "high"}|null, "current": {...}|null,
 *     "ratio": {...}|null,                 current / baseline
 *     "method": "forks"|"run-history"|"assumed"|null,   where the noise came from
 *     "tolerance": 0.1,
 *     "statistics": {"pValue", "adjustedP", "beyondToleranceP", "checks", "minimumDetectableChange",
 *                    "degreesOfFreedom" (a number or "infinite"), "noise"}|null,   null unless judged
 *     "status": "pass"|"fail"|"inconclusive"|"skipped",   inconclusive: too noisy to tell, or resting on a
 *                                         configuration measured on a busy machine that can explain the change
 *     "reason": "..."                      for a busy machine: which side, which configuration, how busy, what to do
 *   }]
 * }
 * </pre>
 */
public final class VerdictOutput {

    private VerdictOutput() {
    }

    /**
     * An aligned plain-text table, one line per result, for a build log (lines end with {@code \n}).
     * Untrusted text is made one safe line ({@code dev.factored.text.ConsoleText}); numbers are
     * written as in the report ({@code dev.factored.text.Numbers}), times with {@code µs} for microseconds.
     */
    public static String table(Verdict verdict) {
        return TableOutput.render(verdict);
    }

    /** Writes check.json (see the class documentation), creating missing parent directories. */
    public static void json(Verdict verdict, Path file) throws IOException {
        JsonOutput.write(verdict, file);
    }

    /**
     * summary.md for CI job summaries and PR comments: a headline with ✅ or ❌, the failures, and
     * tables of all results. Every text from benchmark names, params and rules is escaped so that it
     * renders literally.
     */
    public static String markdown(Verdict verdict) {
        return MarkdownOutput.render(verdict);
    }

    /**
     * As {@link #markdown(Verdict)}, with a headline table of the run's speedups after the counts: per family the
     * largest valid P, the actual speedup there with its interval, the biggest loss and the first finding. A CI job
     * summary then shows the speedups also when no rule or baseline is set.
     */
    public static String markdown(Verdict verdict, Analysis analysis) {
        return MarkdownOutput.render(verdict, analysis);
    }
}
