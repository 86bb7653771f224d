package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.finding.Finding;
import org.junit.jupiter.api.Test;

/**
 * Work inflation the collector explains on the instrumented pool, whose busy time holds the pauses that stop the workers
 * inside their tasks (issue 43): T_1 1.1 s with 50 ms of pauses, T_2 0.8 s with 100 ms idle and 250 ms of pauses, which
 * stop both workers: 500 ms of the workers' time against 50 ms, 450 ms more in pauses, where F_2 = 1.6 − 0.1 − 1.1 =
 * 400 ms more work.
 */
class CollectorInflationTest {

    private static FamilyAnalysis family(double pausesAtTwo) throws Exception {
        return new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile()).jvm(0.0, 0)
                .add("elision", Fixtures.constant(1.0), null, Fixtures.profiled(0, 1)).jvm(0.0, 0)
                .add("1", Fixtures.constant(1.1), Fixtures.constant(0.0), Fixtures.profiled(1, 1)).jvm(0.05, 0)
                .add("2", Fixtures.constant(0.8), Fixtures.constant(0.1), Fixtures.profiled(2, 2)).jvm(pausesAtTwo, 0)
                .family();
    }

    private static Finding inflation(FamilyAnalysis f) {
        return f.explanation().findings().stream().filter(x -> x.kind().equals("inflation")).findFirst()
                .orElseThrow(() -> new AssertionError(f.explanation().findings().toString()));
    }

    @Test
    void inflationThatIsPausesIsTheCollectors() throws Exception {
        FamilyAnalysis f = family(0.25);
        String text = inflation(f).text();
        assertTrue(text.contains("mostly the collector: its pauses took 250 ms per operation at 2 workers, stopping both "
                + "(500 ms of the workers' time) against 50.0 ms on one worker: 450 ms more in pauses, for 400 ms more "
                + "work in all; allocate less per operation"), text);
        assertTrue(f.explanation().headline().text().contains("work inflation, mostly GC pauses: GC 50.0 ms per "
                + "operation on one worker and 250 ms at 2 workers"), f.explanation().headline().text());
    }

    @Test
    void inflationWithFewPausesIsNot() throws Exception {
        FamilyAnalysis f = family(0.06);
        assertFalse(inflation(f).text().contains("collector"), inflation(f).text());
        assertFalse(f.explanation().headline().text().contains("GC"), f.explanation().headline().text());
    }
}
