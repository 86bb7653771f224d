package dev.factored.jmh.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Time JMH does not measure is in neither side of the estimate (issue 34.3), in real pinned forks of
 * {@link InvocationLevelBenchmark}'s operation of known work, alone and with three {@code Level.Invocation} helpers:
 * a setup that sleeps 10 ms, a teardown that calls {@code System.gc()}, a setup that runs its own parallel stream on
 * the same common pool. Each figure is the median of the fork's iterations, so one iteration a neighbour disturbed
 * does not decide it.
 * <ul>
 * <li>At the baseline and at one worker the helpers leave the estimated idle time of the operation alone within 5 %
 * of the operation, beside what the program's threads waited to run ({@code factored.runDelay}: a neighbour only adds
 * idle). Before, at one worker the sleep's 10 ms cancelled the caller's work and read as idle (98 % of the
 * operation).</li>
 * <li>At two workers the operation is not the same one: after a sleep or a full collection the common pool's workers
 * start parked and cold, and the operation is longer, with real idle time of its own. What is known there is the work:
 * the estimate's idle is 2·T<sub>2</sub> less the CPU time of the threads in the operation, which is the built work
 * plus what the pool's own code spent (its excess). The excess is never below the work (an estimate that missed the
 * threads' time), and the parallel setup's stream, whose workers run 4 ms outside every operation, is not in it:
 * its excess is the stream alone's within 5 % of the operation, where over the iteration those 4 ms would have read
 * as the operation's. After a sleep or a collection the pool's code itself spends more: 0.13-0.23 ms more per
 * operation, measured without JMH or factored (a plain loop of the same operation), 0.3-0.5 ms in a JMH fork; a
 * quarter of the operation is allowed.</li>
 * <li>Every helper pauses the pool between operations: at one worker and at two, at least 90 % of the operations
 * that followed another began after a pause ({@code factored.afterPause}), and at most 10 % of the stream alone's,
 * which follow one another at once.</li>
 * <li>Collection time per operation is the stream alone's within 5 % of the operation: the teardown's collections,
 * 11 ms per 2 ms operation before, are left out (at the baseline, where nothing times the operations' ends, as far as
 * the time JMH did not measure holds them). A young collection during a sleeping setup at the baseline is not claimed:
 * nothing there tells it from the operations' own.</li>
 * </ul>
 * The run ({@link InvocationLevelRun}) is shared with {@link OwnWaitingKnownAnswerTest}.
 */
class InvocationLevelTest {

    private static final String[] SHAPES = {"sleepingSetup", "collectingTeardown", "parallelSetup"};

    @Test
    void timeJmhDoesNotMeasureIsNotTheOperations() throws Exception {
        JsonNode result = InvocationLevelRun.result();
        Map<String, JsonNode> byName = new HashMap<>();
        for (JsonNode entry : result) {
            String method = entry.path("benchmark").asText().replaceAll(".*\\.", "");
            byName.put(method + "@" + entry.path("params").path("cores").asText(), entry);
        }
        assertEquals(4 * 3, byName.size(), byName.keySet().toString());
        StringBuilder seen = new StringBuilder();
        for (String cores : new String[] {"baseline", "1", "2"}) {
            JsonNode alone = byName.get("alone@" + cores);
            double operation = median(alone, null);
            double aloneExcess = excess(alone);
            for (String shape : SHAPES) {
                JsonNode other = byName.get(shape + "@" + cores);
                double allowed = 0.05 * operation + neighbour(alone) + neighbour(other);
                String what = String.format(Locale.ROOT, "cores=%s %s: operation %.0f us (alone %.0f us), idle %.1f us"
                        + " (alone %.1f us), CPU beyond the work %.1f us (alone %.1f us), GC %.1f us (alone %.1f us),"
                        + " allowed %.1f us (the machine's %.1f us), after a pause %.2f (alone %.2f)", cores, shape, median(other, null), operation,
                        median(other, "factored.idle"), median(alone, "factored.idle"), excess(other), aloneExcess,
                        median(other, "factored.gc"), median(alone, "factored.gc"), allowed,
                        neighbour(other), afterPause(other), afterPause(alone));
                seen.append("; ").append(what);
                if (!cores.equals("baseline")) {
                    // Every helper pauses the pool between operations; the stream alone follows at once.
                    assertTrue(median(other, "factored.afterPause") >= 0.9, "after a pause: " + what);
                    assertTrue(median(alone, "factored.afterPause") <= 0.1, "the stream alone: " + what);
                }
                if (cores.equals("1")) { // the baseline reads 0: no pool
                    assertEquals(median(alone, "factored.idle"), median(other, "factored.idle"), allowed, what);
                } else if (cores.equals("2")) {
                    double otherOperation = median(other, null);
                    assertTrue(excess(other) >= -0.02 * otherOperation, "less CPU than the work: " + what);
                    if (shape.equals("parallelSetup")) {
                        assertEquals(aloneExcess, excess(other), 0.05 * operation, "the setup's workers: " + what);
                    } else {
                        assertTrue(excess(other) <= 0.25 * otherOperation, what);
                    }
                }
                if (!cores.equals("baseline") || shape.equals("collectingTeardown")) {
                    assertEquals(median(alone, "factored.gc"), median(other, "factored.gc"), 0.05 * operation, what);
                }
            }
        }
        System.out.println("[InvocationLevelTest]" + seen);
    }

    /** The share of operations that began after a pause, or -1 where it is not published (the baseline). */
    private static double afterPause(JsonNode entry) {
        return entry.path("secondaryMetrics").has("factored.afterPause") ? median(entry, "factored.afterPause") : -1;
    }

    /**
     * What a neighbour can have added to an operation's idle time, µs: its threads' wait to run
     * ({@code factored.runDelay}) and the time other processes and the hypervisor took from the fork's CPUs
     * ({@code factored.interference}: a virtual CPU the host ran something else on is off its CPU with no thread
     * waiting), each the median over the iterations.
     */
    private static double neighbour(JsonNode entry) {
        return median(entry, "factored.runDelay") + Math.max(0, median(entry, "factored.interference"));
    }

    /**
     * The median over the iterations of what the estimate counted as the threads' CPU time in an operation beyond the
     * built work at two workers: 2·T − idle − work, µs.
     */
    private static double excess(JsonNode entry) {
        List<Double> times = iterations(entry, null);
        List<Double> idle = iterations(entry, "factored.idle");
        List<Double> excess = new ArrayList<>();
        for (int i = 0; i < times.size(); i++) {
            excess.add(2 * times.get(i) - idle.get(i) - InvocationLevelBenchmark.WORK_MICROS);
        }
        return median(excess);
    }

    /** The median over the iterations of a secondary metric, or of the score when {@code name} is null. */
    private static double median(JsonNode entry, String name) {
        return median(iterations(entry, name));
    }

    private static List<Double> iterations(JsonNode entry, String name) {
        JsonNode metric = name == null ? entry.path("primaryMetric") : entry.path("secondaryMetrics").path(name);
        assertTrue(metric.has("rawData"), name + " missing in " + entry.path("benchmark").asText());
        List<Double> values = new ArrayList<>();
        for (JsonNode fork : metric.path("rawData")) {
            for (JsonNode value : fork) {
                values.add(value.asDouble());
            }
        }
        return values;
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}
