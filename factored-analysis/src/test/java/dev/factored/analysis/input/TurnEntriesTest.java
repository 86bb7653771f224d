package dev.factored.analysis.input;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.AnalysisOptions;
import dev.factored.analysis.FactoredAnalysis;
import dev.factored.analysis.model.Analysis;
import dev.factored.contract.CoresTurn;
import dev.factored.contract.ProfilerMetrics;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A {@code cores=1+2} entry split into its members' entries by the {@value ProfilerMetrics#TURN} tags. */
class TurnEntriesTest {

    /** Two forks of six measured iterations, the members interleaved in a different order in each fork. */
    private static final String TAGS = "[[2, 1, 1, 2, 2, 1], [1, 2, 2, 1, 1, 2]]";
    private static final String TIMES = "[[20, 10, 11, 21, 22, 12], [13, 23, 24, 14, 15, 25]]";
    private static final String IDLE = "[[2.0, 1.0, 1.1, 2.1, 2.2, 1.2], [1.3, 2.3, 2.4, 1.4, 1.5, 2.5]]";

    private static String entry(String cores, String tags, String times, String secondary) {
        return "[{\"benchmark\": \"a.B.run\", \"mode\": \"avgt\", \"threads\": 1, \"forks\": 2,"
                + " \"warmupIterations\": 4, \"measurementIterations\": 6,"
                + " \"params\": {\"cores\": \"" + cores + "\", \"n\": \"5\"},"
                + " \"primaryMetric\": " + metric("s/op", times) + ", \"secondaryMetrics\": {"
                + (tags == null ? "" : "\"" + ProfilerMetrics.TURN + "\": " + metric("", tags))
                + (tags == null || secondary.isEmpty() ? "" : ", ") + secondary + "}}]";
    }

    private static String metric(String unit, String raw) {
        return "{\"score\": 1.0, \"scoreError\": \"NaN\", \"scoreUnit\": \"" + unit + "\", \"rawData\": " + raw + "}";
    }

    private static List<JmhEntry> read(String json) throws AnalysisInputException {
        return JmhJsonReader.read(json.getBytes(StandardCharsets.UTF_8), "r.json");
    }

    private static String error(String json) {
        return assertThrows(AnalysisInputException.class, () -> read(json)).getMessage();
    }

    @Test
    void eachMemberKeepsItsOwnIterationsAndTheMetricsOfThem() throws Exception {
        // factored.jit only in some iterations: it cannot be told apart by member, so it is left out
        List<JmhEntry> entries = read(entry("2+1", TAGS, TIMES, "\"" + ProfilerMetrics.IDLE + "\": "
                + metric("s/op", IDLE) + ", \"" + ProfilerMetrics.JIT + "\": " + metric("", "[[0.5], [0.25]]")));
        assertEquals(2, entries.size());
        JmhEntry one = entries.get(0);
        JmhEntry two = entries.get(1);
        assertEquals("1", one.params().get("cores"));
        assertEquals("2", two.params().get("cores"));
        assertEquals("5", one.params().get("n"));
        assertEquals(CoresTurn.parse("1+2"), one.sharedForks());
        assertEquals(one.turn(), two.turn());
        assertEquals(List.of(), one.turn().forksLeftOut());
        assertArrayEquals(new double[][] {{10, 11, 12}, {13, 14, 15}}, one.primaryMetric().rawData());
        assertArrayEquals(new double[][] {{20, 21, 22}, {23, 24, 25}}, two.primaryMetric().rawData());
        assertArrayEquals(new double[][] {{1.0, 1.1, 1.2}, {1.3, 1.4, 1.5}},
                one.secondaryMetrics().get(ProfilerMetrics.IDLE).rawData());
        assertArrayEquals(new double[][] {{2.0, 2.1, 2.2}, {2.3, 2.4, 2.5}},
                two.secondaryMetrics().get(ProfilerMetrics.IDLE).rawData());
        assertEquals(List.of(ProfilerMetrics.IDLE), List.copyOf(two.secondaryMetrics().keySet()));
        // scores from the kept iterations, JMH's counts per member (the runner multiplied them by the members)
        assertEquals(12.5, one.primaryMetric().score(), 1e-12);
        assertEquals(22.5, two.primaryMetric().score(), 1e-12);
        assertFalse(Double.isNaN(one.primaryMetric().scoreError()));
        assertEquals(2, one.settings().forks());
        assertEquals(3, one.settings().measurementIterations());
        assertEquals(2, one.settings().warmupIterations());
        assertEquals(0, one.index());
        assertEquals(0, two.index());
    }

    @Test
    void anEntryOfOneConfigurationIsReadAsItWas() throws Exception {
        JmhEntry e = read(entry("2", null, "[[20, 21]]", "")).get(0);
        assertNull(e.turn());
        assertArrayEquals(new double[][] {{20, 21}}, e.primaryMetric().rawData());
    }

    @Test
    void aForkWhereAMemberRanNothingIsLeftOutForEveryMember() throws Exception {
        List<JmhEntry> entries = read(entry("1+2", "[[2, 1, 1, 2, 2, 1], [1, 1, 1, 1, 1, 1]]", TIMES, ""));
        for (JmhEntry e : entries) {
            assertEquals(1, e.primaryMetric().rawData().length);
            assertEquals(List.of(1), e.turn().forksLeftOut());
            assertEquals(1, e.settings().forks());
        }
        Analysis analysis = FactoredAnalysis.analyze(entries, "r.json", AnalysisOptions.DEFAULT);
        assertTrue(analysis.warnings().stream().anyMatch(w -> w.startsWith("Entry 0 (a.B.run) with cores=1+2: fork(s)"
                + " [1] left out for every configuration of the turn")), analysis.warnings().toString());
    }

    @Test
    void aTurnWithoutItsTagsIsAnErrorNamingTheFileAndTheEntry() {
        String msg = error(entry("1+2", null, TIMES, ""));
        assertTrue(msg.startsWith("r.json: entry 0 (a.B.run) with params {cores=1+2, n=5}: cores=1+2 ran "
                + "configurations in turn, but the entry has no factored.turn samples"), msg);
        assertTrue(msg.contains("FactoredProfiler"), msg);
    }

    @Test
    void aTagThatNamesNoMemberIsAnError() {
        String msg = error(entry("1+2", "[[2, 1, 1, 2, 4, 1], [1, 2, 2, 1, 1, 2]]", TIMES, ""));
        assertTrue(msg.startsWith("r.json: entry 0 (a.B.run) with params {cores=1+2, n=5}: factored.turn[0][4] is "
                + "4.0, which names no member of cores=1+2"), msg);
    }

    @Test
    void tagsOfOtherIterationsThanTheTimesAreAnError() {
        String msg = error(entry("1+2", "[[2, 1, 1, 2, 2, 1], [1, 2, 2, 1, 1]]", TIMES, ""));
        assertTrue(msg.startsWith("r.json: entry 0 (a.B.run) with params {cores=1+2, n=5}: factored.turn has 2 fork(s)"
                + " of 6+5 iteration samples but the primary metric has 2 fork(s) of 6+6"), msg);
    }

    @Test
    void aBadTurnIsAnErrorNamingIt() {
        String msg = error(entry("1+1", TAGS, TIMES, ""));
        assertTrue(msg.startsWith("r.json: entry 0 (a.B.run) with params {cores=1+1, n=5}: cores = \"1+1\": "), msg);
    }
}
