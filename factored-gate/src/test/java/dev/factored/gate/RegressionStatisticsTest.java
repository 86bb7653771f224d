package dev.factored.gate;

import static dev.factored.gate.BaselineComparisonTest.find;
import static dev.factored.gate.BaselineComparisonTest.measured;
import static dev.factored.gate.BaselineComparisonTest.scaled;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.stats.Distributions;
import dev.factored.gate.comparison.ComparisonResult;
import dev.factored.gate.terms.Compared;
import dev.factored.gate.terms.Status;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Known answers for the regression statistics: fork-level noise, Holm, the smallest detectable change. */
class RegressionStatisticsTest {

    static final GateConfig CONFIG = GateConfig.of(List.of());

    /**
     * A run whose forks differ by a known amount: fork f of a configuration has the mean
     * time · exp(sigma · z_f), z from a fixed seed, and 5 steady iterations (so all the noise is between forks).
     */
    static Map<String, double[][]> forkNoise(int forks, double sigma, long seed) {
        Random random = new Random(seed);
        Map<String, double[][]> run = new LinkedHashMap<>();
        for (Map.Entry<String, Double> e : Map.of("baseline", 1.0e-3, "elision", 1.1e-3, "1", 1.2e-3, "2", 0.65e-3)
                .entrySet().stream().sorted(Map.Entry.comparingByKey(
                        java.util.Comparator.comparing(dev.factored.contract.CoresValue::parse,
                                dev.factored.contract.CoresValue.ORDER))).toList()) {
            double[][] s = new double[forks][5];
            for (int f = 0; f < forks; f++) {
                double mean = e.getValue() * Math.exp(sigma * random.nextGaussian());
                java.util.Arrays.fill(s[f], mean);
            }
            run.put(e.getKey(), s);
        }
        return run;
    }

