package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.Analysis;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import dev.factored.analysis.stats.Bootstrap;
import org.junit.jupiter.api.Test;

/** Where the next forks go: known answers from runs made to need them (issue 24). */
class ForkAllocationTest {

    private static double[][] forks(SplittableRandom random, int forks, double truth, double sigmaB, double sigmaW) {
        double[][] t = new double[forks][5];
        for (int f = 0; f < forks; f++) {
            double fork = sigmaB * Bootstrap.gaussian(random);
            for (int i = 0; i < 5; i++) {
                t[f][i] = truth * Math.exp(fork + sigmaW * Bootstrap.gaussian(random));
            }
        }
        return t;
    }

    /** Four families in 3 forks; the noise of one configuration (or of none) ten times the others'. */
    private static Analysis run(long seed, String noisyFamily, String noisyCores, double sigma) throws Exception {
        SplittableRandom random = new SplittableRandom(seed);
        Fixtures.Entries entries = new Fixtures.Entries();
        for (String f : List.of("a", "b", "c", "d")) {
            entries.params(Map.of("f", f));
            for (String cores : List.of("baseline", "1", "2")) {
                double truth = cores.equals("baseline") ? 1 : cores.equals("1") ? 1.1 : 0.6;
                double s = f.equals(noisyFamily) && cores.equals(noisyCores) ? 10 * sigma : sigma;
                entries.add(cores, forks(random, 3, truth, s, s / 4), null, Map.of());
            }
        }
        return FactoredAnalysis.analyze(entries.build(), "sim", new AnalysisOptions(seed, 400, 0.95));
    }

    @Test
    void aConfigurationTenTimesNoisierGetsTheExtraForks() throws Exception {
        int toNoisy = 0;
        int given = 0;
        int missed = 0;
        for (long seed = 1; seed <= 20; seed++) {
            List<ForkAllocation.Fork> next = ForkAllocation.next(run(seed, "b", "2", 0.01), 0.05, 3);
            for (ForkAllocation.Fork fork : next) {
                given++;
                toNoisy += fork.family().params().get("f").equals("b") && fork.cores().toString().equals("2") ? 1 : 0;
            }
            missed += next.isEmpty() ? 0 : 1;
            if (!next.isEmpty()) {
                assertEquals("b", next.get(0).family().params().get("f"), "seed " + seed + ": " + next);
                assertEquals("2", next.get(0).cores().toString(), "seed " + seed + ": " + next);
            }
        }
        // three forks with a fork noise of 10 % seldom give ±5 %: the run goes on
        assertTrue(missed >= 12, "the noisy family missed its target in " + missed + " of 20 runs");
        // the others are at ±1-2 %: the noisy configuration gets most forks (its family's others, whose expected
        // noise it raises, the rest)
        assertTrue(toNoisy >= 0.6 * given, toNoisy + " of " + given);
    }

    @Test
    void aRunAlreadyAtItsTargetStops() throws Exception {
        for (long seed = 1; seed <= 10; seed++) {
            assertEquals(List.of(), ForkAllocation.next(run(seed, null, null, 0.005), 0.05, 10), "seed " + seed);
        }
    }

    @Test
    void aRunOfSingleForksMeasuresItsNoiseBetweenForksFirst() throws Exception {
        SplittableRandom random = new SplittableRandom(3);
        Fixtures.Entries entries = new Fixtures.Entries();
        for (String f : List.of("a", "b")) {
            entries.params(Map.of("f", f));
            entries.add("baseline", forks(random, 1, 1, 0.001, 0.001), null, Map.of());
            entries.add("1", forks(random, 1, 1.1, 0.001, 0.001), null, Map.of());
            entries.add("2", forks(random, 1, 0.6, 0.001, 0.001), null, Map.of());
        }
        Analysis analysis = FactoredAnalysis.analyze(entries.build(), "sim", new AnalysisOptions(1, 400, 0.95));
        List<ForkAllocation.Fork> next = ForkAllocation.next(analysis, 0.05, 100);
        // narrow intervals of iterations only are no evidence: the speedups' configurations get a second fork
        assertEquals(4, next.size(), next.toString());
        assertTrue(next.stream().allMatch(f -> f.reason() == ForkAllocation.Reason.NOISE_UNKNOWN
                && (f.cores().toString().equals("baseline") || f.cores().toString().equals("2"))), next.toString());
        assertEquals(2, ForkAllocation.next(analysis, 0.05, 2).size(), "as many as the budget allows");
    }
}
