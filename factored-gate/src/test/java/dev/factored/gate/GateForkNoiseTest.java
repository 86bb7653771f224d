package dev.factored.gate;

import static dev.factored.gate.RegressionStatisticsTest.suite;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.family.ForkNoise;
import dev.factored.gate.comparison.ComparisonResult;
import dev.factored.gate.terms.Compared;
import dev.factored.gate.terms.Status;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The gate's noise is the analysis' model ({@link ForkNoise}) of each run: known answers for where it comes from and
 * for how often the interval of an unchanged configuration's change covers no change.
 */
class GateForkNoiseTest {

    /**
     * A/A pairs of simulated suites (10 families, 2 forks each, fork noise σ = 0.10 on every configuration): the 95 %
     * interval of each T_2 change covers 1 (the truth) in about 95 % of the checks, and at most alpha (5 %) of the
     * unchanged runs fail a check (Holm over each run's checks; these seeds: 1 of 60).
     */
    @Test
    void theIntervalsOfAnUnchangedSuiteCoverNoChange() {
        int covered = 0;
        int checks = 0;
        int failed = 0;
        int runsFailed = 0;
        int pairs = 60;
        for (long pair = 0; pair < pairs; pair++) {
            Verdict v = Gate.check(suite(2, 0.10, 1000 + 2 * pair, null, 1), suite(2, 0.10, 1001 + 2 * pair, null, 1),
                    RegressionStatisticsTest.CONFIG);
            runsFailed += v.passed() ? 0 : 1;
            for (ComparisonResult c : v.comparisons()) {
                if (c.statistics() == null || c.compared() != Compared.TIME) {
                    continue;
                }
                checks++;
                covered += c.ratio().low() <= 1 && 1 <= c.ratio().high() ? 1 : 0;
                failed += c.status() == Status.FAIL ? 1 : 0;
            }
        }
        double share = covered / (double) checks;
        System.out.printf("[gate A/A] time-change intervals covering no change: %d of %d (%.1f %%), failed %d checks in "
                + "%d of %d runs%n", covered, checks, 100 * share, failed, runsFailed, pairs);
        assertTrue(share >= 0.93 && share <= 0.985, covered + " of " + checks);
        assertTrue(runsFailed <= 0.05 * pairs, runsFailed + " of " + pairs + " unchanged runs failed");
    }

    /** Both runs measured their noise: the reason names each side's σ_b, as the analysis' intervals use it. */
    @Test
    void theReasonNamesTheNoiseOfBothRuns() {
        Verdict v = Gate.check(suite(2, 0.05, 7, null, 1), suite(3, 0.05, 8, null, 1), RegressionStatisticsTest.CONFIG);
        ComparisonResult speedup = BaselineComparisonTest.find(v, Compared.ACTUAL_SPEEDUP, "2");
        String noise = speedup.statistics().noise();
        assertEquals(ComparisonResult.Method.FORKS, speedup.method());
        for (String side : List.of("this run's T_2 (2 forks): σ_b ", "this run's T_s (2 forks): σ_b ",
                "the baseline's T_2 (3 forks): σ_b ", "the baseline's T_s (3 forks): σ_b ")) {
            assertTrue(noise.contains(side), side + " in " + noise);
        }
        assertTrue(noise.contains("its own shrunk toward its family and the cores=2 configurations"), noise);
    }

    /**
     * A current run of single forks measured no noise between forks: it borrows the baseline's (same suite, same
     * machine), says so, and is not called assumed.
     */
    @Test
    void aRunOfSingleForksBorrowsTheOtherRunsNoise() {
        Analysis baseline = suite(3, 0.05, 9, null, 1);
        Verdict v = Gate.check(suite(1, 0.05, 10, null, 1), baseline, RegressionStatisticsTest.CONFIG);
        ComparisonResult time = BaselineComparisonTest.find(v, Compared.TIME, "2");
        assertEquals(ComparisonResult.Method.FORKS, time.method(), time.reason());
        assertTrue(time.statistics().noise().contains("this run's T_2 (1 fork): σ_b "), time.statistics().noise());
        assertTrue(time.statistics().noise().contains("measured in the baseline (this run has none)"),
                time.statistics().noise());
        assertTrue(time.statistics().noise().contains("the baseline's T_2 (3 forks)"), time.statistics().noise());
        Verdict none = Gate.check(suite(1, 0.05, 10, null, 1), suite(1, 0.05, 11, null, 1),
                RegressionStatisticsTest.CONFIG);
        ComparisonResult assumed = BaselineComparisonTest.find(none, Compared.TIME, "2");
        assertEquals(ComparisonResult.Method.ASSUMED, assumed.method());
        assertTrue(assumed.statistics().noise().startsWith("assumed 10.0% per run: nothing here measures it (one fork "
                + "per configuration in both runs"), assumed.statistics().noise());
    }
}
