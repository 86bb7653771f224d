package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.finding.Finding;
import org.junit.jupiter.api.Test;

/**
 * The collector as the cause of what one worker takes over a sequential configuration (issue 43), and where its pauses
 * are too small beside that loss to be: the old words stay. With an elision, T_1 − T_e is the scheduling overhead: T_e
 * 1.0 s with 50 ms of pauses, T_1 1.6 s with 450 ms of pauses; 400 ms more in pauses of the 600 ms T_1 − T_e, at
 * least half of it, so the collector explains it. At two workers T_2 0.9 s with 100 ms idle and 220 ms of pauses: the
 * scheduling overhead costs 0.6 / 0.9 = 0.667x of the 2x, the largest loss.
 */
class CollectorOverheadTest {

    private static FamilyAnalysis withElision(double pausesAtOne) throws Exception {
        return new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile()).jvm(0.0, 0)
                .add("elision", Fixtures.constant(1.0), null, Fixtures.profiled(0, 1)).jvm(0.05, 0)
                .add("1", Fixtures.constant(1.6), Fixtures.constant(0.0), Fixtures.profiled(1, 1)).jvm(pausesAtOne, 0)
                .add("2", Fixtures.constant(0.9), Fixtures.constant(0.1), Fixtures.profiled(2, 2)).jvm(0.22, 0)
                .family();
    }

    private static Finding finding(FamilyAnalysis f, String kind) {
        return f.explanation().findings().stream().filter(x -> x.kind().equals(kind)).findFirst()
                .orElseThrow(() -> new AssertionError(f.explanation().findings().toString()));
    }

    @Test
    void schedulingOverheadThatIsPausesIsTheCollectors() throws Exception {
        FamilyAnalysis f = withElision(0.45);
        assertEquals(0.05, f.times().elisionGcTime().value(), 1e-12);
        Finding scheduling = finding(f, "scheduling-overhead");
        assertTrue(scheduling.text().startsWith("Elision is 1.60x faster than 1 core: the scheduling overhead, mostly "
                + "the collector: its pauses took 450 ms per operation on one worker against 50.0 ms at the elision: "
                + "400 ms more in pauses, where one worker takes 600 ms more than the elision in all; allocate less per "
                + "operation"), scheduling.text());
        assertFalse(scheduling.text().contains("too small"), scheduling.text());
        assertTrue(scheduling.evidence().containsKey("elisionGcTime"), scheduling.evidence().toString());
        String headline = f.explanation().headline().text();
        assertTrue(headline.contains("The loss that matters most: scheduling overhead, mostly GC pauses: GC 450 ms per "
                + "operation on one worker and 220 ms at 2 workers, against 50.0 ms at the elision"), headline);
        assertTrue(headline.contains("allocate less per operation (boxed values, temporary objects), or give the heap "
                + "more room or another collector."), headline);
        assertFalse(headline.contains("larger"), headline);
    }

    @Test
    void schedulingOverheadWithFewPausesIsTheTasks() throws Exception {
        // 100 ms more in pauses of 600 ms: a sixth, not half
        FamilyAnalysis f = withElision(0.15);
        assertTrue(finding(f, "scheduling-overhead").text().contains("tasks are too small"),
                finding(f, "scheduling-overhead").text());
        String headline = f.explanation().headline().text();
        assertTrue(headline.contains("The loss that matters most: scheduling overhead (major); make each task larger."),
                headline);
        assertFalse(headline.contains("GC"), headline);
    }

    /**
     * The boxed stream measured while other processes took 40 % of the one worker's CPU: P = 1 is not a valid point, but
     * T_1 still makes the one-worker overhead (tentative), and the pauses it holds are read from the same configuration:
     * 644 ms of the 889 ms T_1 − T_s is the collector's, said so, tentatively. Before, the pauses of an invalid P = 1
     * were not read, and the finding said the algorithm and the tasks' cost.
     */
    @Test
    void oneWorkerOverheadOnABusyCpuIsStillTheCollectors() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", Fixtures.constant(0.0927), null, Fixtures.baselineProfile()).jvm(0.0, 0)
                .add("1", Fixtures.constant(0.982), Fixtures.constant(0.65), Fixtures.estimated(1, 1)).jvm(0.644, 0)
                .machine(0.4, 0.0, 0.0)
                .add("2", Fixtures.constant(0.363), Fixtures.constant(0.45), Fixtures.estimated(2, 2)).jvm(0.212, 0)
                .family();
        assertFalse(f.point(1).valid(), f.point(1).invalidBecause().toString());
        Finding overhead = finding(f, "one-worker-overhead");
        assertTrue(overhead.tentative(), overhead.text());
        assertTrue(overhead.text().startsWith("One worker may take 10.6x the baseline's time: the one-worker overhead, "
                + "mostly the collector: its pauses took 644 ms per operation on one worker against none at the "
                + "baseline"), overhead.text());
    }

    /**
     * The boxed stream's times (T_s 92.7 ms, T_1 982 ms, T_2 363 ms) with only 100 ms of pauses at one worker and 30 ms
     * at two: 100 ms of the 889 ms T_1 − T_s is not the collector's loss, and the words are those without it.
     */
    @Test
    void oneWorkerOverheadWithFewPausesKeepsItsWords() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", Fixtures.constant(0.0927), null, Fixtures.baselineProfile()).jvm(0.0, 0)
                .add("1", Fixtures.constant(0.982), Fixtures.constant(0.1), Fixtures.estimated(1, 1)).jvm(0.1, 0)
                .add("2", Fixtures.constant(0.363), Fixtures.constant(0.1), Fixtures.estimated(2, 2)).jvm(0.03, 0)
                .family();
        String headline = f.explanation().headline().text();
        assertTrue(headline.contains("The loss that matters most: one-worker overhead (major); make the parallel code "
                + "cheaper on one worker"), headline);
        assertFalse(headline.contains("GC"), headline);
        f.explanation().findings().forEach(x -> assertFalse(x.text().contains("the collector"), x.text()));
    }
}
