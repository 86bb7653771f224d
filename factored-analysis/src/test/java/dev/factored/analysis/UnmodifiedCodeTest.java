package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Unmodified fork/join code: idle estimated from CPU time, no elision, no span run. */
class UnmodifiedCodeTest {

    private static Map<String, Double> estimated(int workers, int cpus) {
        Map<String, Double> m = new LinkedHashMap<>(Fixtures.profiled(workers, cpus));
        m.put("factored.estimated", 1.0);
        return m;
    }

    @Test
    void idleIsLabelledEstimatedAndTheOneWorkerElisionIsLeftOut() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile())
                .add("elision", Fixtures.constant(1.1), Fixtures.constant(0.01), estimated(1, 1))
                .add("1", Fixtures.constant(1.1), Fixtures.constant(0.01), estimated(1, 1))
                .add("2", Fixtures.constant(0.8), Fixtures.constant(0.4), estimated(2, 2))
                .family();
        assertEquals("estimated", f.idleSource());
        assertNull(f.elisionTime(), "a one-worker run is not an elision");
        assertNull(f.configuration("elision"));
        assertNull(f.point(2).losses().scheduling());
        assertEquals(0.4 / 0.8, f.point(2).losses().idle().value(), 1e-12);
        Point two = f.point(2);
        assertEquals((1.1 - 1.0) / 0.8, two.losses().overhead().value(), 1e-12, "T_1 - T_s over T_P, not split");
        assertEquals(2, two.speedups().actual().value() + two.losses().overhead().value() + two.losses().idle().value()
                + two.losses().inflation().value(), 1e-9, "the parts still add up to P");
        assertTrue(f.warnings().stream().anyMatch(w -> w.startsWith("This benchmark runs unmodified fork/join code, "
                + "which has no sequential elision")), f.warnings().toString());
        assertTrue(f.warnings().stream().anyMatch(w -> w.startsWith("The idle time is estimated from the CPU time")),
                f.warnings().toString());
        Finding overhead = f.findings().stream().filter(x -> x.kind().equals("one-worker-overhead")).findFirst()
                .orElseThrow(() -> new AssertionError(f.findings().toString()));
        assertTrue(overhead.text().startsWith("One worker takes 1.10x the baseline's time"), overhead.text());
        Finding idle = f.findings().stream().filter(x -> x.kind().equals("idle")).findFirst().orElseThrow();
        assertTrue(idle.text().startsWith("At 2 cores idle time (estimated from the threads' CPU time) costs 0.500x"),
                idle.text());
    }

    @Test
    void theInstrumentedPoolIsInstrumented() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile())
                .add("elision", Fixtures.constant(1.05), null, Fixtures.profiled(0, 1))
                .add("1", Fixtures.constant(1.1), Fixtures.constant(0.01), Fixtures.profiled(1, 1))
                .add("2", Fixtures.constant(0.8), Fixtures.constant(0.4), Fixtures.profiled(2, 2))
                .family();
        assertEquals("instrumented", f.idleSource());
        assertNull(f.point(2).losses().overhead(), "split into algorithmic and scheduling when there is an elision");
        FamilyAnalysis none = new Fixtures.Entries().add("baseline", Fixtures.constant(1.0), null, Map.of())
                .add("2", Fixtures.constant(0.8), null, Map.of()).family();
        assertNull(none.idleSource());
    }
}
