package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.factored.analysis.input.ActivitySamples;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.AnalysisJson;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.measurement.Interference;
import dev.factored.analysis.model.measurement.Zero;
import dev.factored.analysis.model.point.IdleSplit;
import dev.factored.contract.ActivityLog;
import dev.factored.contract.ActivityLog.Interval;
import dev.factored.contract.ActivityLog.Operation;
import dev.factored.text.Numbers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A zero that was clamped or is zero by construction is said so, and never an interval {@code [0, 0]} that reads as a
 * measurement of exactly 0 (issue 43, item 4), on hand-made numbers.
 */
class ZerosTest {

    /** Every replicate of the share at or below 0 (ticks' rounding on a quiet machine): none measured. */
    @Test
    void aShareWhoseEveryReplicateIsAtOrBelowZeroIsNoneMeasured() {
        Estimate share = MachineShare.shareOfCpus(Estimate.fromReplicates(
                new double[] {-0.004, -0.006, -0.001, 0.0, -0.003, -0.002, -0.005}, 0.95, true));
        assertEquals(Zero.NONE_MEASURED, share.zero());
        assertEquals(new Estimate(0, 0, 0, true, false, Zero.NONE_MEASURED), share);
        assertEquals("0.0% (none measured)", Numbers.percent(share));
        assertEquals("0x (none measured)", Numbers.speedup(Estimate.nonNegative(new Estimate(-0.2, -0.3, 0))));
        assertEquals("0 ns (none measured)", Numbers.time(Estimate.fromReplicates(new double[] {0, 0, 0, 0}, 0.95)));
        assertEquals("0 ns (by construction)", Numbers.time(Estimate.byConstruction(false, false)));
        assertEquals("(none measured)", Numbers.percentBounds(share), "the gate's interval column");
    }

    /** A genuine small positive share keeps its interval; one whose top rounds to 0.0 % shows the top's digits. */
    @Test
    void aSmallPositiveShareIsStillShownWithItsInterval() {
        Estimate small = MachineShare.shareOfCpus(new Estimate(0.002, 0.001, 0.003));
        assertNull(small.zero());
        assertEquals("0.2% [0.1, 0.3]", Numbers.percent(small));
        // the 16-core run's MergeSort at P = 2: read at or below 0, the ticks' resolution reaching 0.04 %
        Estimate clampedBelowResolution = MachineShare.shareOfCpus(
                new Estimate(-0.0003, -0.0010, 0.00040650406504064845));
        assertNull(clampedBelowResolution.zero(), "the interval reaches above 0: a measurement, with its interval");
        assertEquals("0.0% [0.0, 0.041]", Numbers.percent(clampedBelowResolution));
        assertEquals("+0.0% [-0.020, +0.030]", Numbers.change(new Estimate(1, 0.9998, 1.0003)));
        assertEquals("0.0%", Numbers.percent(0.0003), "a plain number keeps one decimal");
        Estimate straddling = Estimate.nonNegative(new Estimate(-0.1, -0.4, 0.2));
        assertEquals(new Estimate(0, 0, 0.2), straddling, "clamped, but measured up to 0.2: an interval");
    }

