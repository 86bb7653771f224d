package dev.factored.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code check} judges a rule at its own P or not at all, as the plugin's goal does (the same gate): the plugin's IT
 * fixture (SumBenchmark at P = 1 and 2, both valid) with P = 2 made a busy point, as a CPU-bound neighbour makes it.
 */
class CheckRulePointTest {

    private static final Path FIXTURE = Path.of("../maven-plugin/src/it/fixtures/analysis.json").toAbsolutePath()
            .normalize();

    private static final String BUSY = "busy: P = 2 could not be measured on this machine now: other processes took "
            + "52.0% of the 2 CPUs of P = 2, among them python3 (pid 4242, 51.0%)";

    /** The fixture's speedup at P = 1 is 0.851x [0.810, 0.893]: a minimum of 5 fails there, 0.1 passes there. */
    private static final String RULE = "benchmarks=SumBenchmark;params.size=200000;metric=actual-speedup;minimum=";

    @TempDir
    Path dir;

    private record Outcome(int exitCode, String stderr, String checkJson) {
    }

    private Outcome check(Path analysis, String rule, String... flags) throws Exception {
        PrintStream saved = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        Path out = dir.resolve("out");
        try {
            List<String> args = new ArrayList<>(List.of("check", "--analysis", analysis.toString(),
                    "--outputDirectory", out.toString(), "--rule", rule));
            args.addAll(List.of(flags));
            int code = FactoredCli.execute(args.toArray(String[]::new));
            String stderr = err.toString(StandardCharsets.UTF_8);
            Path checkJson = out.resolve("check.json");
            assertTrue(Files.isRegularFile(checkJson), "no check.json; exit " + code + ": " + stderr);
            return new Outcome(code, stderr, Files.readString(checkJson));
        } finally {
            System.setErr(saved);
        }
    }

    /** The fixture with its P = 2 invalid for the reason the analysis gives a busy point. */
    private Path busyAtTwo() throws Exception {
        ObjectMapper json = new ObjectMapper();
        ObjectNode analysis = (ObjectNode) json.readTree(FIXTURE.toFile());
        ObjectNode two = (ObjectNode) analysis.get("families").get(0).get("points").get(1);
        assertEquals(2, two.get("cores").asInt(), "the fixture's second point is P = 2");
        two.put("valid", false);
        two.putArray("invalidBecause").add(BUSY);
        Path file = dir.resolve("busy-analysis.json");
        json.writeValue(file.toFile(), analysis);
        return file;
    }

    @Test
    void aRuleWhosePIsBusyIsInconclusiveNotJudgedAtP1() throws Exception {
        Path busy = busyAtTwo();
        for (String cores : new String[] {"", "cores=max;", "cores=2;"}) {
            for (String minimum : new String[] {"5", "0.1"}) {
                Outcome lenient = check(busy, cores + RULE + minimum);
                assertEquals(0, lenient.exitCode(), cores + minimum + ": " + lenient.stderr());
                assertTrue(lenient.checkJson().contains("\"inconclusive\""), lenient.checkJson());
                assertTrue(lenient.checkJson().contains("python3 (pid 4242, 51.0%)"), lenient.checkJson());
                Outcome strict = check(busy, cores + RULE + minimum, "--failOnInconclusive");
                assertEquals(GateOptions.INCONCLUSIVE, strict.exitCode(), strict.stderr());
                assertTrue(strict.stderr().contains("failed: ") && strict.stderr().contains(BUSY), strict.stderr());
            }
        }
    }

    @Test
    void aValidPIsStillJudged() throws Exception {
        // the fixture's speedup at P = 2 is 0.418x [0.367, 0.492]
        assertEquals(GateOptions.FAILED, check(FIXTURE, RULE + "5").exitCode());
        assertEquals(0, check(FIXTURE, RULE + "0.1", "--failOnInconclusive").exitCode());
    }
}