    /** Ten families, so that the noise model has series to pool. */
    static Analysis suite(int forks, double sigma, long seed, String slowFamily, double factor) {
        List<dev.factored.analysis.model.FamilyAnalysis> families = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            String name = "b.Suite.f" + i;
            Map<String, double[][]> run = forkNoise(forks, sigma, seed * 100 + i);
            if (name.equals(slowFamily)) {
                for (String cores : List.of("elision", "1", "2")) {
                    run = scaled(run, cores, factor);
                }
            }
            families.add(Fixtures.family(name).measured(run).build());
        }
        return Fixtures.analysis(families.toArray(new dev.factored.analysis.model.FamilyAnalysis[0]));
    }

    @Test
    void thePooledNoiseRecoversAKnownBetweenForkVariance() {
        // 10 families × 4 configurations × 2 runs of 3 forks: 80 df of fork-to-fork noise at sigma = 0.05 in each run
        Verdict v = Gate.check(suite(3, 0.05, 1, null, 1), suite(3, 0.05, 2, null, 1), CONFIG);
        // the interval of a change is exp(± t · SE), SE = sqrt(2 · sigma² / 3) for the difference of two means; each
        // configuration's own estimate (2 df) is shrunk toward its family's and cores value's, so one check's SE moves
        // with its own forks: the mean variance over the ten families' T_2 checks is the known answer
        double expectedSe = Math.sqrt(2 * 0.05 * 0.05 / 3);
        double sum = 0;
        int n = 0;
        for (ComparisonResult time : v.comparisons()) {
            if (time.compared() != Compared.TIME || !"2".equals(Fixtures.cores(time.subject()))) {
                continue;
            }
            double half = Math.log(time.ratio().high() / time.ratio().value());
            double se = half / Distributions.tQuantile(0.975, time.statistics().degreesOfFreedom());
            sum += se * se;
            n++;
            assertTrue(time.statistics().noise().startsWith("from both runs' forks (the analysis' model): this run's "
                    + "T_2 (3 forks): σ_b "), time.statistics().noise());
            assertTrue(time.statistics().noise().contains("; the baseline's T_2 (3 forks): σ_b "),
                    time.statistics().noise());
        }
        assertEquals(10, n);
        double se = Math.sqrt(sum / n);
        assertEquals(expectedSe, se, 0.2 * expectedSe, "recovered SE " + se + " vs " + expectedSe);
    }

    /**
     * One family of four configurations in two forks, in each run: each run measured 4 degrees of freedom of noise
     * between forks, so no check of the two runs rests on more than 8, however many configurations its change sums
     * (a speedup's two in each run). Welch–Satterthwaite alone counted the run's one pool once for every configuration.
     */
    @Test
    void aChangeRestsOnNoMoreDegreesOfFreedomThanItsTwoRunsMeasured() {
        Analysis baseline = Fixtures.analysis(Fixtures.family("b.One.f").measured(forkNoise(2, 0.1, 1)).build());
        Analysis current = Fixtures.analysis(Fixtures.family("b.One.f").measured(forkNoise(2, 0.1, 2)).build());
        int judged = 0;
        for (ComparisonResult c : Gate.check(current, baseline, CONFIG).comparisons()) {
            if (c.statistics() != null) {
                judged++;
                assertTrue(c.statistics().degreesOfFreedom() <= 8, c.compared() + " " + c.subject() + ": "
                        + c.statistics().degreesOfFreedom());
            }
        }
        assertTrue(judged >= 4, "the parallel times and speedups were judged: " + judged);
    }

    @Test
    void theMinimumDetectableChangeFollowsItsFormula() {
        Verdict v = Gate.check(suite(3, 0.05, 1, null, 1), suite(3, 0.05, 2, null, 1), CONFIG);
        for (ComparisonResult c : v.comparisons()) {
            if (c.statistics() == null) {
                continue;
            }
            double df = c.statistics().degreesOfFreedom();
            double se = Math.log(c.ratio().high() / c.ratio().value()) / Distributions.tQuantile(0.975, df);
            int m = c.statistics().checks();
            // failed 4 times in 5: beyond the tolerance at 5 % on its own, and worse at all at 5 % / m (Holm's first step)
            double tolerance = c.compared() == Compared.TIME ? Math.log(1.1) : -Math.log(0.9);
            double mdcLog = Math.max(tolerance + se * Distributions.tQuantile(0.95, df),
                    se * Distributions.tQuantile(1 - 0.05 / m, df)) + se * Distributions.tQuantile(0.8, df);
            double expected = c.compared() == Compared.TIME ? Math.expm1(mdcLog) : -Math.expm1(-mdcLog);
            assertEquals(expected, c.statistics().minimumDetectableChange(), 1e-9 * expected, c.toString());
            assertEquals(40, m, "T_1, T_2 and speedups at 1 and 2 of 10 families: 40 judged checks");
        }
    }

    @Test
    void anUnchangedSuitePassesAndATwofoldSlowdownFails() {
        Verdict same = Gate.check(suite(2, 0.05, 3, null, 1), suite(2, 0.05, 4, null, 1), CONFIG);
        assertTrue(same.passed(), same.failures().toString());
        assertEquals(0, same.count(Status.FAIL));
        Verdict slow = Gate.check(suite(2, 0.05, 3, "b.Suite.f4", 2.0), suite(2, 0.05, 4, null, 1), CONFIG);
        assertFalse(slow.passed());
        for (ComparisonResult c : slow.comparisons()) {
            if (c.status() == Status.FAIL) {
                assertEquals("b.Suite.f4", c.subject().benchmark(), c.toString());
            }
        }
        assertEquals(Status.FAIL, find(slow.comparisons().stream().filter(c -> c.subject().benchmark()
                .equals("b.Suite.f4")).toList(), Compared.TIME, "2").status());
    }

    @Test
    void withOneForkAndOneBaselineRunASmallChangeIsInconclusiveAndATwofoldOneFails() {
        Verdict small = Gate.check(suite(1, 0.05, 5, "b.Suite.f4", 1.15), suite(1, 0.05, 6, null, 1), CONFIG);
        assertTrue(small.passed(), small.failures().toString());
        ComparisonResult c = find(small.comparisons().stream().filter(x -> x.subject().benchmark().equals("b.Suite.f4"))
                .toList(), Compared.TIME, "2");
        assertEquals(Status.INCONCLUSIVE, c.status(), c.reason());
        assertEquals(ComparisonResult.Method.ASSUMED, c.method());
        assertTrue(c.reason().contains("record a baseline from 3 or more runs"), c.reason());
        Verdict twofold = Gate.check(suite(1, 0.05, 5, "b.Suite.f4", 2.0), suite(1, 0.05, 6, null, 1), CONFIG);
        assertFalse(twofold.passed(), "a 2x slowdown is far beyond any plausible noise");
        assertEquals(Status.FAIL, find(twofold.comparisons().stream().filter(x -> x.subject().benchmark()
                .equals("b.Suite.f4")).toList(), Compared.TIME, "2").status());
    }

    @Test
    void aBaselineOfSeveralRunsMeasuresTheRunToRunNoise() {
        List<Analysis> history = new ArrayList<>();
        for (int r = 0; r < 5; r++) {
            history.add(suite(1, 0.03, 10 + r, null, 1));
        }
        Verdict same = Gate.checkRuns(suite(1, 0.03, 20, null, 1), history, CONFIG);
        assertTrue(same.passed(), same.failures().toString());
        ComparisonResult c = find(same.comparisons().stream().filter(x -> x.subject().benchmark().equals("b.Suite.f0"))
                .toList(), Compared.TIME, "2");
        assertEquals(ComparisonResult.Method.RUN_HISTORY, c.method());
        assertTrue(c.statistics().noise().startsWith("between the baseline's 5 runs"), c.statistics().noise());
        assertTrue(same.notes().stream().anyMatch(n -> n.contains("The baseline holds 5 runs")), same.notes().toString());
        Verdict slow = Gate.checkRuns(suite(1, 0.03, 20, "b.Suite.f0", 1.5), history, CONFIG);
        assertFalse(slow.passed());
        assertEquals(Status.FAIL, find(slow.comparisons().stream().filter(x -> x.subject().benchmark()
                .equals("b.Suite.f0")).toList(), Compared.TIME, "2").status());
    }

    @Test
    void holmControlsTheErrorOverAllChecksOfARun() {
        // 200 unchanged pairs of a 10-family suite with 2 forks: the family-wise error stays near or below 5 %
        int failing = 0;
        for (int i = 0; i < 200; i++) {
            Verdict v = Gate.check(suite(2, 0.05, 1000 + 2 * i, null, 1), suite(2, 0.05, 1001 + 2 * i, null, 1), CONFIG);
            failing += v.passed() ? 0 : 1;
        }
        assertTrue(failing <= 20, failing + " of 200 unchanged runs failed");
    }
}
