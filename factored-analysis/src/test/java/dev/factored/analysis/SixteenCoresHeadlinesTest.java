package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.finding.Finding;
import dev.factored.analysis.model.finding.Headline;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.point.Losses;
import dev.factored.analysis.model.point.Point;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Golden headlines of the example suite measured on a real 16-core server ({@link SixteenCores}; one fork per
 * configuration, so every headline is tentative and most intervals are wide). Issue 34: 4 of its 14 headlines said
 * "tasks too small for the cost of stealing them (major); make each task larger", two of them against their own
 * numbers (a burdened parallelism within 7 % and 14 % of the parallelism), and four named a smaller loss while leaving
 * out a larger one. Each family's headline here is the one its numbers at P = 16 give, with why.
 */
class SixteenCoresHeadlinesTest {

    @TempDir
    static Path dir;

    private static Analysis run;

    @BeforeAll
    static void analyse() throws Exception {
        run = SixteenCores.analyze(dir);
    }

    private static FamilyAnalysis family(String method, Map<String, String> params) {
        return SixteenCores.family(run, method, params);
    }

    private static Headline headline(String method, Map<String, String> params) {
        Headline h = family(method, params).explanation().headline();
        assertEquals(16, h.cores(), h.text());
        return h;
    }

    /** The loss each named headline cause accounts for (the causes these 14 headlines name). */
    private static final Map<String, String> ACCOUNTS_FOR = Map.of("idle", "idle", "low-burdened-parallelism", "idle",
            "low-parallelism", "idle", "inflation", "inflation", "memory-bandwidth", "inflation",
            "algorithmic-overhead", "algorithmic", "scheduling-overhead", "scheduling",
            "one-worker-overhead", "overhead");

    /** The program's losses at P (not the machine's), largest point estimate first. */
    private static List<String> byValue(Losses losses) {
        return Losses.NAMES.stream().filter(n -> !n.equals("interference") && losses.named(n) != null)
                .sorted(Comparator.comparingDouble((String n) -> losses.named(n).value()).reversed()).toList();
    }

    @Test
    void everyHeadlineNamesTheLargestLossAndNeverSkipsALargerOne() {
        assertEquals(14, run.families().size());
        for (FamilyAnalysis f : run.families()) {
            Headline h = f.explanation().headline();
            List<String> ranked = byValue(f.point(h.cores()).losses());
            if (h.loss() != null) {
                assertEquals(ranked.get(0), ACCOUNTS_FOR.get(h.loss()), f.id().params() + ": " + h.text());
            } else {
                // the largest by value, then every loss that could be the largest (its interval reaches into the
                // largest's), by value; one whose interval ends below it is smaller and left out whatever its rank
                Losses at = f.point(h.cores()).losses();
                double firstLow = at.named(ranked.get(0)).low();
                List<String> contenders = ranked.stream().filter(n -> n.equals(ranked.get(0))
                        || at.named(n).value() > 0 && at.named(n).high() >= firstLow).toList();
                assertEquals(contenders, h.lossesNotToldApart(),
                        f.id().params() + ": the losses not told apart are those that could be the largest: "
                        + h.text());
            }
        }
    }

    /**
     * "Tasks too small for the cost of stealing them" only where the burden, not the span, limits: the burdened
     * parallelism more than 20 % below the parallelism, and not a few tasks for a parallelism near P.
     */
    @Test
    void tasksTooSmallOnlyWhereTheBurdenCutsTheParallelism() {
        int tooSmall = 0;
        for (FamilyAnalysis f : run.families()) {
            for (Finding x : f.explanation().findings()) {
                if (x.kind().equals("low-burdened-parallelism")) {
                    Estimate par = f.profile().parallelism();
                    Estimate burdened = f.profile().burdenedParallelism();
                    assertTrue(burdened.value() < 0.8 * par.value(), f.id().params() + ": " + x.text());
                }
            }
            if (f.explanation().headline().text().contains("tasks too small")) {
                tooSmall++;
            }
        }
        assertEquals(2, tooSmall, "the two 65,536-cell sweeps (burdened 1.15x of 99.7x and 1.81x of 72.2x); was 4");
    }

