package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.input.AnalysisInputException;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.ScalingModels;
import dev.factored.analysis.model.family.Family;
import dev.factored.analysis.model.finding.Finding;
import dev.factored.analysis.model.finding.FindingKind;
import dev.factored.analysis.model.finding.Severity;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.stats.Bootstrap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The scaling models on speedups built from known σ, κ and serial fractions. */
class ScalingFitTest {

    private static final double EPS = 1e-9;
    private static final int[] CORES = {1, 2, 4, 8, 16};

    /** T_P of USL with scale 1/T_1: P·T_P/T_1 = 1 + σ(P − 1) + κP(P − 1). */
    private static double uslTime(double oneCore, double sigma, double kappa, int p) {
        return oneCore * (1 + sigma * (p - 1) + kappa * p * (p - 1)) / p;
    }

    private static ScalingModels fit(Fixtures.Entries entries, int resamples) throws AnalysisInputException {
        Family family = Families.group(entries.build(), "test.json").families().get(0);
        return Factoring.compute(family, new AnalysisOptions(7, resamples, 0.95, 64)).scaling();
    }

    private static Fixtures.Entries exact(double sigma, double kappa, int... cores) {
        Fixtures.Entries entries = new Fixtures.Entries().add("baseline", 0.8, null);
        for (int p : cores) {
            entries.add(String.valueOf(p), uslTime(1.0, sigma, kappa, p), null);
        }
        return entries;
    }

    @Test
    void recoversContentionAndCoherencyFromExactPoints() throws Exception {
        ScalingModels m = fit(exact(0.05, 0.002, CORES), 0);
        assertTrue(m.fitted(), m.notFittedBecause());
        assertEquals(List.of(1, 2, 4, 8, 16), m.fittedTo());
        assertEquals(0.05, m.contention().value(), EPS);
        assertEquals(0.002, m.coherency().value(), EPS);
        assertEquals(Math.sqrt(0.95 / 0.002), m.peak().value(), 1e-6);
        // Karp–Flatt's e(P) of USL points is σ + κ·P: growing with P.
        for (ScalingModels.KarpFlatt e : m.karpFlatt()) {
            assertEquals(0.05 + 0.002 * e.cores(), e.serialFraction().value(), EPS, "e(" + e.cores() + ")");
        }
        // Projected over T_s = 0.8: 0.8·P / (1 + σ(P − 1) + κP(P − 1)), to projectTo.
        assertEquals(64, m.projection().size());
        ScalingModels.Projection at32 = m.projection().get(31);
        assertEquals(32, at32.cores());
        assertEquals(0.8 * 32 / (1 + 0.05 * 31 + 0.002 * 32 * 31), at32.usl().value(), EPS);
    }

    @Test
    void amdahlIsUslWithoutCoherency() throws Exception {
        ScalingModels m = fit(exact(0.1, 0, CORES), 0);
        assertEquals(0.1, m.amdahl().value(), EPS);
        assertEquals(0.1, m.contention().value(), EPS);
        assertEquals(0, m.coherency().value(), EPS);
        assertNull(m.peak(), "no coherency, no peak");
        m.karpFlatt().forEach(e -> assertEquals(0.1, e.serialFraction().value(), EPS, "a constant e(P)"));
        ScalingModels.Projection at64 = m.projection().get(63);
        assertEquals(at64.amdahl().value(), at64.usl().value(), EPS);
        assertEquals(0.8 * 64 / (1 + 0.1 * 63), at64.amdahl().value(), EPS);
    }

    @Test
    void fewerThanThreeValidPointsGiveNoFitAndSayWhy() throws Exception {
        ScalingModels two = fit(exact(0.05, 0.002, 1, 2), 0);
        assertFalse(two.fitted());
        assertEquals("fitted only to 3 or more valid P, and this family has 2 (P = 1, 2)", two.notFittedBecause());
        assertNull(two.coherency());
        assertTrue(two.projection().isEmpty());

        ScalingModels noOne = fit(exact(0.05, 0.002, 2, 4, 8), 0);
        assertFalse(noOne.fitted());
        assertTrue(noOne.notFittedBecause().contains("one-worker time T_1"), noOne.notFittedBecause());
    }

    @Test
    void invalidPointsAreLeftOut() throws Exception {
        Fixtures.Entries entries = new Fixtures.Entries().add("baseline", 0.8, null);
        for (int p : new int[] {1, 2, 4}) {
            entries.add(String.valueOf(p), Fixtures.constant(uslTime(1, 0.05, 0.002, p)), null,
                    Fixtures.profiled(p, 4));
        }
        // P = 8 on 4 CPUs: oversubscribed, and its time says so; the fit must not see it.
        entries.add("8", Fixtures.constant(1.0), null, Fixtures.profiled(8, 4));
        ScalingModels m = fit(entries, 0);
        assertEquals(List.of(1, 2, 4), m.fittedTo());
        assertEquals(0.002, m.coherency().value(), EPS);
    }

