package dev.factored.jmh.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.factored.analysis.AnalysisOptions;
import dev.factored.analysis.FactoredAnalysis;
import dev.factored.analysis.model.AnalysisJson;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The program's own waiting is not other processes (issue 43.2), in real pinned forks of
 * {@link InvocationLevelBenchmark#alone}: a caller that spins alone, then a parallel stream of spins that the caller
 * joins beside the common pool's two workers, so at P = 2 three threads of the program are runnable on two CPUs and
 * wait for a CPU behind each other, whatever the machine does. That wait is large ({@code factored.runDelay}, all the
 * program's threads), and D_P, the workers' wait booked to other processes, is never more than what the machine section
 * says other processes took from the two CPUs: in analysis.json the interference loss is at most the section's share
 * times the CPUs, and the rest of the workers' wait is the program's own part, {@code losses.ownWaiting}. Its forks
 * are those of {@link InvocationLevelTest}'s run ({@link InvocationLevelRun}), analysed with the other shapes' families.
 */
class OwnWaitingKnownAnswerTest {

    @Test
    void waitingBehindItsOwnThreadsIsNotBookedToOtherProcesses() throws Exception {
        JsonNode jmh = InvocationLevelRun.result();
        double runDelay = Double.NaN;
        double time = Double.NaN;
        for (JsonNode entry : jmh) {
            if (InvocationLevelRun.isOf(entry, "alone") && entry.path("params").path("cores").asText().equals("2")) {
                runDelay = entry.path("secondaryMetrics").path("factored.runDelay").path("score").asDouble();
                time = entry.path("primaryMetric").path("score").asDouble();
            }
        }
        JsonNode family = null;
        for (JsonNode f : new ObjectMapper().readTree(AnalysisJson.toJson(FactoredAnalysis.analyze(
                InvocationLevelRun.json(), AnalysisOptions.DEFAULT))).path("families")) {
            if (f.path("benchmark").asText().endsWith(".alone")) {
                family = f;
            }
        }
        assertTrue(family != null, "no family of the stream alone");
        JsonNode two = null;
        for (JsonNode point : family.path("points")) {
            if (point.path("cores").asInt() == 2) {
                two = point;
            }
        }
        JsonNode machine = null;
        for (JsonNode configuration : family.path("interference")) {
            if (configuration.path("cores").asText().equals("2")) {
                machine = configuration;
            }
        }
        assertTrue(two != null && machine != null, family.toString());
        double share = machine.path("share").path("value").asDouble();
        double cpus = machine.path("cpus").asDouble(2);
        double interferenceLoss = two.path("losses").path("interference").path("value").asDouble(0);
        double ownLoss = two.path("losses").path("ownWaiting").path("value").asDouble(Double.NaN);
        String seen = String.format(Locale.ROOT, "P=2: operation %.0f us, the program's threads waited %.0f us for a"
                + " CPU; other processes took %.2f%% of the CPUs (machine section); interference loss %.4fx, at most"
                + " %.4fx; own threads' waiting %.4fx; time off-CPU %.0f us", time, runDelay, 100 * share,
                interferenceLoss, share * cpus, ownLoss, 1e6 * two.path("idleTime").path("value").asDouble());
        System.out.println(seen);
        assertTrue(runDelay > 0.2 * time, "three runnable threads on two CPUs wait for each other: " + seen);
        assertTrue(interferenceLoss <= share * cpus + 1e-9, "other processes beyond the machine section: " + seen);
        assertTrue(ownLoss >= 0, "the rest of the workers' wait is the program's own part: " + seen);
    }
}
