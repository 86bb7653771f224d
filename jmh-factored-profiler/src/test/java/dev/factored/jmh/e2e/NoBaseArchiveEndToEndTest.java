package dev.factored.jmh.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.factored.jmh.FactoredProfiler;
import dev.factored.jmh.ForkClassPath;
import dev.factored.jmh.Rounds;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33: on a JDK without a default class-data-sharing archive (a runtime made with jlink, before
 * {@code java -Xshare:dump}), every fork the profiler gave {@code -XX:ArchiveClassesAtExit} failed with
 * "DynamicDumpSharedSpaces is unsupported when base CDS archive is not loaded". Here such a runtime is made for real
 * and a profiled run forks into it as {@code factored run} runs a suite: the rounds runner in a JVM of its own, the
 * class path all jars, so that the forks would get the archive options (a directory of classes, as surefire's, turns
 * them off). The fork measures, and the run says once why the forks go without a shared archive.
 */
class NoBaseArchiveEndToEndTest {

    /**
     * What JMH and the profiler need ({@code jdeps --print-module-deps}; commons-math3 also wants java.desktop, for a
     * part neither the host nor the fork loads).
     */
    private static final String MODULES = "java.base,java.logging,java.management,jdk.management,jdk.unsupported";

    /** JMH's {@code -jvm}: the host on this JDK, the fork in the jlink runtime. */
    @Test
    void aForkIntoARuntimeWithoutABaseArchiveMeasures(@TempDir Path dir) throws Exception {
        Path forkJava = runtimeWithoutBaseArchive().resolve("bin").resolve("java");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        measuresAndSaysWhy(dir, java, List.of("-jvm", forkJava.toString()), forkJava);
    }

    /**
     * {@code factored run} with its {@code jvm} set to the jlink runtime: the rounds runner there too, and the fork in
     * the host's own java.
     */
    @Test
    void aRunInARuntimeWithoutABaseArchiveCompletes(@TempDir Path dir) throws Exception {
        Path java = runtimeWithoutBaseArchive().resolve("bin").resolve("java");
        measuresAndSaysWhy(dir, java.toString(), List.of(), java);
    }

    private static void measuresAndSaysWhy(Path dir, String hostJava, List<String> jvm, Path forkJava)
            throws Exception {
        Path json = dir.resolve("jmh-result.json");
        List<String> command = new ArrayList<>(List.of(hostJava, "-cp", System.getProperty("java.class.path"), "-Djmh.ignoreLock=true",
                "-Dfactored.cds=" + dir.resolve("cds"), // this run's archives only: another run's may be in use
                Rounds.class.getName(),
                "^" + Pattern.quote(TinyBenchmark.class.getName() + ".sum") + "$", "-p", "cores=1",
                "-prof", FactoredProfiler.class.getName(),
                "-f", "1", "-wi", "1", "-w", "100ms", "-i", "1", "-r", "100ms", "-foe", "true",
                "-rf", "json", "-rff", json.toString()));
        command.addAll(jvm);
        Path log = dir.resolve("run.log");
        Process run = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertTrue(run.waitFor(5, TimeUnit.MINUTES), "the run did not end in 5 minutes");
        String output = Files.readString(log);
        assertEquals(0, run.exitValue(), output);

        JsonNode results = new ObjectMapper().readTree(json.toFile());
        assertEquals(1, results.size(), output);
        JsonNode result = results.get(0);
        assertEquals(forkJava.toString(), result.path("jvm").asText(), "the fork ran in the jlink runtime");
        assertTrue(result.path("primaryMetric").path("score").asDouble() > 0, output);
        assertFalse(result.path("secondaryMetrics").path("factored.idle").isMissingNode(), "measured: " + output);
        String note = "[factored] forks load their classes without a shared archive: " + forkJava
                + " has no base class-data archive";
        assertEquals(1, output.split(Pattern.quote(note), -1).length - 1, "said once:\n" + output);
        assertFalse(output.contains("DynamicDumpSharedSpaces"), output);
    }

    /**
     * A runtime of this JDK made with jlink, which has no base archive ({@code lib/server/classes.jsa}) until
     * {@code -Xshare:dump}; kept under target/ between runs (jlink takes 5 to 20 seconds).
     */
    private static Path runtimeWithoutBaseArchive() throws IOException, InterruptedException {
        Path jlink = Path.of(System.getProperty("java.home"), "bin", "jlink");
        assumeTrue(Files.isExecutable(jlink), "no jlink in " + System.getProperty("java.home"));
        Path cached = Path.of("target", "jlink-without-cds", Runtime.version().toString()).toAbsolutePath();
        Path runtime = cached.resolve("rt");
        if (!Files.isExecutable(runtime.resolve("bin").resolve("java"))) {
            Files.createDirectories(cached);
            Path making = cached.resolve("rt." + ProcessHandle.current().pid());
            Process p = new ProcessBuilder(jlink.toString(), "--add-modules", MODULES, "--output", making.toString(),
                    "--strip-debug", "--no-header-files", "--no-man-pages").inheritIO().start();
            assertTrue(p.waitFor(5, TimeUnit.MINUTES), "jlink did not end in 5 minutes");
            assertEquals(0, p.exitValue(), "jlink failed");
            try {
                Files.move(making, runtime, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                if (!Files.isExecutable(runtime.resolve("bin").resolve("java"))) {
                    throw e; // not another test run's image, moved there first
                }
            }
        }
        try (Stream<Path> files = Files.walk(runtime.resolve("lib"))) {
            assertFalse(files.anyMatch(f -> f.getFileName().toString().endsWith(".jsa")),
                    "a jlink runtime has no class-data archive: " + runtime);
        }
        return runtime;
    }
}