    /**
     * Noisy runs of a known program (5 forks of 5 iterations per configuration, a fork effect of 3 % and iteration
     * noise of 1 %, like the example suite's): over 200 runs the 95 % intervals of σ, κ and f must hold the true values
     * about as often as they say. The data are drawn from a fixed seed, so the test is deterministic.
     */
    @Test
    void intervalsHoldTheTrueValuesAtAboutTheirLevel() throws Exception {
        double sigma = 0.04;
        double kappa = 0.003;
        int runs = 200;
        int sigmaIn = 0;
        int kappaIn = 0;
        int amdahlIn = 0;
        SplittableRandom random = new SplittableRandom(2026);
        for (int run = 0; run < runs; run++) {
            Fixtures.Entries entries = new Fixtures.Entries().add("baseline", noisy(0.8, random), null, Map.of());
            Fixtures.Entries amdahlEntries = new Fixtures.Entries().add("baseline", noisy(0.8, random), null, Map.of());
            for (int p : CORES) {
                entries.add(String.valueOf(p), noisy(uslTime(1, sigma, kappa, p), random), null, Map.of());
                amdahlEntries.add(String.valueOf(p), noisy(uslTime(1, 0.1, 0, p), random), null, Map.of());
            }
            ScalingModels m = fit(entries, 400);
            sigmaIn += contains(m.contention(), sigma) ? 1 : 0;
            kappaIn += contains(m.coherency(), kappa) ? 1 : 0;
            amdahlIn += contains(fit(amdahlEntries, 400).amdahl(), 0.1) ? 1 : 0;
        }
        String rates = "σ " + sigmaIn + ", κ " + kappaIn + ", f " + amdahlIn + " of " + runs;
        System.out.println("[scaling fits] 95 % intervals holding the true value: " + rates);
        // 95 % of 200 is 190, with a binomial sd of 3; percentile intervals over 5 forks run a little narrow.
        assertTrue(sigmaIn >= 176 && kappaIn >= 176 && amdahlIn >= 176, rates);
        assertTrue(sigmaIn <= 200 && kappaIn <= 200, rates);
    }

    private static boolean contains(Estimate e, double truth) {
        assertNotNull(e);
        return e.low() <= truth && truth <= e.high();
    }

    /** 5 forks × 5 iterations around {@code mean}: a log-normal fork effect (3 %) times iteration noise (1 %). */
    private static double[][] noisy(double mean, SplittableRandom random) {
        double[][] out = new double[5][5];
        for (double[] fork : out) {
            double forkEffect = Math.exp(0.03 * Bootstrap.gaussian(random));
            for (int i = 0; i < fork.length; i++) {
                fork[i] = mean * forkEffect * Math.exp(0.01 * Bootstrap.gaussian(random));
            }
        }
        return out;
    }

    private static Finding finding(FamilyAnalysis f, FindingKind kind) {
        return f.explanation().findings().stream().filter(x -> x.kind().equals(kind.id())).findFirst().orElse(null);
    }

    @Test
    void aPositiveCoherencyPredictsWhereTheSpeedupPeaks() throws Exception {
        // σ = 5 %, κ = 0.02: the speedup peaks at √(0.95 / 0.02) = 6.9 workers, beyond the measured P = 4.
        FamilyAnalysis f = exact(0.05, 0.02, 1, 2, 4).family();
        Finding peak = finding(f, FindingKind.RETROGRADE_PREDICTED);
        assertNotNull(peak, f.explanation().findings().toString());
        assertEquals(Severity.INFO, peak.severity());
        assertEquals(4, peak.cores());
        assertTrue(peak.text().contains("peaks at about P = 6.9 [6.9, 6.9] (2.62x)"), peak.text());
        assertTrue(peak.text().contains("Karp–Flatt's serial fraction grows from 9.0% at P = 2 to 13.0% at P = 4"),
                peak.text());
        assertEquals(Math.sqrt(0.95 / 0.02), peak.evidence().get("peak").value(), 1e-9);
        assertNull(finding(f, FindingKind.SERIAL_FRACTION_GROWS), "said once, in the peak's finding");
    }

    @Test
    void aFixedSerialFractionPredictsNoPeakAndNoGrowth() throws Exception {
        FamilyAnalysis f = exact(0.1, 0, CORES).family();
        assertNull(finding(f, FindingKind.RETROGRADE_PREDICTED), f.explanation().findings().toString());
        assertNull(finding(f, FindingKind.SERIAL_FRACTION_GROWS), f.explanation().findings().toString());
    }

    @Test
    void aFitThatOutrunsTheSpanIsSaidWhereItLeavesTheBound() throws Exception {
        // Nearly linear points (f = 1 %) of a program whose parallelism is 8: the span caps the speedup over T_s at
        // 0.8 · 8 = 6.4 from P = 8, which the fit passes at P = 9 (0.8 · 9 / 1.08 = 6.67).
        Fixtures.Entries entries = exact(0.01, 0, 1, 2, 4);
        entries.addSpan(Fixtures.constant(1.0), 1.0, 0.125, 0.125, 1000, 1000, 1000);
        FamilyAnalysis f = entries.family();
        Finding above = finding(f, FindingKind.FIT_ABOVE_SPAN_BOUND);
        assertNotNull(above, f.explanation().findings().toString());
        assertEquals(9, above.cores());
        assertTrue(above.text().startsWith("From 9 cores the fitted USL predicts more speedup (6.67x) than the span "
                + "allows (at most 6.40x)"), above.text());
    }
}
