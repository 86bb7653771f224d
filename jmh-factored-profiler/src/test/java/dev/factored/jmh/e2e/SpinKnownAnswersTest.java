package dev.factored.jmh.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.factored.jmh.FactoredProfiler;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * One-CPU times are the program's alone: {@link SpinHalvesBenchmark} (2 + 2 units of 1 ms of spinning) in real pinned
 * forks reads its spin length at baseline, elision and one worker, and half of it on two workers. The JVM's compiler
 * and collector run on the spare CPU, so they no longer lengthen the measured one.
 *
 * <p>A neighbour only lengthens wall times, and the profiler measures what it took: a fork in which other processes
 * took 5 % or more of the measured CPUs (the analysis' "disturbed" threshold) is not a reading of the program, and is
 * required to be seen as such instead of being held to the answer.
 */
class SpinKnownAnswersTest {

    private static final double DISTURBED = 0.05;

    @Test
    void sequentialTimesReadTheSpinLengthAndTwoWorkersHalfOfIt(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/self/status")) && FactoredProfilerTestAccess.tasksetOnPath(),
                "Linux with taskset: the forks are pinned");
        assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "two CPUs");
        Path json = dir.resolve("jmh-result.json");
        System.setProperty("jmh.ignoreLock", "true");
        Options options = new OptionsBuilder()
                .include(SpinHalvesBenchmark.class.getName() + ".spin")
                .param("split", "2:2")
                .param("cores", "baseline", "elision", "1", "2")
                .forks(3)
                .warmupIterations(5)
                .warmupTime(TimeValue.milliseconds(100))
                .measurementIterations(5)
                .measurementTime(TimeValue.milliseconds(100))
                .addProfiler(FactoredProfiler.class)
                .resultFormat(ResultFormatType.JSON)
                .result(json.toString())
                .shouldFailOnError(true)
                .build();
        new Runner(options).run();

        List<String> judged = new ArrayList<>();
        List<String> disturbed = new ArrayList<>();
        for (JsonNode entry : new ObjectMapper().readTree(json.toFile())) {
            String cores = entry.path("params").path("cores").asText();
            boolean parallel = cores.equals("2");
            double truthMicros = parallel ? 2000 : 4000;
            double tolerance = parallel ? 0.03 : 0.02;
            JsonNode time = entry.path("primaryMetric").path("rawData");
            JsonNode share = entry.path("secondaryMetrics").path("factored.interferenceShare").path("rawData");
            assertEquals(3, time.size(), "three forks of cores=" + cores);
            assertEquals(3, share.size(), "the interference of every fork of cores=" + cores);
            for (int fork = 0; fork < time.size(); fork++) {
                double mean = mean(time.get(fork));
                double taken = mean(share.get(fork));
                String what = String.format(Locale.ROOT, "cores=%s fork %d: %.1f us (%+.2f %% of %.0f), other "
                        + "processes took %.1f %% of its CPUs", cores, fork, mean, 100 * (mean / truthMicros - 1),
                        truthMicros, 100 * taken);
                if (taken >= DISTURBED) {
                    disturbed.add(what);
                    continue;
                }
                judged.add(what);
                assertTrue(mean >= truthMicros * 0.995 && mean <= truthMicros * (1 + tolerance),
                        what + ": expected within " + (int) (100 * tolerance) + " % of the spin length");
            }
        }
        System.out.println("[SpinKnownAnswersTest] judged: " + judged + "; disturbed, seen as such: " + disturbed);
        assumeTrue(!judged.isEmpty(), "every fork was disturbed by other processes: nothing to judge");
    }

    private static double mean(JsonNode values) {
        double sum = 0;
        for (JsonNode v : values) {
            sum += v.asDouble();
        }
        return sum / values.size();
    }
}
