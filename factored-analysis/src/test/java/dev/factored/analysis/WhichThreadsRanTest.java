package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.finding.Finding;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What ran on which thread, as evidence (issue 25, items 2 and 3): the finding {@code one-thread} when unmodified
 * code at P ≥ 2 kept one thread busy, with the reason the measurements show; and no {@code pool-unused} "sequential
 * code" for work that ran on the pools' workers.
 */
class WhichThreadsRanTest {

    private static Map<String, Double> estimated(int workers, double threads, double busiest, double caller) {
        Map<String, Double> m = new LinkedHashMap<>(Fixtures.profiled(workers, workers));
        m.put("factored.estimated", 1.0);
        m.put("factored.threads", threads);
        m.put("factored.busiestShare", busiest);
        m.put("factored.callerShare", caller);
        return m;
    }

    private static FamilyAnalysis family(Map<String, Double> two) throws Exception {
        return new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile())
                .add("1", Fixtures.constant(1.0), Fixtures.constant(0.0), estimated(1, 1, 1.0, 1.0))
                .add("2", Fixtures.constant(1.0), Fixtures.constant(1.0), two)
                .family();
    }

    private static List<Finding> ofKind(FamilyAnalysis f, String kind) {
        return f.explanation().findings().stream().filter(x -> x.kind().equals(kind)).toList();
    }

    @Test
    void theCallerRanItAll() throws Exception {
        FamilyAnalysis f = family(estimated(2, 1, 0.99, 0.99));
        List<Finding> one = ofKind(f, "one-thread");
        assertEquals(1, one.size(), f.explanation().findings().toString());
        assertEquals(2, one.get(0).cores());
        assertEquals(0.99, one.get(0).evidence().get("callerShare").value(), 1e-12);
        assertTrue(one.get(0).text().contains("calling thread"), one.get(0).text());
        assertTrue(one.get(0).text().contains("common pool's parallelism is 1"), one.get(0).text());
    }

    @Test
    void oneWorkerRanItWhileSparesRan() throws Exception {
        Map<String, Double> two = estimated(2, 2, 0.95, 0.0);
        two.put("factored.spares", 1.0);
        Finding one = ofKind(family(two), "one-thread").get(0);
        assertTrue(one.text().contains("spare threads ran"), one.text());
    }

    @Test
    void twoThreadsSharingTheWorkAreNotOne() throws Exception {
        assertTrue(ofKind(family(estimated(2, 3, 0.45, 0.2)), "one-thread").isEmpty());
        assertTrue(ofKind(family(Fixtures.profiled(2, 2)), "one-thread").isEmpty(), "no thread metrics, no finding");
    }

    @Test
    void workOnTheMeasuredPoolsWorkersIsNotSequentialCode() throws Exception {
        // cores.call was not used: no pool operation, but the profiler estimated idle over the iteration.
        Map<String, Double> two = estimated(2, 2, 0.5, 0.0);
        two.put("factored.poolOps", 0.0);
        FamilyAnalysis f = family(two);
        assertFalse(f.explanation().warnings().stream().anyMatch(w -> w.contains("sequential code")),
                f.explanation().warnings().toString());
        assertTrue(f.explanation().findings().stream().noneMatch(x -> x.kind().equals("pool-unused")));
    }

    @Test
    void commonPoolWorkOutsideAnyOperationAsksForCoresCall() throws Exception {
        Map<String, Double> two = estimated(2, 2, 0.5, 0.0);
        two.put("factored.poolOps", 0.0);
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile())
                .add("2", Fixtures.constant(1.0), null, two)
                .family();
        String unused = f.explanation().warnings().stream().filter(w -> w.contains("poolOps")).findFirst()
                .orElseThrow(() -> new AssertionError(f.explanation().warnings().toString()));
        assertFalse(unused.contains("sequential code"), unused);
        assertTrue(unused.contains("cores.call"), unused);
    }
}