    /** Advice that the code's own numbers rule out: a serial part the split does not show, the instrumented pool. */
    @Test
    void noAdviceTheCodeRulesOut() {
        for (FamilyAnalysis f : run.families()) {
            String text = f.explanation().headline().text();
            Point at = f.point(f.explanation().headline().cores());
            if (text.contains("serial")) {
                assertTrue(at.idleSplit() != null
                        && at.idleSplit().serial().value() >= 0.5 * at.times().idleTime().value(),
                        f.id().params() + ": " + text);
            }
            if (FamilyAnalysis.IDLE_ESTIMATED.equals(f.idleSource())) {
                assertFalse(text.contains("instrumented pool"), text);
                assertFalse(text.contains("idle time"), "estimated idle is time off-CPU: " + text);
            }
        }
    }

    /**
     * SerialSectionBenchmark(serialMicros 2000): 2 ms alone, then 8 ms in 160 tasks of 50 µs. Idle costs 12.4x of the
     * 16x, 87.9 % of it one worker running alone: the serial section. The parallelism 4.88x is what limits, and its
     * burdened parallelism (4.53x, 7.3 % less) only qualifies it, so it is no cause of its own ("make each task larger"
     * was the old headline).
     */
    @Test
    void theSerialSectionFamilyIsHeadlinedByItsSerialSection() {
        FamilyAnalysis f = family("SerialSectionBenchmark.spin", Map.of("parallelMicros", "8000", "serialMicros",
                "2000"));
        Headline h = f.explanation().headline();
        assertEquals("idle", h.loss());
        assertEquals("At 16 cores the speedup is 4.77x, between 3.69x and 6.64x, of the ideal 16x (29.8% efficiency). "
                + "The loss that matters most: idle time, mostly a serial section (major); run the serial section in "
                + "parallel, or overlap it with other work.", h.text());
        assertTrue(f.explanation().findings().stream().noneMatch(x -> x.kind().equals("low-burdened-parallelism")));
        Finding low = f.explanation().findings().stream().filter(x -> x.kind().equals("low-parallelism")).findFirst()
                .orElseThrow();
        assertTrue(low.text().contains("(with a steal's cost on every forked task it is 4.53x, 7.3% less: the span "
                + "limits it, not the cost of stealing)"), low.text());
        assertTrue(low.evidence().containsKey("burdenedParallelism"),
                "the qualifier is the low parallelism's evidence");
    }

    /**
     * Fib(n 30, cutoff 25): 21 tasks for 16 workers, parallelism 17.4x, burdened 15.0x (14 % less). Idle costs 6.95x
     * [6.64, 7.13], clear of every other loss, two thirds of it the tail: more, smaller tasks would help, never larger
     * ones.
     */
    @Test
    void fewTasksForSixteenWorkersAreToldToSplitNotToGrow() {
        FamilyAnalysis f = family("FibBenchmark.fib", Map.of("cutoff", "25", "n", "30"));
        Headline h = f.explanation().headline();
        assertEquals("idle", h.loss());
        assertEquals("At 16 cores the speedup is 12.6x, between 9.43x and 15.8x, of the ideal 16x (78.6% efficiency). "
                + "The loss that matters most: idle time, mostly the tail (major); split the last, largest tasks into "
                + "smaller ones, or start the largest first.", h.text());
        assertFalse(h.text().contains("larger"), h.text());
        assertTrue(f.explanation().findings().stream().noneMatch(x -> x.kind().equals("low-burdened-parallelism")));
    }

    /**
     * The 65,536-cell sweeps: idle is the largest loss and clear (13.1x of 16 with gap 1; 8.21x [7.98, 8.64] above
     * the inflation's 6.05x [5.77, 6.32] with gap 32), and the cost of a steal (20.1 µs) cuts a parallelism of 99.7x
     * and 72.2x to 1.15x and 1.81x: here the tasks are too small, and the idle finding says the same (hand-over).
     */
    @Test
    void tasksTooSmallWhereTheStealsCostCutsTheParallelism() {
        for (String gap : List.of("1", "32")) {
            FamilyAnalysis f = family("ArraySweepBenchmark.sweep", Map.of("additions", "1", "cells", "65536", "gap",
                    gap));
            Headline h = f.explanation().headline();
            assertEquals("low-burdened-parallelism", h.loss(), h.text());
            assertTrue(h.text().endsWith("The loss that matters most: tasks too small for the cost of stealing them "
                    + "(major); make each task larger."), h.text());
            Finding idle = f.explanation().findings().stream().filter(x -> x.kind().equals("idle")).findFirst()
                    .orElseThrow();
            assertTrue(idle.text().contains("which the cost of a steal on every forked task cuts to"), idle.text());
            assertFalse(idle.text().contains("smaller tasks"), "no finding at odds with the headline: " + idle.text());
        }
    }

