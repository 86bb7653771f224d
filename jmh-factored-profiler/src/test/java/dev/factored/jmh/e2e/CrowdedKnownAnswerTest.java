package dev.factored.jmh.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.factored.analysis.AnalysisOptions;
import dev.factored.analysis.FactoredAnalysis;
import dev.factored.analysis.model.AnalysisJson;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The program's own waiting is its own part, never other processes' (issue 43.2), in real pinned forks of
 * {@link CrowdedBenchmark}: at the crowded configuration P workers and one more busy thread of the program share P
 * CPUs. Known by construction: the workers did 4,000 µs of CPU work an operation, so of their busy time everything
 * beyond it is waiting for a CPU, and only what the machine section says other processes took can be theirs.
 * <ul>
 *   <li>P = 1 (1 CPU, the JVM's threads on the spare one): the worker and the extra thread halve the CPU, so the
 *       worker waits about half the operation, most of it holding its task (own waiting), the rest woken but not yet
 *       running it (idle, as the pool counts it); since that T_1 is the reference and holds the wait too, an equal
 *       work inflation below zero (the work, T_1 − I_1 − D_1 − O_1, is the 4,000 µs);</li>
 *   <li>P = 2 (2 CPUs, shared with the JVM's threads): three busy threads on two CPUs, each worker gets about 2/3 of
 *       one; the reference T_1 is uncrowded, so the work inflation is about 0 once the own waiting is its own part.</li>
 * </ul>
 * At both, the loss booked to other processes is at most the machine section's share times the CPUs, and the own
 * waiting is a part of its own. A neighbour moves the split (every nanosecond other processes ran on the CPUs may be
 * one the workers lost, so a busy machine takes up to that much of the wait), so the figures are held to their
 * construction only where the machine section saw the configuration and its reference T_1 quiet enough (other
 * processes below {@value #QUIET} of the CPUs); a busy one is only required to have been seen as such.
 */
class CrowdedKnownAnswerTest {

    private static final double WORK_MICROS = 2 * CrowdedBenchmark.HALF_MICROS;
    /**
     * Other processes' share of a configuration's CPUs up to which the figures are held to their construction: twice
     * the analysis' threshold for a disturbed configuration, since the work is left whichever way the wait splits
     * (a 2-CPU runner's background, the test's own JVMs among it, takes 7-9 % of both CPUs here).
     */
    private static final double QUIET = 0.10;

    @Test
    void theProgramsOwnWaitingIsItsOwnPartAndOtherProcessesAreWhatTheMachineSaw(@TempDir Path dir) throws Exception {
        FactoredProfilerTestAccess.runProfiled(dir, CrowdedBenchmark.class.getName() + ".spin",
                Map.of("crowdedAt", new String[] {"1", "2"}), 1, 3, 100, 5, 100, "baseline", "1", "2");
        JsonNode families = new ObjectMapper().readTree(AnalysisJson.toJson(FactoredAnalysis.analyze(
                dir.resolve("jmh-result.json"), AnalysisOptions.DEFAULT))).path("families");
        StringBuilder seen = new StringBuilder();
        for (JsonNode family : families) {
            int p = family.path("params").path("crowdedAt").asInt();
            JsonNode point = at(family.path("points"), "cores", Integer.toString(p));
            JsonNode machine = at(family.path("interference"), "cores", Integer.toString(p));
            JsonNode reference = at(family.path("interference"), "cores", "1");
            assertTrue(point != null && machine != null && reference != null, "crowdedAt=" + p + ": " + family);
            double time = micros(point.path("time"));
            double idle = micros(point.path("idleTime"));
            double other = micros(point.path("descheduledTime"));
            double own = micros(point.path("ownWaitingTime"));
            double share = machine.path("share").path("value").asDouble();
            double cpus = machine.path("cpus").asDouble(p);
            JsonNode losses = point.path("losses");
            double otherLoss = losses.path("interference").path("value").asDouble();
            double ownLoss = losses.path("ownWaiting").path("value").asDouble();
            double inflation = losses.path("inflation").path("value").asDouble();
            double work = p * time - idle - other - own;
            String figures = String.format(Locale.ROOT, "P=%d: T_P %.0f us, idle %.0f us, own threads' waiting %.0f us"
                    + " (%.3fx), waiting behind other processes %.0f us (%.4fx; the machine section: %.2f %% of %d CPUs,"
                    + " %.4fx), work inflation %.3fx, work %.0f us of %.0f", p, time, idle, own, ownLoss, other,
                    otherLoss, 100 * share, (int) cpus, share * cpus, inflation, work, WORK_MICROS);
            boolean quiet = share < QUIET && reference.path("share").path("value").asDouble() < QUIET;
            seen.append(quiet ? "quiet " : "busy machine, seen as such ").append(figures).append("; ");
            assertTrue(losses.has("ownWaiting") && ownLoss >= 0, "the own waiting is a part of its own: " + figures);
            assertTrue(otherLoss <= share * cpus + 1e-9, "other processes beyond the machine section: " + figures);
            if (!quiet) {
                continue;
            }
            // the workers' busy time beyond their CPU work is waiting; what is not other processes' is the program's
            assertEquals(WORK_MICROS, work, 0.15 * WORK_MICROS, "the work left once both waits are out: " + figures);
            if (p == 1) {
                // half of the CPU is the extra thread's: the worker waited for it, holding its task (own waiting) or
                // about to take it (idle: the pool counts a woken worker idle until it runs)
                double idleLoss = losses.path("idle").path("value").asDouble();
                assertEquals(0.5, ownLoss + idleLoss, 0.15, "the worker had half of its CPU: " + figures);
                assertTrue(ownLoss > 0.25, "most of it holding its task: " + figures);
                assertEquals(-ownLoss - otherLoss - idleLoss, inflation, 0.1, "T_1 holds the wait too: " + figures);
            } else {
                assertTrue(ownLoss > 0.3, "three busy threads on two CPUs: " + figures);
                assertEquals(0, inflation, 0.3, "the uncrowded T_1 is the work: " + figures);
            }
        }
        System.out.println("[CrowdedKnownAnswerTest] " + seen);
        assertEquals(2, families.size(), families.toString());
    }

    private static JsonNode at(JsonNode list, String key, String value) {
        for (JsonNode n : list) {
            if (n.path(key).asText().equals(value)) {
                return n;
            }
        }
        return null;
    }

    private static double micros(JsonNode estimate) {
        return 1e6 * estimate.path("value").asDouble();
    }
}
