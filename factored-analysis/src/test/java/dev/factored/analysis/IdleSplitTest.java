package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.input.ActivitySamples;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.AnalysisJson;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.finding.Finding;
import dev.factored.analysis.model.point.IdleSplit;
import dev.factored.contract.ActivityLog.Interval;
import dev.factored.contract.ActivityLog.Operation;
import dev.factored.contract.ActivityLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The rule that splits idle time into startup, serial, tail and other, on timelines built by hand. */
class IdleSplitTest {

    private static Interval fresh(long start, long end) {
        return new Interval(start, end, true);
    }

    private static double idle(Operation op) {
        double busy = 0;
        for (List<Interval> lane : op.lanes()) {
            for (Interval i : lane) {
                busy += i.end() - i.start();
            }
        }
        return (double) op.workers() * op.wallNanos() - busy;
    }

    /** A root that runs 2,040 µs alone, then forks a balanced burst that the second worker steals at 2,050 µs. */
    @Test
    void aSerialSectionIsTheOtherWorkerWaiting() {
        Operation op = new Operation(1, 6_100, List.of(
                List.of(fresh(10, 6_000)),
                List.of(fresh(2_050, 6_000))));
        double[] parts = IdleSplit.partsOf(op);
        // Start-up: both workers before the root starts (2·10); hand-back: both after the end (2·100).
        assertArrayEquals(new double[] {20, 2_040, 0, 0, 200}, parts, 1e-9);
        assertEquals(idle(op), sum(parts), 1e-9);
    }

    /** One long task keeps worker 0 busy while worker 1 runs two short ones and then has nothing to steal. */
    @Test
    void aLongLastTaskIsTheTail() {
        Operation op = new Operation(1, 1_000, List.of(
                List.of(fresh(0, 1_000)),
                List.of(fresh(10, 100), fresh(110, 200))));
        // [0, 10) and [100, 110): one busy worker while worker 1 has work to come (serial); after its last task
        // ends at 200, worker 1's 800 idle µs while worker 0 still runs are the tail.
        assertArrayEquals(new double[] {0, 20, 800, 0, 0}, IdleSplit.partsOf(op), 1e-9);
    }

    @Test
    void eachIdleWorkerIsClassifiedByItsOwnFirstAndLastTask() {
        Operation op = new Operation(1, 1_000, List.of(
                List.of(fresh(0, 300), new Interval(600, 700, false)),
                List.of(fresh(100, 600)),
                List.of(fresh(200, 400)),
                List.of()));
        double[] parts = IdleSplit.partsOf(op);
        // Worker 0's last task ends at 300 (it resumes the root at 600, which is not a task). [0,100) one busy: 3
        // idle, serial. [100,200) two busy: worker 2 starts later (startup), worker 3 never (other). [200,300)
        // three busy: worker 3 other. [300,400): worker 0 is done (tail), worker 3 other. [400,600) worker 1 alone:
        // workers 0 and 2 done (tail), worker 3 serial. [600,700) worker 0 alone, resumed after its join: the root's
        // code after the join is serial, so workers 1, 2 and 3 wait for a serial section. From 700 all four: hand-back.
        assertArrayEquals(new double[] {100, 300 + 200 + 300, 100 + 400, 300, 1_200}, parts, 1e-9);
        assertEquals(idle(op), sum(parts), 1e-9);
    }

    /** Two unequal tasks: the shorter one's worker waits for the longer one, and that wait is the tail. */
    @Test
    void theWaitForALongerSiblingIsTheTail() {
        // root on worker 0 forks B (stolen by worker 1 at 30) and runs A (2,000); joins at 2,010, resumes at 6,040
        Operation op = new Operation(1, 6_100, List.of(
                List.of(fresh(0, 2_010), new Interval(6_040, 6_060, false)),
                List.of(fresh(30, 6_030))));
        double[] parts = IdleSplit.partsOf(op);
        // [0,30): worker 1 before its first task while worker 0 runs alone (serial); [2,010, 6,030): worker 0 has
        // finished its last task (the resumption at 6,040 is not one), worker 1 still runs: tail; [6,030, 6,040):
        // nobody busy between the two, other; [6,040, 6,060) the root alone after its join, its code there serial;
        // then hand-back.
        assertArrayEquals(new double[] {0, 30 + 20, 4_020, 2 * 10, 2 * 40}, parts, 1e-9);
    }

    private static double sum(double[] parts) {
        double s = 0;
        for (double part : parts) {
            s += part;
        }
        return s;
    }

    @Test
    void thePartsAlwaysAddUpToTheIdleTime() {
        SplittableRandom random = new SplittableRandom(7);
        for (int round = 0; round < 500; round++) {
            int p = 1 + random.nextInt(6);
            long wall = 1_000 + random.nextInt(10_000);
            List<List<Interval>> lanes = new ArrayList<>();
            for (int w = 0; w < p; w++) {
                List<Interval> lane = new ArrayList<>();
                long t = random.nextInt(200);
                while (t < wall && random.nextInt(8) != 0) {
                    long end = Math.min(wall, t + random.nextInt(2_000));
                    lane.add(new Interval(t, end, random.nextBoolean()));
                    t = end + random.nextInt(500);
                }
                lanes.add(lane);
            }
            Operation op = new Operation(1, wall, lanes);
            double[] parts = IdleSplit.partsOf(op);
            for (double part : parts) {
                assertTrue(part >= 0, java.util.Arrays.toString(parts));
            }
            assertEquals(idle(op), sum(parts), 1e-6, op.toString());
        }
    }

