package dev.factored.jmh.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.factored.contract.ForeignProcess;
import dev.factored.contract.ProfilerMetrics;
import dev.factored.jmh.FactoredProfiler;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Configurations in turn inside one fork ({@code cores=baseline+1+2}) read what their forks alone read:
 * {@link SpinHalvesBenchmark} (2 + 2 units of 1 ms of spinning) takes its spin length at the baseline and on one
 * worker, and half of it, plus the second worker's wake-up, on two. Every measured iteration is tagged with its member
 * ({@value ProfilerMetrics#TURN}), every member has as many as the others (the counts are given as the rounds runner
 * gives them, multiplied by the three members), and the fork's other metrics line up with the tags, its CPUs those of
 * the member. The machine is shared: each member is judged by a low quantile of its quiet iterations (other processes
 * took less than 5 % of its CPUs), within lenient bounds; a member disturbed in every iteration is only seen as such.
 */
class TurnKnownAnswersTest {

    private static final int FORKS = 2;
    private static final int MEMBERS = 3;
    private static final int MEASURED_PER_MEMBER = 4;
    /** The analysis' threshold: other processes took this share of the member's CPUs or more. */
    private static final double DISTURBED = 0.05;

    @Test
    void eachMemberReadsItsOwnAnswerInsideOneFork(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/self/status")) && FactoredProfilerTestAccess.tasksetOnPath(),
                "Linux with taskset: the forks are pinned");
        assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "two CPUs");
        Path json = dir.resolve("jmh-result.json");
        System.setProperty("jmh.ignoreLock", "true");
        new Runner(new OptionsBuilder()
                .include(SpinHalvesBenchmark.class.getName() + ".spin")
                .param("cores", "2+baseline+1")
                .forks(FORKS)
                .warmupIterations(3 * MEMBERS)
                .warmupTime(TimeValue.milliseconds(100))
                .measurementIterations(MEASURED_PER_MEMBER * MEMBERS)
                .measurementTime(TimeValue.milliseconds(200))
                .addProfiler(FactoredProfiler.class) // metrics=analysis, the default: what a run publishes
                .resultFormat(ResultFormatType.JSON)
                .result(json.toString())
                .shouldFailOnError(true)
                .build()).run();
        JsonNode result = new ObjectMapper().readTree(json.toFile());

        assertEquals(1, result.size(), "one entry: the turn is one JMH configuration");
        JsonNode entry = result.get(0);
        assertEquals("2+baseline+1", entry.path("params").path("cores").asText(), "the param as given");
        JsonNode times = entry.path("primaryMetric").path("rawData");
        JsonNode turns = entry.path("secondaryMetrics").path(ProfilerMetrics.TURN).path("rawData");
        JsonNode cpus = entry.path("secondaryMetrics").path(ProfilerMetrics.CPUS).path("rawData");
        JsonNode cores = entry.path("secondaryMetrics").path(ProfilerMetrics.PHYSICAL_CORES).path("rawData");
        JsonNode taken = entry.path("secondaryMetrics").path(ProfilerMetrics.INTERFERENCE_READING).path("rawData");
        assertEquals(FORKS, times.size());
        entry.path("secondaryMetrics").fields().forEachRemaining(metric -> {
            if (!metric.getKey().startsWith(ForeignProcess.PREFIX)) { // named only in the iterations they disturbed
                for (int fork = 0; fork < FORKS; fork++) {
                    assertEquals(times.get(fork).size(), metric.getValue().path("rawData").get(fork).size(),
                            metric.getKey() + " of fork " + fork + " lines up with the iterations");
                }
            }
        });
        Map<Integer, List<Double>> quiet = new TreeMap<>();
        Map<Integer, List<String>> disturbed = new TreeMap<>();
        for (int fork = 0; fork < FORKS; fork++) {
            assertEquals(MEMBERS * MEASURED_PER_MEMBER, times.get(fork).size(), "fork " + fork);
            assertEquals(times.get(fork).size(), turns.get(fork).size(), "a tag for every measured iteration");
            assertEquals(times.get(fork).size(), cpus.get(fork).size(), "the member's CPUs in every iteration");
            assertEquals(times.get(fork).size(), taken.get(fork).size(), "the member's interference in every one");
            Map<Integer, Integer> counts = new TreeMap<>();
            for (int i = 0; i < times.get(fork).size(); i++) {
                int member = (int) turns.get(fork).get(i).asDouble();
                counts.merge(member, 1, Integer::sum);
                double time = times.get(fork).get(i).asDouble();
                double share = taken.get(fork).get(i).asDouble();
                if (share < DISTURBED) {
                    quiet.computeIfAbsent(member, m -> new ArrayList<>()).add(time);
                } else {
                    disturbed.computeIfAbsent(member, m -> new ArrayList<>()).add(String.format(Locale.ROOT,
                            "%.0f us (others took %.0f %%)", time, 100 * share));
                }
                assertEquals(member == 2 ? 2 : 1, cpus.get(fork).get(i).asDouble(), "fork " + fork + " iteration " + i
                        + " of cores=" + member);
                if (cores.isArray()) { // where the host could read the topology: the member's cores, not the fork's
                    double own = cores.get(fork).get(i).asDouble();
                    assertTrue(member == 2 ? own >= 1 && own <= 2 : own == 1, "physical cores of cores=" + member);
                }
            }
            assertEquals(Map.of(-1, MEASURED_PER_MEMBER, 1, MEASURED_PER_MEMBER, 2, MEASURED_PER_MEMBER), counts,
                    "fork " + fork + ": baseline (-1), 1 and 2 alike");
        }

        System.out.println("[TurnKnownAnswersTest] quiet iterations: " + quiet + "; disturbed, not judged: "
                + disturbed);
        // the spin cannot end early; a quiet iteration may still be lengthened a little, within these lenient bounds
        judge(quiet.get(-1), 4000, 1.25, "the baseline near the spin length");
        judge(quiet.get(1), 4000, 1.25, "T_1 near the spin length");
        judge(quiet.get(2), 2000, 1.4, "T_2 near half of it, and a wake-up");
    }

    /** A member's quiet iterations, if it had any, by their first quartile. */
    private static void judge(List<Double> quiet, double answerMicros, double slack, String what) {
        if (quiet == null) {
            return; // other processes took the member's CPUs in every iteration: the profiler said so, as checked above
        }
        double low = lowQuantile(quiet);
        assertTrue(low >= answerMicros * 0.99 && low <= answerMicros * slack, what + ": " + low + " us of " + quiet);
    }

    /** The first quartile: a neighbour only lengthens an iteration, and half of a member's iterations may suffer. */
    private static double lowQuantile(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get((sorted.size() - 1) / 4);
    }
}
