package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.input.JmhEntry;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.point.Point;
import dev.factored.analysis.stats.Bootstrap;
import dev.factored.analysis.stats.Descriptive;
import dev.factored.analysis.stats.Tails;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.junit.jupiter.api.Test;

public class BootstrapTest {

    private static final double[][] SYMMETRIC = {{1.0, 1.1, 1.2, 1.3, 1.4}, {0.9, 1.0, 1.2, 1.4, 1.5},
            {1.0, 1.1, 1.2, 1.3, 1.4}};

    static Fixtures.Entries noisy(String benchmark) {
        return noisy(new Fixtures.Entries().benchmark(benchmark));
    }

    public static Fixtures.Entries noisy(Fixtures.Entries start) {
        return start
                .add("baseline", SYMMETRIC, null, Map.of())
                .add("elision", scale(SYMMETRIC, 1.1), null, Map.of())
                .add("1", scale(SYMMETRIC, 1.3), scale(SYMMETRIC, 0.01), Map.of())
                .add("2", scale(SYMMETRIC, 0.8), scale(SYMMETRIC, 0.2), Map.of())
                .add("4", scale(SYMMETRIC, 0.5), scale(SYMMETRIC, 0.4), Map.of());
    }

    static double[][] scale(double[][] a, double k) {
        double[][] out = new double[a.length][];
        for (int f = 0; f < a.length; f++) {
            out[f] = new double[a[f].length];
            for (int i = 0; i < a[f].length; i++) {
                out[f][i] = a[f][i] * k;
            }
        }
        return out;
    }

    @Test
    void sameSeedGivesSameIntervalsOtherSeedOthers() throws Exception {
        List<JmhEntry> entries = noisy("a.B.c").build();
        Analysis a = FactoredAnalysis.analyze(entries, "x", new AnalysisOptions(1, 500, 0.95));
        Analysis b = FactoredAnalysis.analyze(entries, "x", new AnalysisOptions(1, 500, 0.95));
        Analysis c = FactoredAnalysis.analyze(entries, "x", new AnalysisOptions(2, 500, 0.95));
        assertEquals(a, b);
        assertEquals(a.families().get(0).times().baselineTime().value(), c.families().get(0).times().baselineTime().value());
        assertNotEquals(a.families().get(0).points(), c.families().get(0).points());
    }

    @Test
    void intervalsDoNotDependOnFamilyOrder() throws Exception {
        List<JmhEntry> ab = new ArrayList<>(noisy("a.A.x").build());
        ab.addAll(noisy("a.B.y").build());
        List<JmhEntry> ba = new ArrayList<>(noisy("a.B.y").build());
        ba.addAll(noisy("a.A.x").build());
        AnalysisOptions o = new AnalysisOptions(3, 300, 0.95);
        Analysis first = FactoredAnalysis.analyze(ab, "x", o);
        Analysis second = FactoredAnalysis.analyze(ba, "x", o);
        assertEquals(first.families().get(0).points(), second.families().get(1).points());
        assertEquals(first.families().get(1).points(), second.families().get(0).points());
    }

    @Test
    void symmetricDataGiveIntervalsAroundThePointEstimate() throws Exception {
        FamilyAnalysis f = FactoredAnalysis.analyze(noisy("a.B.c").build(), "x", new AnalysisOptions(5, 2000, 0.95))
                .families().get(0);
        List<Estimate> all = new ArrayList<>(List.of(f.times().baselineTime(), f.times().elisionTime(), f.times().oneCoreTime()));
        for (Point p : f.points()) {
            all.add(p.times().time());
            all.add(p.times().idleTime());
            all.add(p.speedups().actual());
            all.add(p.speedups().maximal());
            all.add(p.losses().inflation());
        }
        for (Estimate e : all) {
            assertTrue(e.low() < e.value() && e.value() < e.high(), e.toString());
        }
        // the mean of 15 samples spread ±0.3 around 1.2 (sd ≈ 0.17, standard error ≈ 0.045): a 95% interval
        // about 0.18 wide, times √(3/2) for the fork-level correction with 3 forks ≈ 0.22; not more than 0.25
        double width = f.times().baselineTime().high() - f.times().baselineTime().low();
        assertTrue(width > 0.1 && width < 0.25, f.times().baselineTime().toString());
    }

    @Test
    void timeAndIdleOfAConfigurationAreResampledTogether() throws Exception {
        // idle is exactly 40% of the time in every iteration: any replicate that draws both with the same
        // indices gives an idle loss of exactly 0.4; independent draws would spread it
        double[][] time = {{1.0, 2.0, 3.0}, {1.5, 2.5, 4.0}};
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", time, null, Map.of())
                .add("2", time, scale(time, 0.4), Map.of())
                .family();
        Estimate idle = f.points().get(0).losses().idle();
        assertEquals(0.4, idle.low(), 1e-12);
        assertEquals(0.4, idle.high(), 1e-12);
        assertTrue(f.points().get(0).times().time().high() > f.points().get(0).times().time().low());
    }

    @Test
    void forksAreResampledBeforeIterations() {
        // two forks that disagree: a quarter of the replicates draw the slow fork twice, a quarter the fast
        // one twice; with 2 forks each drawn fork lies √2 times farther from the mean of the fork means
        // (2.0) than it is (the small-sample correction), so the extreme replicates are 2 ∓ √2
        double[][] time = {{1.0, 1.0, 1.0}, {3.0, 3.0, 3.0}};
        Estimate t = Estimate.fromReplicates(Bootstrap.means(time, new double[0][][], new double[0][], 400,
                new java.util.SplittableRandom(1)), 0.95);
        assertEquals(2.0, t.value(), 1e-12);
        assertEquals(2.0 - Math.sqrt(2), t.low(), 1e-12);
        assertEquals(2.0 + Math.sqrt(2), t.high(), 1e-12);
    }

