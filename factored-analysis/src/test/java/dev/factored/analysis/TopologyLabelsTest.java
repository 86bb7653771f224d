package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.AnalysisJson;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.measurement.CpuLabels;
import dev.factored.analysis.model.measurement.MachineTopology;
import dev.factored.analysis.model.point.Point;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The CPUs' labels and the machine's topology, as the profiler reports them, through to points, warnings and JSON. */
class TopologyLabelsTest {

    /** Profiler metrics of a fork pinned to {@code cpus} CPUs on {@code cores} cores of a 2-socket, 64-CPU machine. */
    private static Map<String, Double> labelled(int workers, int cpus, int cores, boolean smt, int nodes, Double quota) {
        Map<String, Double> m = new LinkedHashMap<>(Fixtures.profiled(workers, cpus));
        m.put("factored.physicalCores", (double) cores);
        m.put("factored.smt", smt ? 1.0 : 0.0);
        m.put("factored.numaNodes", (double) nodes);
        m.put("factored.sockets", (double) nodes);
        if (quota != null) {
            m.put("factored.cpuQuota", quota);
        }
        m.put("factored.machine.cpus", 64.0);
        m.put("factored.machine.physicalCores", 32.0);
        m.put("factored.machine.sockets", 2.0);
        m.put("factored.machine.numaNodes", 2.0);
        m.put("factored.machine.allowedCpus", 64.0);
        m.put("factored.machine.allowedCores", 32.0);
        return m;
    }

    private static Fixtures.Entries family(Double quota) {
        return new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.0), null, labelled(0, 1, 1, false, 1, quota))
                .add("elision", Fixtures.constant(1.1), null, labelled(0, 1, 1, false, 1, quota))
                .add("1", Fixtures.constant(1.2), Fixtures.constant(0.0), labelled(1, 1, 1, false, 1, quota))
                .add("16", Fixtures.constant(0.1), Fixtures.constant(0.1), labelled(16, 16, 16, false, 1, quota))
                .add("32", Fixtures.constant(0.06), Fixtures.constant(0.2), labelled(32, 32, 32, false, 2, quota))
                .add("64", Fixtures.constant(0.05), Fixtures.constant(0.4), labelled(64, 64, 32, true, 2, quota));
    }

    @Test
    void pointsCarryTheirLabelsAndWarningsSayWhereSmtAndTheSecondNodeStart() throws Exception {
        FamilyAnalysis f = family(null).family();
        Point p16 = f.points().get(1);
        Point p64 = f.points().get(3);
        assertEquals(new CpuLabels(16, false, 1, 1, null, null, null), p16.conditions().cpuLabels());
        assertEquals(new CpuLabels(32, true, 2, 2, null, null, null), p64.conditions().cpuLabels());
        assertTrue(p64.valid(), "SMT points are valid: they are labelled, not discarded");
        assertTrue(f.explanation().warnings().stream().anyMatch(w -> w.startsWith("From P = 64 the points use SMT siblings "
                + "(64 workers on 32 cores): a core shared by two workers, not the program")), f.explanation().warnings().toString());
        assertTrue(f.explanation().warnings().stream().anyMatch(w -> w.startsWith("From P = 32 the workers span 2 sockets")),
                f.explanation().warnings().toString());
        assertEquals(new MachineTopology(64, 32, 2, 2, 64, 32, null), f.measurement().environment().topology());
    }

    @Test
    void pointsAboveTheQuotaAreOversubscribedByQuota() throws Exception {
        FamilyAnalysis f = family(20.0).family();
        assertTrue(f.points().get(1).valid());
        Point p32 = f.points().get(2);
        assertFalse(p32.valid());
        assertTrue(p32.conditions().oversubscribed());
        assertEquals(List.of("oversubscribed: 32 workers shared a CPU quota of 20 CPUs (the cgroup's cpu.max or cfs "
                + "quota)"), p32.invalidBecause());
        assertEquals(20.0, f.measurement().environment().topology().cpuQuota());
    }

    @Test
    void analysisJsonCarriesLabelsAndTopologyAndReadsThemBack() throws Exception {
        Analysis a = family(null).analyze();
        String json = AnalysisJson.toJson(a);
        JsonNode family = new ObjectMapper().readTree(json).get("families").get(0);
        assertEquals(32, family.get("environment").get("topology").get("physicalCores").asInt());
        JsonNode p64 = family.get("points").get(3).get("cpuLabels");
        assertTrue(p64.get("smt").asBoolean());
        assertEquals(2, p64.get("numaNodes").asInt());
        assertNull(p64.get("cpuQuota"), "no quota: not written");
        Analysis back = AnalysisJson.read(json.getBytes(java.nio.charset.StandardCharsets.UTF_8), "test");
        assertEquals(a.families().get(0).points().get(3).conditions().cpuLabels(),
                back.families().get(0).points().get(3).conditions().cpuLabels());
        assertEquals(a.families().get(0).measurement().environment(),
                back.families().get(0).measurement().environment());
    }

    @Test
    void withoutLabelsNothingIsWrittenOrSaid() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile())
                .add("1", Fixtures.constant(1.2), Fixtures.constant(0.0), Fixtures.profiled(1, 1))
                .add("2", Fixtures.constant(0.7), Fixtures.constant(0.1), Fixtures.profiled(2, 2)).family();
        assertNull(f.points().get(0).conditions().cpuLabels());
        assertNull(f.measurement().environment().topology());
        assertTrue(f.explanation().warnings().stream().noneMatch(w -> w.contains("SMT") || w.contains("span")), f.explanation().warnings().toString());
    }
}