    @Test
    void aZeroIsCarriedThroughDivisionAndJsonAndOlderFilesStillRead() throws Exception {
        Estimate none = Estimate.noneMeasured(true, false);
        assertEquals(none, none.dividedBy(4));
        assertEquals(none, Estimate.nonNegative(none));
        Estimate byConstruction = Estimate.byConstruction(false, false);
        assertEquals(byConstruction, Estimate.nonNegative(byConstruction), "a zero already explained stays");
        ObjectMapper json = new ObjectMapper();
        assertEquals("{\"value\":0.0,\"low\":0.0,\"high\":0.0,\"singleFork\":true,\"zero\":\"noneMeasured\"}",
                json.writeValueAsString(none));
        assertEquals(none, json.readValue(json.writeValueAsString(none), Estimate.class));
        assertEquals("{\"value\":0.0,\"low\":0.0,\"high\":0.0,\"zero\":\"byConstruction\"}",
                json.writeValueAsString(byConstruction));
        Estimate old = json.readValue("{\"value\":0.0,\"low\":0.0,\"high\":0.0}", Estimate.class);
        assertNull(old.zero(), "a file from before reads as it was");
        assertEquals("{\"value\":0.25,\"low\":0.2,\"high\":0.3}",
                json.writeValueAsString(new Estimate(0.25, 0.2, 0.3)), "not written when absent");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Estimate(0.1, 0, 0.2, false, false, Zero.NONE_MEASURED));
        assertTrue(e.getMessage().contains("0.1"), e.getMessage());
    }

    /** A quiet configuration's share read below 0 in every iteration, through the whole analysis and analysis.json. */
    @Test
    void aQuietConfigurationsShareIsNoneMeasuredInTheAnalysis() throws Exception {
        Fixtures.Entries entries = new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile()).machine(-0.5, 0, 1.0)
                .jvmShare(0)
                .add("1", Fixtures.constant(1.0), Fixtures.constant(0.0), Fixtures.profiled(1, 1)).machine(0.2, 0, 1.0);
        FamilyAnalysis f = entries.family();
        Interference baseline = f.measurement().interference().stream()
                .filter(i -> i.cores().toString().equals("baseline")).findFirst().orElseThrow();
        assertEquals(Zero.NONE_MEASURED, baseline.share().zero(), baseline.toString());
        assertEquals(Zero.NONE_MEASURED, baseline.jvmShare().zero(), "every reading 0: none measured");
        Interference one = f.measurement().interference().stream()
                .filter(i -> i.cores().toString().equals("1")).findFirst().orElseThrow();
        assertNull(one.share().zero(), one.toString());
        assertEquals(Zero.NONE_MEASURED, f.point(1).losses().interference().zero(), "the workers never waited");
        String written = AnalysisJson.toJson(entries.analyze());
        assertTrue(written.contains("\"zero\" : \"noneMeasured\""), written);
        assertFalse(written.contains("byConstruction"), "no split without sampled operations");
    }

    /** With one worker, serial sections and a tail need a second one: zero by construction, not none measured. */
    @Test
    void atOneWorkerTheSerialAndTailPartsAreZeroByConstruction(@TempDir Path dir) throws Exception {
        Path activity = Files.createDirectories(dir.resolve("activity"));
        Operation alone = new Operation(1, 6_000, List.of(List.of(new Interval(100, 5_800, true))));
        for (int fork = 0; fork < 2; fork++) {
            Map<String, String> params = new LinkedHashMap<>();
            params.put("cores", "1");
            String text = ActivityLog.header(new ActivityLog.Trial(Fixtures.BENCH, "avgt", params));
            for (int i = 1; i <= 3; i++) {
                text += ActivityLog.operation(alone);
            }
            Files.writeString(activity.resolve("fork-" + fork + ActivityLog.SUFFIX), text);
        }
        Analysis a = FactoredAnalysis.analyze(new Fixtures.Entries()
                .add("baseline", Fixtures.constant(6.0), null, Fixtures.baselineProfile())
                .add("1", Fixtures.constant(6.0), Fixtures.constant(0.3), Fixtures.profiled(1, 1))
                .add("2", Fixtures.constant(3.5), Fixtures.constant(1.0), Fixtures.profiled(2, 2))
                .build(), "test.json", null, new AnalysisOptions(42, 400, 0.95), ActivitySamples.read(activity));
        IdleSplit split = a.families().get(0).point(1).idleSplit();
        assertEquals(Zero.BY_CONSTRUCTION, split.serial().zero(), split.toString());
        assertEquals(Zero.BY_CONSTRUCTION, split.tail().zero(), split.toString());
        assertEquals(Zero.NONE_MEASURED, split.other().zero(), "one worker can wait between its tasks; it never did");
        assertTrue(split.startup().value() > 0 && split.handBack().value() > 0, split.toString());
        assertNull(split.startup().zero());
        assertEquals(0.3 * 100 / 300, split.startup().value(), 1e-9, "the parts still split I_1 by the shares");
    }
}
