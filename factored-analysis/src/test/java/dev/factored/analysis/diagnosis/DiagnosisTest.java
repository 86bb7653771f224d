package dev.factored.analysis.diagnosis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.Fixtures;
import dev.factored.analysis.model.Bandwidth;
import dev.factored.analysis.model.Estimate;
import dev.factored.analysis.model.Finding;
import dev.factored.analysis.model.Point;
import dev.factored.analysis.model.Quantities;
import dev.factored.analysis.model.ReferenceTimes;
import dev.factored.analysis.model.ScalingModels;
import dev.factored.analysis.model.Speedups;
import dev.factored.analysis.model.WorkSpanProfile;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each rule of the diagnosis on hand-made times (constant samples: exact estimates unless noted). */
class DiagnosisTest {

    private static Fixtures.Entries perfect() {
        return new Fixtures.Entries().add("baseline", 1.0, null).add("elision", 1.0, null).add("1", 1.0, 0.0);
    }

    private static boolean has(List<String> d, String text) {
        return d.stream().anyMatch(s -> s.contains(text));
    }

    private static int index(List<String> d, String text) {
        for (int i = 0; i < d.size(); i++) {
            if (d.get(i).contains(text)) {
                return i;
            }
        }
        throw new AssertionError("no sentence with \"" + text + "\" in " + d);
    }

    @Test
    void goodNewsWhenEfficiencyIsHigh() throws Exception {
        List<String> d = perfect().add("2", 0.52, 0.02).family().explanation().diagnosis();
        assertEquals(List.of("At 2 cores the speedup is 1.92x, 96.2% of the ideal 2x: the program uses the cores well."),
                d);
    }

    @Test
    void slowerThanTheBaseline() throws Exception {
        List<String> d = perfect().add("2", 1.5, 1.0).family().explanation().diagnosis();
        assertEquals("At 2 cores the program is slower than the sequential baseline (speedup 0.667x): parallelism "
                + "costs more than it gains.", d.get(0));
    }

    @Test
    void idleTimeMeansTooLittleParallelism() throws Exception {
        // 8 workers take 0.4 each, 2.2 of the 3.2 worker-seconds idle; no inflation
        List<String> d = perfect().add("2", 0.6, 0.2).add("8", 0.4, 2.2).family().explanation().diagnosis();
        assertEquals("At 8 cores the speedup is 2.50x of the ideal 8x (31.3% efficiency).", d.get(0));
        assertEquals("At 8 cores idle time costs 5.50x of the 8x: the workers found no task to run (too few tasks ready "
                + "to keep 8 workers busy).", d.get(1));
        assertTrue(has(d, "Idle-specific speedup flattens: idle time grows with P, so the program lacks parallelism "
                + "for more cores"), d.toString());
        assertTrue(!has(d, "inflation"), d.toString());
    }

    @Test
    void algorithmicOverhead() throws Exception {
        List<String> d = new Fixtures.Entries().add("baseline", 1.0, null).add("elision", 1.3, null)
                .add("1", 1.3, 0.0).add("2", 0.65, 0.0).family().explanation().diagnosis();
        assertTrue(has(d, "The parallel algorithm does 1.30x the work of the baseline (algorithmic overhead); at 2 "
                + "cores this costs 0.462x of the 2x."), d.toString());
    }

    @Test
    void elisionFasterThanBaselineMeansAWeakBaseline() throws Exception {
        List<String> d = new Fixtures.Entries().add("baseline", 1.3, null).add("elision", 1.0, null)
                .add("1", 1.0, 0.0).add("2", 0.5, 0.0).family().explanation().diagnosis();
        assertTrue(has(d, "The elision is 1.30x faster than the baseline: the baseline is not the best sequential "
                + "program"), d.toString());
    }

    @Test
    void aSpeedupAboveTheIdealFromAWeakBaselineIsSaidAgainstTheElision() throws Exception {
        // FibBenchmark(cutoff=25)'s shape: the elision is 1.34x faster than the baseline, the program scales 1.85x
        List<String> d = new Fixtures.Entries().add("baseline", 1.34, null).add("elision", 1.0, null)
                .add("1", 1.0, 0.0).add("2", 0.54, 0.04).family().explanation().diagnosis();
        assertEquals("At 2 cores the speedup is 2.48x, above the ideal 2x because the baseline is 1.34x slower than "
                + "the parallel code's own elision; over the elision the program scales 1.85x (92.6% of the ideal).",
                d.get(0));
        assertTrue(!has(d, "uses the cores well"), d.toString());
    }

