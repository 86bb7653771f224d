package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.input.AnalysisInputException;
import dev.factored.analysis.input.ScoreUnit;
import dev.factored.analysis.model.FamilyAnalysis;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class UnitsTest {

    private static double seconds(String unit, double sample) {
        return ScoreUnit.parse(unit).orElseThrow().toSecondsPerOp(sample);
    }

    @Test
    void iterationLengthsAreReadWithTheUnitsOfScores() {
        assertEquals(0.2, ScoreUnit.lengthSeconds("200 ms").orElseThrow(), 1e-15);
        assertEquals(1.0, ScoreUnit.lengthSeconds(" 1 s ").orElseThrow(), 1e-15);
        assertEquals(90.0, ScoreUnit.lengthSeconds("1.5 min").orElseThrow(), 1e-12);
        assertTrue(ScoreUnit.lengthSeconds("10 ops").isEmpty());
        assertTrue(ScoreUnit.lengthSeconds("fast").isEmpty());
        assertTrue(ScoreUnit.lengthSeconds(null).isEmpty());
    }

    @Test
    void timePerOperationUnits() {
        assertEquals(2e-9, seconds("ns/op", 2), 1e-24);
        assertEquals(2e-6, seconds("us/op", 2), 1e-21);
        assertEquals(2e-6, seconds("µs/op", 2), 1e-21);
        assertEquals(2e-3, seconds("ms/op", 2), 1e-18);
        assertEquals(2.0, seconds("s/op", 2), 0);
        assertEquals(120.0, seconds("min/op", 2), 0);
        assertEquals(7200.0, seconds("hr/op", 2), 0);
        assertEquals(172800.0, seconds("day/op", 2), 0);
    }

    @Test
    void throughputUnitsAreInverted() {
        assertEquals(0.5e-9, seconds("ops/ns", 2), 1e-24);
        assertEquals(0.5e-6, seconds("ops/us", 2), 1e-21);
        assertEquals(0.5e-3, seconds("ops/ms", 2), 1e-18);
        assertEquals(0.5, seconds("ops/s", 2), 0);
        assertEquals(30.0, seconds("ops/min", 2), 0);
        assertFalse(ScoreUnit.parse("ops/s").orElseThrow().perOperation());
        assertTrue(ScoreUnit.parse("ms/op").orElseThrow().perOperation());
    }

    @Test
    void otherUnitsAreNotTimes() {
        for (String u : List.of("B/op", "MB/sec", "counts", "ms", "", "ops", "op/s", "furlongs/op")) {
            assertTrue(ScoreUnit.parse(u).isEmpty(), u);
        }
    }

    @Test
    void everySampleIsNormalisedToSecondsPerOperation() throws Exception {
        FamilyAnalysis f = new Fixtures.Entries().mode("avgt", "ms/op").idleUnit("us/op")
                .add("baseline", new double[][] {{2, 4}}, null, Map.of())
                .add("2", new double[][] {{1, 2}}, new double[][] {{100, 300}}, Map.of())
                .family();
        assertEquals(3e-3, f.times().baselineTime().value(), 1e-15);
        assertEquals(1.5e-3, f.points().get(0).times().time().value(), 1e-15);
        assertEquals(200e-6, f.points().get(0).times().idleTime().value(), 1e-15);
        double[][] idle = f.measurement().configurations().get(1).idleSamples();
        assertEquals(100e-6, idle[0][0], 1e-18);
        assertEquals(300e-6, idle[0][1], 1e-18);
    }

    @Test
    void throughputInvertsEachSampleNotTheMean() throws Exception {
        // 1 and 3 ops/s are 1 s and 1/3 s per op: mean 2/3 s, not 1 / mean(2 ops/s) = 0.5 s
        FamilyAnalysis f = new Fixtures.Entries().mode("thrpt", "ops/s")
                .add("baseline", new double[][] {{1, 3}}, null, Map.of()).family();
        assertEquals(2.0 / 3.0, f.times().baselineTime().value(), 1e-15);
    }

    @Test
    void unknownUnitNamesTheFileEntryAndUnit() {
        AnalysisInputException e = assertThrows(AnalysisInputException.class, () -> new Fixtures.Entries()
                .mode("avgt", "furlongs/op").add("baseline", 1.0, null).analyze());
        assertTrue(e.getMessage().startsWith("test.json: entry 0 (" + Fixtures.BENCH + ")"), e.getMessage());
        assertTrue(e.getMessage().contains("unknown unit \"furlongs/op\""), e.getMessage());
    }

    @Test
    void idleMustBeATimePerOperation() {
        AnalysisInputException e = assertThrows(AnalysisInputException.class, () -> new Fixtures.Entries()
                .idleUnit("ops/s").add("2", 1.0, 0.5).analyze());
        assertTrue(e.getMessage().contains("factored.idle has unit \"ops/s\""), e.getMessage());
    }

    @Test
    void zeroThroughputIsRejected() {
        AnalysisInputException e = assertThrows(AnalysisInputException.class, () -> new Fixtures.Entries()
                .mode("thrpt", "ops/s").add("baseline", new double[][] {{1, 0}}, null, Map.of()).analyze());
        assertTrue(e.getMessage().contains("sample [0][1] is 0.0 ops/s"), e.getMessage());
    }
}
