package dev.factored.analysis.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Forks that ran at two speeds: found where the construction puts them, and rarely in one normal sample. */
class ForkModesTest {

    /** Forks of 5 iterations each, every iteration {@code mean × (1 ± 0.5 %)} around its fork's mean. */
    private static double[][] forks(double... means) {
        double[][] t = new double[means.length][];
        for (int f = 0; f < means.length; f++) {
            double m = means[f];
            t[f] = new double[] {m, m * 1.005, m * 0.995, m * 1.003, m * 0.997};
        }
        return t;
    }

    /** Fork means recorded at P = 2 of the example's merge sort (cutoff 200), 8-minute run: one JVM ran 2.3x slower. */
    @Test
    void findsTheOneForkThatRanAtAnotherSpeed() {
        double[][] t = forks(8.175e-3, 9.048e-3, 8.296e-3, 9.182e-3, 8.866e-3, 19.534e-3, 8.228e-3, 8.473e-3,
                7.978e-3, 10.290e-3, 8.149e-3);
        ForkModes.Split split = ForkModes.of(t).orElseThrow();
        assertEquals(10, split.fastForks());
        assertEquals(1, split.slowForks());
        assertEquals(7.978e-3, split.fastLow(), 1e-6);
        assertEquals(10.290e-3, split.fastHigh(), 1e-6);
        assertEquals(19.534e-3, split.slowLow(), 1e-6);
        assertEquals(19.534e-3 / Math.sqrt(7.978e-3 * 10.290e-3) - 1, split.slowdown(), 1e-4);
        assertEquals(0.004, split.withinFork(), 0.001, "the iterations' own spread, about 0.4 %");
    }

    @Test
    void findsTwoGroupsOfSteadyForks() {
        ForkModes.Split split = ForkModes.of(forks(1.00, 1.01, 0.99, 1.30, 1.02, 1.31, 0.995, 1.29, 1.005))
                .orElseThrow();
        assertEquals(6, split.fastForks());
        assertEquals(3, split.slowForks());
        assertEquals(0.30, split.slowdown(), 0.02);
    }

    /** Recorded at P = 2 of the example's sum (threshold 100000), 8-minute run: one JVM ran at 1.0 ms, eight near 1.6. */
    @Test
    void findsTheOneFastFork() {
        ForkModes.Split split = ForkModes.of(forks(1.03e-3, 1.54e-3, 1.80e-3, 1.60e-3, 1.58e-3, 1.66e-3, 1.71e-3,
                1.62e-3, 1.75e-3)).orElseThrow();
        assertEquals(1, split.fastForks());
        assertEquals(8, split.slowForks());
    }

    @Test
    void saysNothingOfFewForksOrOfASmallGap() {
        assertTrue(ForkModes.of(forks(1.0, 1.0, 1.5)).isEmpty(), "3 forks cannot show two groups");
        assertTrue(ForkModes.of(forks(1.00, 1.001, 1.04, 1.041, 1.0005, 1.0405)).isEmpty(),
                "a 4 % gap is not named, however steady the forks");
        assertTrue(ForkModes.of(forks(1.00, 1.10, 1.21, 1.33, 1.46, 1.61)).isEmpty(), "an even spread has no gap");
    }

    /**
     * The false alarms: fork means one normal sample (σ_b 10 % between forks, 2 % between iterations; or no fork
     * effect and 10 % between iterations), 10,000 configurations for each number of forks from 4 to 60. The critical
     * ratios are the 99th percentiles, so about 1 % of them are named, and no more where only the iterations differ;
     * the bar, 1.5 %, is five standard errors of a 1 % share above it (the largest seen is 1.1 %).
     */
    @Test
    void namesAboutOnePercentOfNormalForks() {
        SplittableRandom random = new SplittableRandom(24);
        int trials = 10_000;
        for (int n : new int[] {4, 5, 6, 8, 11, 15, 20, 30, 60}) {
            for (double[] noise : new double[][] {{0.10, 0.02}, {0, 0.10}}) {
                double sigmaB = noise[0];
                double sigmaW = noise[1];
                int named = 0;
                for (int trial = 0; trial < trials; trial++) {
                    double[][] t = new double[n][5];
                    for (double[] fork : t) {
                        double effect = sigmaB * Bootstrap.gaussian(random);
                        Arrays.setAll(fork, i -> Math.exp(effect + sigmaW * Bootstrap.gaussian(random)));
                    }
                    named += ForkModes.of(t).isPresent() ? 1 : 0;
                }
                double share = named / (double) trials;
                System.out.printf("[fork modes] %d normal forks, σ_b %.2f, σ_w %.2f: %.2f%% named%n", n, sigmaB, sigmaW,
                        100 * share);
                assertTrue(share <= 0.015, n + " forks, σ_b " + sigmaB + ": " + share + " named");
            }
        }
    }
}