    /** The analysis splits the measured I_P by the sampled shares, and the parts add up to idleTime. */
    @Test
    void theAnalysisSplitsTheMeasuredIdleByTheSampledShares(@TempDir Path dir) throws Exception {
        Path activity = Files.createDirectories(dir.resolve("activity"));
        Operation serial = new Operation(1, 6_100, List.of(List.of(fresh(10, 6_000)), List.of(fresh(2_050, 6_000))));
        for (int fork = 0; fork < 2; fork++) {
            Map<String, String> params = new LinkedHashMap<>();
            params.put("cores", "2");
            String text = ActivityLog.header(new ActivityLog.Trial(Fixtures.BENCH, "avgt", params));
            for (int i = 1; i <= 3; i++) {
                text += ActivityLog.operation(serial);
            }
            Files.writeString(activity.resolve("fork-" + fork + ActivityLog.SUFFIX), text);
        }
        Files.writeString(activity.resolve("broken" + ActivityLog.SUFFIX), "factored-activity\t1\nlane\t0\n");
        Analysis a = FactoredAnalysis.analyze(new Fixtures.Entries()
                .add("baseline", Fixtures.constant(8.0), null, Fixtures.baselineProfile())
                .add("elision", Fixtures.constant(8.0), null, Fixtures.profiled(0, 1))
                .add("1", Fixtures.constant(8.0), Fixtures.constant(0.0), Fixtures.profiled(1, 1))
                .add("2", Fixtures.constant(6.1), Fixtures.constant(2.26), Fixtures.profiled(2, 2))
                .build(), "test.json", null, new AnalysisOptions(42, 400, 0.95), ActivitySamples.read(activity));
        FamilyAnalysis f = a.families().get(0);
        IdleSplit split = f.point(2).idleSplit();
        assertNotNull(split);
        assertEquals(6, split.operations());
        assertEquals(2.26 * 2_040 / 2_260, split.serial().value(), 1e-9);
        assertEquals(2.26 * 20 / 2_260, split.startup().value(), 1e-9);
        assertEquals(2.26 * 200 / 2_260, split.handBack().value(), 1e-9);
        assertEquals(0, split.tail().value(), 1e-12);
        assertNull(f.point(1).idleSplit(), "no activity sampled at P = 1");
        assertEquals(2, f.timeline().cores());
        assertEquals(6.1e-6, f.timeline().wallTime(), 1e-15);
        assertArrayEquals(new double[] {2.05e-6, 6e-6}, f.timeline().lanes().get(1).get(0), 1e-15);
        assertTrue(a.warnings().stream().anyMatch(w -> w.contains("broken" + ActivityLog.SUFFIX)
                && w.contains("line 2")), a.warnings().toString());
        Finding idle = f.explanation().findings().stream().filter(x -> x.kind().equals("idle")).findFirst().orElseThrow();
        assertTrue(idle.text().contains("idle time is mostly a serial section (startup 0.9%, serial 90.3%, tail 0.0%, "
                + "other 0.0%, handBack 8.8%)"), idle.text());
        assertTrue(idle.evidence().containsKey("idleSerial"));
        AnalysisJson.write(a, dir.resolve("analysis.json"));
        Analysis back = AnalysisJson.read(dir.resolve("analysis.json"));
        assertEquals(split, back.families().get(0).point(2).idleSplit());
    }

    /** A split that reads serial while the span run finds plenty of parallelism: the wait is for hand-over. */
    @Test
    void aSerialLookingSplitWithPlentyOfParallelismIsHandOver(@TempDir Path dir) throws Exception {
        Path activity = Files.createDirectories(dir.resolve("activity"));
        Operation serial = new Operation(1, 6_100, List.of(List.of(fresh(10, 6_000)), List.of(fresh(2_050, 6_000))));
        for (int fork = 0; fork < 2; fork++) {
            Map<String, String> params = new LinkedHashMap<>();
            params.put("cores", "2");
            String text = ActivityLog.header(new ActivityLog.Trial(Fixtures.BENCH, "avgt", params));
            for (int i = 1; i <= 3; i++) {
                text += ActivityLog.operation(serial);
            }
            Files.writeString(activity.resolve("fork-" + fork + ActivityLog.SUFFIX), text);
        }
        Analysis a = FactoredAnalysis.analyze(new Fixtures.Entries()
                .add("baseline", Fixtures.constant(8.0), null, Fixtures.baselineProfile())
                .add("elision", Fixtures.constant(8.0), null, Fixtures.profiled(0, 1))
                .add("1", Fixtures.constant(8.0), Fixtures.constant(0.0), Fixtures.profiled(1, 1))
                .add("2", Fixtures.constant(6.1), Fixtures.constant(2.26), Fixtures.profiled(2, 2))
                .addSpan(Fixtures.constant(8.0), 8.0, 0.01, 0.02, 100, 301, 40_000)
                .build(), "test.json", null, new AnalysisOptions(42, 400, 0.95), ActivitySamples.read(activity));
        Finding idle = a.families().get(0).explanation().findings().stream().filter(x -> x.kind().equals("idle")).findFirst()
                .orElseThrow();
        assertTrue(idle.text().contains("idle time is mostly one worker running alone (startup 0.9%, serial 90.3%"),
                idle.text());
        assertTrue(idle.text().contains("yet the span run finds a parallelism of 800x, plenty for 2 cores: the idle "
                + "workers waited for work to reach them (waking a worker and stealing a task take 40.0 µs here)"),
                idle.text());
        assertTrue(!idle.text().contains("run that section in parallel"), idle.text());
        assertTrue(idle.evidence().containsKey("parallelism") && idle.evidence().containsKey("burden"));
    }
}
