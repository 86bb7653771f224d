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
     * One slow JVM (family f3's one-worker configuration, its last fork 1.6 times the others) is set apart: its checks
     * say their noise is its own, and every other family's check is exactly as in the run where that configuration fed
     * no pool (one fork: no spread of its own).
     */
    @Test
    void aSlowJvmWidensOnlyItsOwnChecks() {
        Analysis baseline = suite(3, 0.05, 12, null, 1);
        Verdict slow = Gate.check(suiteWithSlowJvm(1.6), baseline, RegressionStatisticsTest.CONFIG);
        Verdict without = Gate.check(suiteWithSlowJvm(0), baseline, RegressionStatisticsTest.CONFIG);
        ComparisonResult own = find(slow, "b.Suite.f3", "1");
        assertTrue(own.statistics().noise().contains("this run's T_1 (3 forks): σ_b ")
                && own.statistics().noise().contains("its forks disagree far beyond what the others expect of it"),
                own.statistics().noise());
        ComparisonResult other = find(slow, "b.Suite.f5", "2");
        ComparisonResult same = find(without, "b.Suite.f5", "2");
        assertEquals(same.ratio().low(), other.ratio().low(), 1e-12, other.reason());
        assertEquals(same.ratio().high(), other.ratio().high(), 1e-12, other.reason());
    }

    /**
     * {@link RegressionStatisticsTest#suite} in 3 forks, f3's one-worker configuration's last fork times {@code slow}, or
     * its first fork alone for 0.
     */
    private static Analysis suiteWithSlowJvm(double slow) {
        List<dev.factored.analysis.model.FamilyAnalysis> families = new java.util.ArrayList<>();
        for (int i = 0; i < 10; i++) {
            java.util.Map<String, double[][]> run = RegressionStatisticsTest.forkNoise(3, 0.05, 1300 + i);
            if (i == 3 && slow == 0) {
                run.put("1", new double[][] {run.get("1")[0]});
            } else if (i == 3) {
                double[] last = run.get("1")[2];
                for (int j = 0; j < last.length; j++) {
                    last[j] *= slow;
                }
            }
            families.add(Fixtures.family("b.Suite.f" + i).measured(run).build());
        }
        return Fixtures.analysis(families.toArray(new dev.factored.analysis.model.FamilyAnalysis[0]));
    }

    private static ComparisonResult find(Verdict v, String family, String cores) {
        return v.comparisons().stream().filter(c -> c.compared() == Compared.TIME && c.subject() != null
                && family.equals(c.subject().benchmark()) && cores.equals(Fixtures.cores(c.subject()))).findFirst()
                .orElseThrow();
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
