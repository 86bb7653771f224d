package dev.factored.gate.comparison;

import dev.factored.analysis.model.family.ForkNoise;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.stats.Descriptive;
import dev.factored.contract.CoresValue;
import dev.factored.gate.terms.Ratios;
import dev.factored.text.Numbers;
import java.util.ArrayList;
import java.util.List;

/**
 * The words of {@link dev.factored.gate.BaselineComparison}'s reasons and notes: what changed, against which
 * tolerance, with what evidence, and what would make an inconclusive check conclusive. The tests and decisions stay in
 * BaselineComparison.
 */
public final class ComparisonWords {

    private ComparisonWords() {
    }

    public static final String NEW_FAMILY = "new family: not in the baseline, nothing to compare";
    public static final String NEW_CONFIGURATION =
            "new configuration: not measured in the baseline, nothing to compare";

    public static String familyGone(boolean failOnMissing) {
        return "gone: in the baseline but not in the current run" + missingHint(failOnMissing);
    }

    public static String configurationGone(boolean failOnMissing) {
        return "gone: configuration measured in the baseline but not in the current run" + missingHint(failOnMissing);
    }

    private static String missingHint(boolean failOnMissing) {
        return failOnMissing ? " (failOnMissing is set)" : "";
    }

    public static String historyNote(int runs) {
        return "The baseline holds " + runs + " runs: the noise of a run is measured between them, and each change is "
                + "taken against their mean.";
    }

    /**
     * One refusal for the run: what differs, and which of the {@code paired} families with a baseline it concerns when
     * not all of them.
     */
    public static String refusedEnvironment(String differences, List<String> families, int paired) {
        String which = families.size() == paired ? (paired == 1 ? "" : " (all " + paired + " families)")
                : " (" + families.size() + " of " + paired + " families: " + String.join(", ", families) + ")";
        return "refused to compare with a baseline from a different environment" + which + ": " + differences
                + " (set allowDifferentEnvironment to compare anyway: -Dfactored.allowDifferentEnvironment=true, or "
                + "--allowDifferentEnvironment on the command line)";
    }

    public static String allowedEnvironment(String differences) {
        return "Compared with a baseline from a different environment because allowDifferentEnvironment is set: "
                + differences + ".";
    }

    public static final String UNKNOWN_ENVIRONMENT = "Some families record no JVM environment, so the gate could not "
            + "check that baseline and current run come from the same JVM.";

    public static String noSamples(boolean inTheBaseline) {
        return "nothing to compare: the " + (inTheBaseline ? "baseline" : "current run") + " stores no raw samples";
    }

    /** A comparison's reason as its test decided it (before the busy machine and the noise source are added). */
    public static String tested(Tested t) {
        return switch (t.outcome()) {
            case WORSE -> worse(t.lowerIsBetter(), t.ratio(), t.tolerance(), t.statistics());
            case CANNOT_TELL -> cannotTell(t, t.forksToSee() == null ? RECORD_RUNS
                    : needsForks(t.forksToSee(), t.forksNow(), t.everyRun()));
            case WITHIN, IMPROVED -> passed(t.lowerIsBetter(), t.outcome() == Tested.Outcome.IMPROVED, t.ratio(),
                    t.tolerance(), t.statistics().minimumDetectableChange());
        };
    }

    static String worse(boolean lowerIsBetter, Estimate ratio, double tolerance, ComparisonResult.Statistics s) {
        return (lowerIsBetter ? "slower" : "lower speedup") + ": " + Numbers.change(ratio) + ", beyond the "
                + Ratios.percent(tolerance) + " tolerance (p " + pValue(s.beyondToleranceP()) + "; worse at all: p "
                + pValue(s.pValue()) + ", " + pValue(s.adjustedP()) + " after Holm over " + s.checks() + " checks)";
    }

    /**
     * Inconclusive: the interval reaches beyond the tolerance on the worse side. Where the whole interval lies beyond it,
     * the words name the test that held it back ("cannot tell" beside [+25.4, +66.8] read as a contradiction: a 50 %
     * slowdown against a baseline of 4 quick runs, one with a slow JVM): the correction over the run's checks, or, at
     * an alpha below the interval's own level, the test beyond the tolerance.
     */
    static String cannotTell(Tested t, String needs) {
        Estimate ratio = t.ratio();
        ComparisonResult.Statistics s = t.statistics();
        boolean beyond = t.lowerIsBetter() ? ratio.low() > 1 + t.tolerance() : ratio.high() < 1 - t.tolerance();
        if (beyond) {
            String heldBack = s.adjustedP() > t.alpha()
                    ? "significant after Holm over " + s.checks() + " checks (p " + pValue(s.pValue()) + ", "
                            + pValue(s.adjustedP()) + " after Holm)"
                    : "by the test at alpha " + Ratios.percent(t.alpha()) + " (p " + pValue(s.beyondToleranceP()) + ")";
            return "change " + Numbers.change(ratio) + ": beyond the " + Ratios.percent(t.tolerance())
                    + " tolerance by its own interval, but not " + heldBack + "; this comparison detects "
                    + Numbers.percent(s.minimumDetectableChange()) + " or more; " + needs;
        }
        return "change " + Numbers.change(ratio) + ": its interval reaches beyond the " + Ratios.percent(t.tolerance())
                + " tolerance, so it can neither pass nor fail (it detects "
                + Numbers.percent(s.minimumDetectableChange()) + " or more); " + needs;
    }