    @Test
    void aWeakBaselineFlattersTheHeadlineSoTheElisionIsGivenAndJudged() throws Exception {
        // 93% of 2x over the baseline, but 71% over the elision: not called good
        List<String> d = new Fixtures.Entries().add("baseline", 1.3, null).add("elision", 1.0, null)
                .add("1", 1.0, 0.0).add("2", 0.7, 0.4).family().explanation().diagnosis();
        assertEquals("At 2 cores the speedup is 1.86x of the ideal 2x (92.9% efficiency); over the elision, which is "
                + "1.30x faster than the baseline, it is 1.43x (71.4%).", d.get(0));
        List<String> good = new Fixtures.Entries().add("baseline", 1.1, null).add("elision", 1.0, null)
                .add("1", 1.0, 0.0).add("2", 0.55, 0.1).family().explanation().diagnosis();
        assertEquals("At 2 cores the speedup is 2.00x over the baseline and 1.82x over the elision, which is 1.10x "
                + "faster than the baseline: 90.9% of the ideal 2x against the better sequential code, so the program "
                + "uses the cores well.", good.get(0));
    }

    @Test
    void adviceNamesTheBenchmarksOwnTaskSizeParam() throws Exception {
        List<String> d = new Fixtures.Entries().params(java.util.Map.of("n", "30", "cutoff", "10"))
                .add("baseline", 1.0, null).add("elision", 1.0, null).add("1", 1.4, 0.0).add("2", 0.7, 0.0)
                .family().explanation().diagnosis();
        assertTrue(has(d, "tasks are too small (raise cutoff)"), d.toString());
    }

    @Test
    void schedulingOverheadMeansTasksTooSmall() throws Exception {
        List<String> d = new Fixtures.Entries().add("baseline", 1.0, null).add("elision", 1.0, null)
                .add("1", 1.4, 0.0).add("2", 0.7, 0.0).family().explanation().diagnosis();
        assertTrue(has(d, "Elision is 1.40x faster than 1 core: tasks are too small (give each task more work); "
                + "creating and scheduling them adds 40.0% to the sequential work; at 2 cores this costs 0.571x of the "
                + "2x."), d.toString());
    }

    @Test
    void workInflation() throws Exception {
        List<String> d = perfect().add("2", 0.6, 0.0).family().explanation().diagnosis();
        assertTrue(has(d, "At 2 cores work inflation costs 0.333x of the 2x: the 2 workers together do 1.20x the work "
                + "of one"), d.toString());
    }

    @Test
    void negativeWorkInflationIsAGain() throws Exception {
        List<String> d = perfect().add("2", 0.4, 0.0).family().explanation().diagnosis();
        assertTrue(has(d, "At 2 cores work inflation is negative: the 2 workers together do 0.800x the work of one, "
                + "gaining 0.500x of speedup; no measurement in this run says why."), d.toString());
        // the speedup above P is said with what explains it, never as good scaling
        assertEquals("At 2 cores the speedup is 2.50x, above the ideal 2x because the 2 workers together did 0.800x "
                + "the work of one (negative work inflation); the run measures no cause for that.", d.get(0));
        assertTrue(!has(d, "uses the cores well") && !has(d, "cache"), d.toString());
    }

    @Test
    void workInflationGrowingWithP() throws Exception {
        List<String> d = perfect().add("2", 0.55, 0.0).add("4", 0.3, 0.0).add("8", 0.2, 0.0).family().explanation().diagnosis();
        assertTrue(has(d, "Work inflation grows with P (from 10.0% of the one-core work at 2 cores to 60.0% at 8 "
                + "cores)."), d.toString());
        // without the bandwidth test, no cause is named: the inflation finding says which test would tell
        assertTrue(has(d, "the 8 workers together do 1.60x the work of one; this run does not measure why (the "
                + "bandwidth test, cores=bandwidth-8, tells"), d.toString());
        assertTrue(!has(d, "cache") && !has(d, "synchronization"), d.toString());
        assertTrue(index(d, "work inflation costs") < index(d, "Work inflation grows"), d.toString());
    }

