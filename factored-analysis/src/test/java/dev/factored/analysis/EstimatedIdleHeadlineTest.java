package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.finding.Headline;
import org.junit.jupiter.api.Test;

/**
 * Headlines of unmodified code (a JDK parallel stream, idle estimated from CPU time), end to end from JMH entries:
 * never advice the code's kind rules out (the instrumented pool, which a JDK stream cannot run on; a shorter serial
 * part, which the estimate cannot see). Issue 34's peers' benchmarks.
 */
class EstimatedIdleHeadlineTest {

    /**
     * T_s = T_1 = 1.0, T_2 = 0.55 with 0.35 estimated idle: time off-CPU 0.636x and a work inflation of -0.455x that
     * the estimate cannot split. The headline said "run it on the instrumented pool to tell them apart".
     */
    @Test
    void idleOrInflationIsNotSentToTheInstrumentedPool() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile())
                .add("1", Fixtures.constant(1.0), Fixtures.constant(0.0), Fixtures.estimated(1, 1))
                .add("2", Fixtures.constant(0.55), Fixtures.constant(0.35), Fixtures.estimated(2, 2))
                .family();
        Headline h = f.explanation().headline();
        assertEquals("idle-or-inflation", h.loss());
        assertEquals("At 2 cores the speedup is 1.82x, 90.9% of the ideal 2x: the program uses the cores well. The "
                + "loss that matters most: time off-CPU or work inflation (the estimate cannot tell them apart) "
                + "(minor).", h.text());
        assertFalse(h.text().contains("instrumented pool"), h.text());
    }

    /**
     * A ~13 µs parallel-stream operation with no serial part: T_s 13 µs, T_1 14 µs, T_2 10 µs of which 6 µs of the
     * 20 worker-µs were off the CPU. The headline said "give the waiting workers work: … a shorter serial part".
     */
    @Test
    void aShortStreamOperationIsNotToldOfASerialPart() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", Fixtures.constant(13e-6), null, Fixtures.baselineProfile())
                .add("1", Fixtures.constant(14e-6), Fixtures.constant(0.0), Fixtures.estimated(1, 1))
                .add("2", Fixtures.constant(10e-6), Fixtures.constant(6e-6), Fixtures.estimated(2, 2))
                .family();
        Headline h = f.explanation().headline();
        assertEquals("idle", h.loss(), h.text());
        assertEquals("At 2 cores the speedup is 1.30x of the ideal 2x (65.0% efficiency). The loss that matters most: "
                + "time off-CPU (major); give the pool more work per operation, or find what its threads wait for.",
                h.text());
        assertFalse(h.text().contains("serial"), h.text());
    }
}
