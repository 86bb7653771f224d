package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.AnalysisJson;
import dev.factored.analysis.model.Sweep;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Sweeps across one numeric param, on families whose losses follow from hand-made times. */
class SweepsTest {

    private static Map<String, String> params(String cutoff, String size, String kind) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("cutoff", cutoff);
        p.put("size", size);
        p.put("kind", kind);
        return p;
    }

    private static Fixtures.Entries family(Fixtures.Entries e, Map<String, String> params, double te, double t1,
            double t2, double idle2) {
        return e.params(params)
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile())
                .add("elision", Fixtures.constant(te), null, Fixtures.profiled(0, 1))
                .add("1", Fixtures.constant(t1), Fixtures.constant(0.0), Fixtures.profiled(1, 1))
                .add("2", Fixtures.constant(t2), Fixtures.constant(idle2), Fixtures.profiled(2, 2));
    }

    @Test
    void aCutoffSweepNamesTheBestValueAndTheTradeOff() throws Exception {
        Fixtures.Entries e = new Fixtures.Entries();
        // Small tasks: scheduling overhead 0.25x, little idle. Large tasks: no overhead, idle 0.89x.
        family(e, params("10", "1", "random"), 1.2, 1.4, 0.8, 0.05);
        family(e, params("25", "1", "random"), 1.0, 1.02, 0.6, 0.15);
        family(e, params("1000", "1", "random"), 1.0, 1.0, 0.9, 0.8);
        family(e, params("10", "2", "random"), 1.2, 1.4, 0.8, 0.05);
        family(e, params("10", "1", "sorted"), 1.2, 1.4, 0.8, 0.05);
        Analysis a = e.analyze();
        assertEquals(2, a.sweeps().size(), a.sweeps().toString());
        Sweep cutoff = a.sweeps().get(0);
        assertEquals("cutoff", cutoff.param());
        assertEquals(Map.of("size", "1", "kind", "random"), cutoff.fixed());
        assertEquals(2, cutoff.cores());
        assertEquals(List.of("10", "25", "1000"), cutoff.steps().stream().map(Sweep.Step::value).toList());
        assertEquals("25", cutoff.best());
        assertTrue(cutoff.spansDecades());
        assertEquals("Best measured: cutoff = 25, speedup 1.67x at 2 cores.", cutoff.advice().get(0));
        assertEquals("From cutoff = 10 to 1000 the scheduling overhead falls (0.250x → 0x of the 2x) while idle time "
                + "rises (0.0625x → 0.889x): cutoff trades the cost of tasks against parallelism, and the best grain "
                + "balances the two (Acar et al. §2.8).", cutoff.advice().get(1));
        assertTrue(cutoff.advice().get(2).startsWith("At the best value idle time is the largest loss (0.250x)"),
                cutoff.advice().toString());
        // Every step names its family.
        for (Sweep.Step step : cutoff.steps()) {
            assertTrue(a.families().stream().anyMatch(f -> f.id().equals(cutoff.family(step))));
        }
        Sweep size = a.sweeps().get(1);
        assertEquals("size", size.param());
        assertEquals(Map.of("cutoff", "10", "kind", "random"), size.fixed());
        assertTrue(size.advice().get(0).contains("within its confidence interval, so the data cannot tell them apart"),
                size.advice().toString());
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> new Sweep("a.B.c", "avgt",
                "cutoff", Map.of(), 2, List.of(new Sweep.Step("10", Map.of("cutoff", "10")),
                        new Sweep.Step("x", Map.of("cutoff", "x"))), "10", List.of()));
        Analysis back = AnalysisJson.read(AnalysisJson.toJson(a).getBytes(java.nio.charset.StandardCharsets.UTF_8), "x");
        assertEquals(a.sweeps(), back.sweeps());
    }

    @Test
    void twoSpellingsOfOneValueMakeNoSweep() throws Exception {
        Fixtures.Entries e = new Fixtures.Entries();
        family(e, params("10", "1", "random"), 1.2, 1.4, 0.8, 0.05);
        family(e, params("10.0", "1", "random"), 1.0, 1.02, 0.6, 0.15);
        assertTrue(e.analyze().sweeps().stream().noneMatch(s -> s.param().equals("cutoff")));
    }
}