    @Test
    void inflationSpecificSlopingDown() throws Exception {
        // W_P = P·T_P: 1.1, 2.0, 4.8 → inflation-specific 1.8, 2.0, 1.7
        List<String> d = perfect().add("2", 0.55, 0.0).add("4", 0.5, 0.0).add("8", 0.6, 0.0).family().explanation().diagnosis();
        assertTrue(has(d, "Inflation-specific speedup slopes down: each added worker makes the workers do more work in "
                + "all."), d.toString());
    }

    @Test
    void inflationSpecificFlattening() throws Exception {
        // W_P: 1.0, 1.0, 2.0, 6.4 → inflation-specific 1, 2, 2, 1.25... use 1, 2, 4 with 2 then 2.5
        List<String> d = perfect().add("2", 0.5, 0.0).add("4", 0.4, 0.0).family().explanation().diagnosis();
        assertTrue(has(d, "Inflation-specific speedup flattens: the work grows with P nearly as fast as workers are "
                + "added."), d.toString());
    }

    @Test
    void maximalBendingDown() {
        // T_1 is one number in a JMH run, so maximal is straight there; a P-dependent cutoff bends it
        List<Point> points = List.of(maximalOnly(1, 1.0), maximalOnly(2, 2.0), maximalOnly(4, 2.5));
        List<Finding> d = Diagnosis.diagnose(pointsOnly(points), NO_KNOB);
        assertEquals(List.of("Maximal speedup bends down: overhead grows with P."), d.stream().map(Finding::text).toList());
        assertEquals("maximal-bends", d.get(0).kind());
        assertEquals(4, d.get(0).cores());
        assertEquals(List.of("P=1", "P=2", "P=4"), List.copyOf(d.get(0).evidence().keySet()));
        List<Point> straight = List.of(maximalOnly(1, 0.9), maximalOnly(2, 1.8), maximalOnly(4, 3.6));
        assertEquals(List.of(), Diagnosis.diagnose(pointsOnly(straight), NO_KNOB));
    }

    /** Instrumented code without a task-size param. */
    private static final Program NO_KNOB = new Program(false, null);

    private static Quantities pointsOnly(List<Point> points) {
        return new Quantities(ReferenceTimes.NONE, points, WorkSpanProfile.NONE, Bandwidth.NONE, List.of(),
                ScalingModels.notFitted(List.of(), "not needed here"));
    }

    static Point maximalOnly(int p, double maximal) {
        return new Point(p, true, List.of(), Estimate.exact(1), null, null,
                new Speedups(Estimate.exact(p), null, Estimate.exact(maximal), null, null, null),
                null, null, null, null, null, false, null);
    }

    @Test
    void mostImportantFirst() throws Exception {
        // 8 workers × 0.5 = 4.0: idle 2.0 (loss 4.0), inflation 1.0 (loss 2.0)
        List<String> d = perfect().add("8", 0.5, 2.0).family().explanation().diagnosis();
        assertTrue(index(d, "idle time costs 4.00x") < index(d, "work inflation costs 2.00x"), d.toString());
        assertEquals(0, index(d, "the speedup is 2.00x"));
    }

    @Test
    void noClaimWhenTheIntervalReachesBelowTheThreshold() throws Exception {
        // idle averages 0.15 (a loss of 0.21) but comes from one iteration in six: the interval reaches 0
        List<String> d = perfect()
                .add("2", new double[][] {{0.7, 0.7, 0.7}, {0.7, 0.7, 0.7}}, new double[][] {{0, 0, 0.9}, {0, 0, 0}},
                        Map.of())
                .family().explanation().diagnosis();
        assertTrue(!has(d, "idle time costs"), d.toString());
        assertTrue(!has(d, "work inflation costs"), d.toString());
        assertTrue(has(d, "No single loss stands out beyond the confidence intervals at 2 cores."), d.toString());
    }
}