    static String passed(boolean lowerIsBetter, boolean improved, Estimate ratio, double tolerance, double mdc) {
        String change = Numbers.change(ratio);
        String within = Ratios.percent(tolerance) + " tolerance";
        return (improved ? (lowerIsBetter ? "faster" : "higher speedup") + ": " + change + ", beyond the " + within
                : "change " + change + " within the " + within) + " (detects " + Numbers.percent(mdc) + " or more)";
    }

    /**
     * One side's noise, as the analysis models it: e.g. "this run's T_2 (2 forks): σ_b 12.9% between forks, its own
     * shrunk toward its family and the cores=2 configurations, 9 df".
     */
    static String forkLevel(boolean currentRun, CoresValue cores, int forks, ForkNoise.MeanNoise m, boolean borrowed) {
        String run = currentRun ? "this run's" : "the baseline's";
        String level = borrowed ? "measured in the " + (currentRun ? "baseline" : "other run") + " (this run has none)"
                : m.apart() ? "its own shrunk toward the whole run's, itself included (its forks disagree far beyond"
                        + " what the others expect of it, whose noise leaves it out)"
                : m.ownForks() ? "its own shrunk toward its family and the cores=" + cores + " configurations"
                : "from its family and the cores=" + cores + " configurations";
        return run + " " + quantity(cores) + " (" + forks + (forks == 1 ? " fork" : " forks") + "): σ_b "
                + Numbers.percent(m.forks().logSd()) + " between forks, " + level + ", "
                + Numbers.significant(m.degreesOfFreedom(), 2, false) + " df";
    }

    /** The noise of a change: every side's, or the assumption when one side rests on it. */
    public static String changeNoise(Noise.Variance... sides) {
        for (Noise.Variance v : sides) {
            if (v.method() == ComparisonResult.Method.ASSUMED) {
                return v.source();
            }
        }
        List<String> named = new ArrayList<>();
        for (Noise.Variance v : sides) {
            named.add(v.source());
        }
        return "from both runs' forks (the analysis' model): " + String.join("; ", named);
    }

    private static String quantity(CoresValue cores) {
        return cores.isBaseline() ? "T_s" : cores.isElision() ? "T_e" : cores.isParallel() ? "T_" + cores.workers()
                : "T(" + cores + ")";
    }

    public static String withNoise(String reason, String noise) {
        return reason + "; noise " + noise;
    }

    public static String reported(Estimate ratio) {
        return "change " + Numbers.change(ratio) + " (reported, not judged: per P the gate judges T_P and the actual "
                + "speedup)";
    }

    static final String RECORD_RUNS = "record a baseline from 3 or more runs (baselineRuns), so that the noise between "
            + "runs is measured instead of assumed";

    /**
     * The comparison's resolution in one sentence, from every judged check's minimum detectable change and the forks
     * each inconclusive check would need: what the rows say one by one.
     */
    public static String resolution(List<Double> detects, List<Integer> forksToSee, double tolerance) {
        double[] d = detects.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int[] f = forksToSee.stream().mapToInt(Integer::intValue).sorted().toArray();
        return "At the noise these runs measured, the " + d.length + " judged checks detect changes of "
                + Numbers.percent(d[0]) + " to " + Numbers.percent(d[d.length - 1]) + " (median "
                + Numbers.percent(Descriptive.median(d)) + "): " + f.length + " of them are inconclusive, their intervals "
                + "reaching beyond the " + Ratios.percent(tolerance) + " tolerance. An unchanged configuration would pass "
                + "them 4 times in 5 with about " + f[f.length / 2] + " forks per configuration (the median of those "
                + "checks; the widest need " + f[f.length - 1] + "); or record a baseline from several runs, or allow a "
                + "larger tolerance (the gate's documentation, Calibration, gives the noise of this machine).";
    }

    static String needsForks(int forks, int now, boolean everyRun) {
        return "needs about " + forks + " forks per configuration" + (everyRun ? " in every run" : "") + " (now " + now
                + "), or a quieter machine";
    }

    private static String pValue(double p) {
        return p < 1e-4 ? "< 0.0001" : "= " + Numbers.significant(p, 2, false);
    }
}
