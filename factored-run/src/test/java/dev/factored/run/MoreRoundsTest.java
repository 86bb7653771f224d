package dev.factored.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.factored.analysis.AnalysisOptions;
import dev.factored.contract.CoresParam;
import dev.factored.contract.MoreForks;
import dev.factored.contract.RoundEvent;
import dev.factored.run.settings.Budget;
import dev.factored.run.settings.Preset;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A budget shorter than the planned round, or just longer: every configuration in one fork, so the noise between forks
 * rests on nothing this run measured. Hand-made results: three families of single forks, one of them ("wide") with
 * iterations ten times noisier than the others.
 */
class MoreRoundsTest {

    private static final long SECOND = 1_000_000_000L;
    private static final String ROUND_DONE = new RoundEvent.RoundDone().line();

    /** JMH's JSON of one fork per configuration, 3 iterations each, in ms/op. */
    private static Path singleForks(Path dir) throws Exception {
        ObjectMapper json = new ObjectMapper();
        ArrayNode entries = json.createArrayNode();
        for (String family : List.of("narrow", "wide", "calm")) {
            double spread = family.equals("wide") ? 0.10 : 0.01;
            for (String cores : List.of("baseline", "1", "2")) {
                double mean = cores.equals("2") ? 0.6 : 1.0;
                ObjectNode e = entries.addObject();
                e.put("jmhVersion", "1.37").put("benchmark", "a.B.run").put("mode", "avgt").put("threads", 1)
                        .put("forks", 1).put("jvm", "java").put("jdkVersion", "17").put("vmName", "VM")
                        .put("vmVersion", "17").put("warmupIterations", 1).put("warmupTime", "100 ms")
                        .put("measurementIterations", 3).put("measurementTime", "100 ms");
                e.putArray("jvmArgs");
                e.putObject("params").put("cores", cores).put("family", family);
                ObjectNode primary = e.putObject("primaryMetric");
                primary.put("score", mean).put("scoreError", "NaN").put("scoreUnit", "ms/op");
                ArrayNode fork = primary.putArray("rawData").addArray();
                fork.add(mean * (1 - spread)).add(mean).add(mean * (1 + spread));
                e.putObject("secondaryMetrics");
            }
        }
        Path file = dir.resolve("jmh-result.json");
        json.writeValue(file.toFile(), entries);
        return file;
    }

    private static MoreRounds rounds(Path dir, String budget, AtomicLong clock, List<String> log) throws Exception {
        return rounds(dir, budget, clock, log, List.of("baseline", "1", "2"), java.util.Collections.nCopies(9, 1));
    }

    /**
     * @param cores   the cores values the run gave JMH
     * @param members the configurations each fork of the planned round measured, 9 in all
     */
    private static MoreRounds rounds(Path dir, String budget, AtomicLong clock, List<String> log, List<String> cores,
            List<Integer> members) throws Exception {
        RunLog sink = CollectingLog.into(log, false);
        MoreRounds more = new MoreRounds(Budget.of(Preset.QUICK, budget, "5%"), singleForks(dir),
                dir.resolve("more.txt"), new AnalysisOptions(1, 200, 0.95, 64, 0.05),
                cores.stream().map(CoresParam::parse).toList(), sink, clock::get);
        for (int i = 0; i < members.size(); i++) {
            more.answer(new RoundEvent.ForkStarted(1, 1, i + 1, members.size(), i + 1, members.size(), null,
                    members.get(i)).line());
        }
        clock.addAndGet(18 * SECOND); // the planned round: 9 configurations of 2 s
        return more;
    }

    @Test
    void aBudgetShorterThanThePlannedRoundSaysThePrecisionIsNotKnown(@TempDir Path dir) throws Exception {
        List<String> log = new ArrayList<>();
        MoreRounds more = rounds(dir, "10s", new AtomicLong(), log);
        assertNull(more.answer(MoreForks.ROUND_DONE), "the runner's sentence for a person is no question to the run");
        assertEquals(MoreForks.STOP, more.answer(ROUND_DONE));
        assertTrue(log.get(0).contains("from iterations only (no noise between forks measured yet)"), log.toString());
        List<String> end = more.missed(3);
        assertTrue(end.get(0).startsWith("the noise between forks was not measured: every configuration ran a single "
                + "fork and the budget is spent (0:18 of 0:10; a configuration's fork takes 2.0 s), so every interval "
                + "shows its iterations only and the precision reached is not known"), end.toString());
        assertTrue(end.get(0).contains("A budget longer than the planned rounds (0:18) gives the configurations of the "
                + "least certain speedups a second fork before any other"), end.get(0));
    }

    @Test
    void theLastForksOfTheBudgetGiveTheLeastCertainSpeedupASecondFork(@TempDir Path dir) throws Exception {
        List<String> log = new ArrayList<>();
        MoreRounds more = rounds(dir, "22s", new AtomicLong(), log);
        // 4 s left at 2 s a fork: two forks, both to the family whose speedup rests on the noisiest iterations
        assertEquals(MoreForks.GO, more.answer(ROUND_DONE));
        List<MoreForks.Request> requests = MoreForks.read(dir.resolve("more.txt"));
        assertEquals(2, requests.size(), requests.toString());
        for (MoreForks.Request r : requests) {
            assertEquals("wide", r.params().get("family"), requests.toString());
        }
        assertEquals(List.of("2", "baseline"), requests.stream().map(r -> r.params().get("cores")).sorted().toList());
        assertTrue(log.get(0).contains("2 more fork(s) (2 to measure the noise between forks)"), log.toString());
    }

    /**
     * One second fork would measure the noise between forks on 1 degree of freedom: Student's t of 12.7 on every
     * interval of the run (the README's run read ±751 %). None runs, and the end says why.
     */
    @Test
    void aBudgetForOneSecondForkRunsNoneAndSaysWhy(@TempDir Path dir) throws Exception {
        List<String> log = new ArrayList<>();
        MoreRounds more = rounds(dir, "21s", new AtomicLong(), log);
        // 3 s left at 2 s a fork: one fork fits
        assertEquals(MoreForks.STOP, more.answer(ROUND_DONE));
        assertTrue(log.get(0).endsWith("no further rounds: the budget left (0:03) holds one second fork, and the noise "
                + "between forks needs two: one would rest every interval on 1 degree of freedom"), log.toString());
        assertTrue(more.missed(3).get(0).startsWith("the noise between forks was not measured: every configuration ran "
                + "a single fork and the budget left (0:03) holds one second fork"), more.missed(3).toString());
    }

    @Test
    void aForkForAMemberOfATurnIsAForkOfTheTurnAndCostsItsMembersTime(@TempDir Path dir) throws Exception {
        List<String> log = new ArrayList<>();
        // three families of baseline and 1+2: 6 forks measured 9 configurations in 18 s, 2 s a configuration
        MoreRounds more = rounds(dir, "24s", new AtomicLong(), log, List.of("baseline", "1+2"),
                List.of(1, 2, 1, 2, 1, 2));
        // 6 s left: the turn's fork (4 s) and the baseline's (2 s), both for the least certain speedup
        assertEquals(MoreForks.GO, more.answer(ROUND_DONE));
        List<MoreForks.Request> requests = MoreForks.read(dir.resolve("more.txt"));
        assertEquals(List.of("1+2", "baseline"), requests.stream().map(r -> r.params().get("cores")).sorted().toList(),
                requests.toString());
        assertTrue(requests.stream().allMatch(r -> r.params().get("family").equals("wide")), requests.toString());
        assertTrue(log.get(0).contains("2 more fork(s) (2 to measure the noise between forks)"), log.toString());
    }
}