    @Test
    void zeroResamplesGiveExactEstimates() throws Exception {
        FamilyAnalysis f = FactoredAnalysis.analyze(noisy("a.B.c").build(), "x", new AnalysisOptions(5, 0, 0.95))
                .families().get(0);
        assertEquals(Estimate.exact(f.times().baselineTime().value()), f.times().baselineTime());
    }

    @Test
    void tailHeapsGiveTheSameQuantilesAsSorting() {
        java.util.SplittableRandom r = new java.util.SplittableRandom(9);
        for (int n : new int[] {1, 2, 3, 10, 101, 2000}) {
            for (int trial = 0; trial < 20; trial++) {
                double[] a = new double[n];
                for (int i = 0; i < n; i++) {
                    a[i] = trial % 3 == 0 ? r.nextInt(4) : r.nextDouble(); // with and without ties
                }
                double[] sorted = a.clone();
                java.util.Arrays.sort(sorted);
                for (double q : new double[] {0, 0.025, 0.05, 0.5, 0.95, 0.975, 1}) {
                    double[] tails = Tails.quantiles(a, 0, n, q, 1 - q);
                    assertEquals(typeSeven(sorted, q), tails[0], 0, "n=" + n + " q=" + q);
                    assertEquals(typeSeven(sorted, 1 - q), tails[1], 0, "n=" + n + " q=" + (1 - q));
                }
                double[] values = new double[n + 1];
                System.arraycopy(a, 0, values, 1, n);
                values[0] = typeSeven(sorted, 0.5); // inside every interval: no widening to hold it
                for (double c : new double[] {0.5, 0.9, 0.95, 0.99}) {
                    Estimate e = Estimate.fromReplicates(values, c);
                    assertEquals(typeSeven(sorted, (1 - c) / 2), e.low(), 0, "n=" + n + " c=" + c);
                    assertEquals(typeSeven(sorted, 1 - (1 - c) / 2), e.high(), 0, "n=" + n + " c=" + c);
                }
            }
        }
    }

    @Test
    void aNonFiniteReplicateLeavesTheQuantityMissing() {
        // a denominator that crosses 0 in one replicate: no interval can be given, so no estimate
        assertEquals(null, Estimate.fromReplicates(new double[] {2, 3, Double.NaN, 1, 2}, 0.5));
        assertEquals(null, Estimate.fromReplicates(new double[] {2, 3, Double.POSITIVE_INFINITY, 1, 2}, 0.5));
        assertEquals(null, Estimate.fromReplicates(new double[] {Double.NaN}, 0.5));
    }

    @Test
    void theIntervalAlwaysHoldsThePointEstimate() {
        // replicates 1..4 around a value of 5 (a skewed ratio): the percentile interval is widened to hold it
        Estimate e = Estimate.fromReplicates(new double[] {5, 1, 2, 3, 4}, 0.5);
        assertEquals(5, e.high(), 0);
        assertEquals(1.75, e.low(), 1e-12);
        assertEquals(true, Estimate.fromReplicates(new double[] {1, 1, 1}, 0.5, true).singleFork());
    }

    @Test
    void optionsAreValidated() {
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> new AnalysisOptions(1, -1, 0.95));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> new AnalysisOptions(1, 10, 1.0));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> new AnalysisOptions(1, 10, Double.NaN));
        assertEquals(new AnalysisOptions(42, 2000, 0.95), AnalysisOptions.DEFAULT);
    }

    @Test
    void tailsAgreeWithCommonsMathsPercentileToTheLastBit() {
        java.util.SplittableRandom r = new java.util.SplittableRandom(3);
        for (int n : new int[] {2, 10, 101, 2000}) {
            double[] a = new double[n];
            for (int i = 0; i < n; i++) {
                a[i] = Math.exp(r.nextDouble());
            }
            Percentile percentile = new Percentile().withEstimationType(Percentile.EstimationType.R_7);
            percentile.setData(a);
            for (double q : new double[] {0.005, 0.025, 0.05, 0.1, 0.16}) {
                double[] tails = Tails.quantiles(a, 0, n, q, 1 - q);
                double low = percentile.evaluate(100 * q);
                double high = percentile.evaluate(100 * (1 - q));
                assertEquals(low, tails[0], Math.ulp(low), "n=" + n + " q=" + q);
                assertEquals(high, tails[1], Math.ulp(high), "n=" + n + " q=" + (1 - q));
            }
        }
    }

    @Test
    void theMedianIsTheMiddleOrBetweenTheTwoMiddles() {
        assertEquals(3.0, Descriptive.median(new double[] {5, 1, 3, 2, 4}), 0);
        assertEquals(2.5, Descriptive.median(new double[] {4, 1, 3, 2}), 0);
        assertEquals(7.0, Descriptive.median(new double[] {7}), 0);
    }

    /** Type 7 by its definition: linear between the order statistics at (n − 1)·q, as {@link Tails} computes it. */
    private static double typeSeven(double[] sorted, double q) {
        double h = (sorted.length - 1) * q;
        int lo = (int) Math.floor(h);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
    }
}
