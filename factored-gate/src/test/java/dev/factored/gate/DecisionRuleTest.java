package dev.factored.gate;

import static dev.factored.gate.BaselineComparisonTest.find;
import static dev.factored.gate.BaselineComparisonTest.measured;
import static dev.factored.gate.BaselineComparisonTest.run;
import static dev.factored.gate.BaselineComparisonTest.scaled;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.stats.Distributions;
import dev.factored.analysis.stats.Holm;
import dev.factored.gate.comparison.ComparisonResult;
import dev.factored.gate.terms.Compared;
import dev.factored.gate.terms.Status;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The three answers of a judged check, on runs whose noise is fixed by construction (±25 % per sample, 3 forks × 5
 * iterations): it fails when it is significantly worse than no change after Holm and significantly worse than the
 * tolerance on its own; it passes when its interval lies within the tolerance on the worse side; else it is
 * inconclusive.
 */
class DecisionRuleTest {

    private static final double NOISE = 0.25;

    private static Verdict check(long seed, double factor) {
        return check(seed, factor, measured("b.Sort.sort", scaled(run(3, 5, NOISE, 10 * seed + 5), "4", factor)));
    }

    private static Verdict check(long seed, double factor, Analysis current) {
        return Gate.check(current, measured("b.Sort.sort", run(3, 5, NOISE, 10 * seed)), BaselineComparisonTest.CONFIG);
    }

    /** The standard error of a change on the log scale, from its 95 % interval. */
    private static double se(ComparisonResult c) {
        return Math.log(c.ratio().high() / c.ratio().value())
                / Distributions.tQuantile(0.975, c.statistics().degreesOfFreedom());
    }

    /**
     * Unchanged code whose interval ends below +10 % passes, although it could not catch a change of 10 % 4 times in 5
     * at the run's family-wise level (the rule before November 29 asked that, and left it inconclusive). Its other end,
     * below -10 %, is a possible improvement, which no gate holds against a build.
     */
    @Test
    void anUnchangedConfigurationWhoseIntervalIsWithinTheTolerancePasses() {
        ComparisonResult c = find(check(3, 1.0), Compared.TIME, "4");
        assertEquals(Status.PASS, c.status(), c.reason());
        assertTrue(c.ratio().high() < 1.1, c.ratio().toString());
        double df = c.statistics().degreesOfFreedom();
        double oldDetectable = se(c) * (Distributions.tQuantile(1 - 0.05 / c.statistics().checks(), df)
                + Distributions.tQuantile(0.8, df));
        assertTrue(oldDetectable > Math.log(1.1), "the old rule's detectable change: " + Math.expm1(oldDetectable));
        assertTrue(c.reason().contains("within the 10% tolerance"), c.reason());
    }

    /**
     * 20 % slower, its interval reaching down into the tolerance: significantly worse after Holm, and beyond 10 % at 5 %
     * on its own; the rule before November 29 (the test beyond the tolerance, after Holm) left it inconclusive.
     */
    @Test
    void aSlowdownBeyondTheToleranceBySignificantEstimateFails() {
        Verdict v = check(2, 1.2);
        ComparisonResult c = find(v, Compared.TIME, "4");
        assertEquals(Status.FAIL, c.status(), c.reason());
        assertTrue(c.ratio().value() > 1.1 && c.ratio().low() < 1.1, c.ratio().toString());
        assertTrue(c.statistics().adjustedP() <= 0.05 && c.statistics().beyondToleranceP() <= 0.05,
                c.statistics().toString());
        List<ComparisonResult> judged = v.comparisons().stream().filter(r -> r.statistics() != null).toList();
        double[] adjusted = Holm.adjust(judged.stream().mapToDouble(r -> r.statistics().beyondToleranceP()).toArray());
        assertTrue(adjusted[judged.indexOf(c)] > 0.05, "Holm on the test beyond the tolerance would not fail it: "
                + adjusted[judged.indexOf(c)]);
        assertTrue(c.reason().startsWith("slower: +"), c.reason());
    }

    /** 12 % slower in this noise: beyond the tolerance by its estimate, but its test beyond it is not significant. */
    @Test
    void aSlowdownThatIsNotSignificantIsInconclusive() {
        ComparisonResult c = find(check(2, 1.12), Compared.TIME, "4");
        assertEquals(Status.INCONCLUSIVE, c.status(), c.reason());
        assertTrue(c.ratio().value() > 1.1 && c.statistics().beyondToleranceP() > 0.05, c.statistics().toString());
        assertTrue(c.reason().contains("its interval reaches beyond the 10% tolerance"), c.reason());
    }

    /** 5 % slower and measured tightly (±1 %): significantly slower, but within the tolerance, so it passes. */
    @Test
    void aSignificantChangeWithinTheTolerancePasses() {
        Map<String, double[][]> base = BaselineComparisonTest.tightRun(1);
        Verdict v = Gate.check(measured("b.Sort.sort", scaled(base, "4", 1.05)), measured("b.Sort.sort", base),
                BaselineComparisonTest.CONFIG);
        ComparisonResult c = find(v, Compared.TIME, "4");
        assertTrue(c.statistics().adjustedP() <= 0.05, c.statistics().toString());
        assertEquals(Status.PASS, c.status(), c.reason());
    }

    /**
     * Whatever did not fail passes exactly when its interval's worse end is within the tolerance: a time's upper end at
     * most +10 %, a speedup's lower end at least -10 %. Over unchanged pairs of seeds, both answers occur.
     */
    @Test
    void aPassIsTheWorseEndWithinTheToleranceForTimesAndSpeedups() {
        int passed = 0;
        int inconclusive = 0;
        for (long seed = 1; seed <= 8; seed++) {
            for (ComparisonResult c : check(seed, 1.0).comparisons()) {
                if (c.statistics() == null || c.status() == Status.FAIL) {
                    continue;
                }
                boolean within = c.compared() == Compared.TIME ? c.ratio().high() <= 1.1 : c.ratio().low() >= 0.9;
                assertEquals(within ? Status.PASS : Status.INCONCLUSIVE, c.status(), c.compared() + " " + c.reason());
                passed += within ? 1 : 0;
                inconclusive += within ? 0 : 1;
            }
        }
        assertTrue(passed > 0 && inconclusive > 0, passed + " passed, " + inconclusive + " inconclusive");
    }

    /**
     * On a barely busy current run (the interference can explain a 0.1 % slowdown), a failure stands when its own test's
     * bound (one-sided, at alpha) still clears the tolerance moved by that much, although the 95 % interval's lower end
     * does not.
     */
    @Test
    void aFailureOnABarelyBusyRunIsReweighedAtItsOwnTestsLevel() {
        Analysis busy = measured("b.Sort.sort", scaled(run(3, 5, NOISE, 25), "4", 1.2), b -> b.busy("4", 0.05, 4, 1.001));
        ComparisonResult c = find(check(2, 1.2, busy), Compared.TIME, "4");
        assertTrue(c.ratio().low() < 1.1 * 1.001, c.ratio().toString());
        assertEquals(Status.FAIL, c.status(), c.reason());
    }
}