    /**
     * Where the largest loss's interval reaches another, the headline names both by value. The merge sort with cutoff
     * 10,000: idle 5.22x [4.74, 5.75] is the largest and the algorithm's 2.74x [-0.973, 6.11] reaches it; the old
     * headline named the algorithm and a work inflation of -0.0533x (through the bandwidth test's cause) and left idle
     * out. The 33,554,432-cell sweep with gap 32: idle 3.93x and the algorithm's 2.16x, not the scheduling's 1.93x,
     * which the old headline named (its interval reached highest) while skipping the algorithm's.
     */
    @Test
    void lossesNotToldApartAreTheLargestByValue() {
        Headline sort = headline("MergeSortBenchmark.sort", Map.of("cutoff", "10000", "size", "200000"));
        assertNull(sort.loss());
        assertEquals(List.of("idle", "algorithmic"), sort.lossesNotToldApart());
        assertTrue(sort.text().endsWith("The largest losses cannot be told apart at this precision: idle time 5.22x "
                + "[4.74, 5.75] and algorithmic overhead 2.74x [-0.973, 6.11] of the 16x; more forks "
                + "would tell which matters most."), sort.text());
        Headline sweep = headline("ArraySweepBenchmark.sweep", Map.of("additions", "1", "cells", "33554432", "gap",
                "32"));
        // scheduling 1.93x [-6.30, 10.5] reaches idle's [3.50, 4.22] too
        assertEquals(List.of("idle", "algorithmic", "scheduling"), sweep.lossesNotToldApart());
        // the algorithm's extra work at the baseline's one CPU, with the JIT compiler on it, reaches idle elsewhere too
        assertEquals(List.of("algorithmic", "idle"), headline("ArraySweepBenchmark.sweep", Map.of("additions", "1",
                "cells", "33554432", "gap", "1")).lossesNotToldApart());
        assertEquals(List.of("idle", "algorithmic"), headline("FibBenchmark.fib", Map.of("cutoff", "10", "n", "30"))
                .lossesNotToldApart());
        assertEquals(List.of("idle", "algorithmic"), headline("MergeSortBenchmark.sort", Map.of("cutoff", "200",
                "size", "200000")).lossesNotToldApart());
        assertEquals(List.of("idle", "algorithmic", "scheduling"), headline("MergeSortBenchmark.sortLarge", Map.of(
                "cutoff", "1000",
                "size", "500000")).lossesNotToldApart());
        assertEquals(List.of("idle", "algorithmic"), headline("SerialSectionBenchmark.spin", Map.of("parallelMicros",
                "8000", "serialMicros", "0")).lossesNotToldApart());
    }

    /**
     * Unmodified code (idle estimated): the one-worker overhead (T_1 − T_s, T_s and T_1 measured on one CPU with the
     * JIT compiler on it) reaches the time off-CPU, which is larger than the negative work inflation the old headline
     * named in its place (plain sum with threshold 1,000: off-CPU 8.11x, inflation -5.53x).
     */
    @Test
    void unmodifiedCodeNamesTheTimeOffCpuNotTheSmallerInflation() {
        Headline plain = headline("PlainSumBenchmark.sum", Map.of("threshold", "1000"));
        assertEquals(List.of("overhead", "idle"), plain.lossesNotToldApart());
        assertTrue(plain.text().endsWith("The largest losses cannot be told apart at this precision: one-worker "
                + "overhead 8.59x [0.754, 16.7] and time off-CPU 8.11x [5.61, 9.89] of the 16x; more forks would "
                + "tell which matters most."), plain.text());
        assertEquals(List.of("overhead", "idle"), headline("PlainSumBenchmark.sum", Map.of("threshold", "100000"))
                .lossesNotToldApart());
        assertEquals(List.of("overhead", "idle"), headline("StreamHistogramBenchmark.histogram", Map.of())
                .lossesNotToldApart());
    }
}
