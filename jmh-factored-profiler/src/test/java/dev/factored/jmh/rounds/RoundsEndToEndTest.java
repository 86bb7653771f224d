package dev.factored.jmh.rounds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.factored.contract.ForeignProcess;
import dev.factored.contract.HostIdentity;
import dev.factored.contract.MoreForks;
import dev.factored.contract.RoundEvent;
import dev.factored.jmh.FactoredProfiler;
import dev.factored.jmh.Rounds;
import dev.factored.jmh.e2e.ExistingCodeBenchmark;
import dev.factored.jmh.e2e.TinyBenchmark;
import dev.factored.jmh.machine.MachineAtStart;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.CommandLineOptions;

/**
 * {@link Rounds} on a real suite in real forks: two configurations of {@link TinyBenchmark} in 3 rounds give the
 * JSON that JMH gives for {@code -f 3}, with the forks in round order; a failing configuration is reported once
 * and the others are kept.
 */
class RoundsEndToEndTest {

    /** Its rounds are [elision, 1], [1, elision], [elision, 1]: round 2 differs from JMH's order. */
    private static final long SEED = 2;

    /**
     * Every fork of these tests runs C1 only: they check which forks run, in what order, and what they leave, none of
     * it timed, and C2's compiles would compete with the forks' start on two CPUs.
     */
    private static final List<String> C1_ONLY = List.of("-jvmArgsAppend", "-XX:TieredStopAtLevel=1");

    @BeforeAll
    static void ignoreTheLock() {
        // Other JMH runs may share this machine (and its lock file in java.io.tmpdir).
        System.setProperty("jmh.ignoreLock", "true");
    }

    private static List<String> tinySuite(Path result) {
        return List.of("^" + Pattern.quote(TinyBenchmark.class.getName() + ".sum") + "$",
                "-p", "cores=elision,1", "-f", "3", "-wi", "1", "-w", "20ms", "-i", "2", "-r", "20ms",
                "-prof", FactoredProfiler.class.getName(), "-prof", ForkStart.class.getName(),
                "-rf", "json", "-rff", result.toString());
    }

    @Test
    void threeRoundsGiveTheJsonOfThreeForksWithTheForksInRoundOrder(@TempDir Path dir) throws Exception {
        Path jmhJson = dir.resolve("jmh.json");
        Path roundsJson = dir.resolve("rounds.json");
        new Runner(new CommandLineOptions(c1Only(tinySuite(jmhJson)).toArray(String[]::new))).run();
        List<String> args = new ArrayList<>(List.of(Rounds.SEED + SEED));
        args.addAll(tinySuite(roundsJson));
        String output = runRounds(args);

        JsonNode jmh = new ObjectMapper().readTree(jmhJson.toFile());
        JsonNode rounds = new ObjectMapper().readTree(roundsJson.toFile());
        assertEquals(shape(jmh), shape(rounds), "the same entries and fields as JMH's -f 3");
        assertEquals(2, rounds.size());
        for (int i = 0; i < 2; i++) {
            assertEquals(jmh.get(i).path("params"), rounds.get(i).path("params"), "JMH's order of configurations");
            JsonNode entry = rounds.get(i);
            assertEquals(3, entry.path("forks").asInt());
            assertEquals(3, entry.path("primaryMetric").path("rawData").size(), "3 forks");
            assertTrue(entry.path("secondaryMetrics").has("factored.idle"), entry.toString());
        }

        // JMH runs a configuration's forks back to back; rounds interleave them in the order of the seed's plan.
        assertEquals(List.of("elision#1", "elision#2", "elision#3", "1#1", "1#2", "1#3"), forkOrder(jmh));
        List<String> planned = new ArrayList<>();
        List<List<String>> plan = RoundPlan.shuffled(List.of("elision", "1"), c -> 3, SEED)
                .lateInFirstRound(c -> c.equals("elision")).rounds();
        for (int r = 0; r < plan.size(); r++) {
            for (String cores : plan.get(r)) {
                planned.add(cores + "#" + (r + 1));
            }
        }
        // Round one runs the elision after the parallel configurations (they tell unmodified code, which has none).
        assertEquals(List.of("1#1", "elision#1", "1#2", "elision#2", "elision#3", "1#3"), planned);
        assertEquals(planned, forkOrder(rounds));

        assertTrue(output.contains("# Rounds: 3 rounds of 2 configurations, order shuffled with seed " + SEED), output);
        assertTrue(output.contains("# Round 2 of 3, configuration 1 of 2"), output);
        assertTrue(output.contains("# Fork: 3 of 3"), output);
        assertTrue(!output.contains("# Fork: 1 of 1"), "each fork is numbered by its round");
        assertTrue(output.contains("Benchmark result is saved to " + roundsJson), output);
    }

    @Test
    void aFailingConfigurationIsReportedOnceAndTheOthersAreKept(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("rounds.json");
        String output = runRounds(List.of(Rounds.SEED + "1",
                "^" + Pattern.quote(FailingBenchmark.class.getName() + ".work") + "$",
                "-f", "2", "-wi", "0", "-i", "1", "-r", "50ms", "-rf", "json", "-rff", json.toString()));

        assertEquals(1, count(output, "<failure>"), "cores=2 fails in round 1 and is not run again:\n" + output);
        assertTrue(output.contains("deliberate failure on cores=2"), output);
        JsonNode results = new ObjectMapper().readTree(json.toFile());
        assertEquals(1, results.size(), results.toString());
        assertEquals("1", results.get(0).path("params").path("cores").asText());
        assertEquals(2, results.get(0).path("forks").asInt());
        assertEquals(2, results.get(0).path("primaryMetric").path("rawData").size());
    }

    @Test
    void aTurnWhoseForkFailsIsMeasuredApartAndOneLineSaysSo(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("rounds.json");
        String output = runRounds(List.of(Rounds.SEED + "1",
                "^" + Pattern.quote(TurnFailingBenchmark.class.getName() + ".work") + "$",
                "-f", "2", "-wi", "0", "-i", "1", "-r", "50ms", "-rf", "json", "-rff", json.toString()));

        assertEquals(1, count(output, "<failure>"), "the turn fails in round 1 and runs apart from then on:\n" + output);
        assertEquals(1, count(output, "# factored: the fork of " + TurnFailingBenchmark.class.getName() + ".work avgt "
                + "cores=1+2 failed, which measures 1, 2 in turn"), output);
        // round 1: the turn's fork and its members' two; round 2: the members' two
        assertTrue(output.contains("fork 5 of 5"), output);
        JsonNode results = new ObjectMapper().readTree(json.toFile());
        assertEquals(2, results.size(), results.toString());
        for (int i = 0; i < 2; i++) {
            assertEquals(Integer.toString(i + 1), results.get(i).path("params").path("cores").asText());
            assertEquals(2, results.get(i).path("forks").asInt());
            assertEquals(1, results.get(i).path("measurementIterations").asInt(), "a fork of its own: 1 iteration");
        }
    }

    /** Unmodified code refuses a turn: its members run apart, and the line says why, with no word of a failure. */
    @Test
    void unmodifiedCodeRefusesItsTurnAndTheLineSaysSo(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("rounds.json");
        String benchmark = TurnUnmodifiedBenchmark.class.getName() + ".work";
        // with the profiler: without it a turn is refused for that, whatever the code
        String output = runRounds(List.of(Rounds.SEED + "1", "^" + Pattern.quote(benchmark) + "$", "-p", "cores=1+2",
                "-prof", "dev.factored.jmh.FactoredProfiler", "-f", "1", "-wi", "0", "-i", "1", "-r", "50ms", "-rf",
                "json", "-rff", json.toString()));

        assertEquals(1, count(output, "# factored: " + benchmark + " avgt cores=1+2 is unmodified fork/join code, whose "
                + "pool is sized once per JVM, so 1, 2 cannot run in turn in one fork"), output);
        assertFalse(output.contains("failed, which measures"), output);
        // the refused fork's empty iteration is no news: the line above says why
        assertFalse(output.contains("reported no operation count"), output);
        JsonNode results = new ObjectMapper().readTree(json.toFile());
        assertEquals(2, results.size(), results.toString());
        for (int i = 0; i < 2; i++) {
            assertEquals(Integer.toString(i + 1), results.get(i).path("params").path("cores").asText());
        }
    }

    /**
     * A further fork the analysis asks for a turn measured apart (it names the turn, as in the results) is a fork of
     * each member, as in the planned rounds: not a fork of the failed turn, which would leave nothing to run.
     */
    @Test
    void aFurtherForkOfATurnMeasuredApartRunsItsMembers(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("rounds.json");
        Path more = dir.resolve("more.txt");
        String benchmark = TurnFailingBenchmark.class.getName() + ".work";
        MoreForks.write(more, List.of(new MoreForks.Request(benchmark, "avgt", Map.of("cores", "1+2"), false)));
        List<String> args = new ArrayList<>(List.of(Rounds.SEED + "1", Rounds.MORE + more,
                "^" + Pattern.quote(benchmark) + "$", "-f", "1", "-wi", "0", "-i", "1", "-r", "50ms", "-rf", "json",
                "-rff", json.toString()));
        String output = runRounds(args, "go\nstop\n");
        assertFalse(output.contains("none of the forks asked for can run"), output);
        JsonNode results = new ObjectMapper().readTree(json.toFile());
        Map<String, Integer> forks = new TreeMap<>();
        for (JsonNode entry : results) {
            forks.put(entry.path("params").path("cores").asText(), entry.path("primaryMetric").path("rawData").size());
        }
        assertEquals(Map.of("1", 2, "2", 2), forks, "each member apart in the planned round and once more");
    }

    /**
     * The adopting guide's four-line baseline ({@code if (cores.isBaseline()) return sequential();}) cannot run
     * copies: its baseline fork shows it (factored.copies 0), so none of the method's bandwidth forks starts, with one
     * line for the run; a baseline that runs through {@code cores.baseline(copy -> ...)} keeps its test.
     */
    @Test
    void aBaselineThatCannotRunCopiesStartsNoBandwidthForkAndOneLineSaysSo(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("rounds.json");
        String output = runRounds(List.of(Rounds.SEED + "3",
                "(" + Pattern.quote(ExistingCodeBenchmark.class.getName() + ".poolFromSetup") + "|"
                        + Pattern.quote(CopyingBenchmark.class.getName() + ".sum") + ")$",
                "-p", "cores=baseline,bandwidth-2", "-f", "2", "-wi", "0", "-i", "1", "-r", "50ms",
                "-prof", FactoredProfiler.class.getName(), "-rf", "json", "-rff", json.toString()));

        assertEquals(6, count(output, "# Round "), "2 rounds of 4 configurations, poolFromSetup's 2 bandwidth forks"
                + " not started:\n" + output);
        assertEquals(1, count(output, Rounds.NOTE + "skipped "), output);
        assertTrue(output.contains(Rounds.NOTE + "skipped 2 bandwidth fork(s) whose baseline branch runs one copy"),
                output);
        assertTrue(output.contains("to measure it): ExistingCodeBenchmark.poolFromSetup"), output);
        List<String> kept = kept(json);
        assertEquals(List.of("poolFromSetup@baselinex2", "sum@bandwidth-2x2", "sum@baselinex2"), kept.stream().sorted()
                .toList(), "the copying baseline keeps both bandwidth forks, the other none: " + output);
    }

    /** Without a baseline the analysis has nothing to compare the copies with: no bandwidth fork starts. */
    @Test
    void aFamilyWithoutABaselineStartsNoBandwidthFork(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("rounds.json");
        String output = runRounds(List.of(Rounds.SEED + "4",
                "^" + Pattern.quote(CopyingBenchmark.class.getName() + ".sum") + "$",
                "-p", "cores=1,bandwidth-2", "-f", "1", "-wi", "0", "-i", "1", "-r", "50ms",
                "-prof", FactoredProfiler.class.getName(), "-rf", "json", "-rff", json.toString()));

        assertEquals(1, count(output, "# Round "), output);
        // said before the run starts, and counted as done: the run has 2 forks, the one that runs is fork 1 of 2
        assertTrue(output.contains(Rounds.NOTE + "of the 2 planned forks, 1 bandwidth fork(s) of families without a"
                + " baseline in the cores list will not run"), output);
        assertTrue(output.contains("# Round 1 of 1, configuration 1 of 2, fork 1 of 2"), output);
        assertTrue(output.contains(Rounds.NOTE + "skipped 1 bandwidth fork(s) of families without a baseline"), output);
        assertEquals(List.of("sum@1x1"), kept(json), output);
    }

    /**
     * Unmodified fork/join code has no elision and no span: once a fork shows its idle time is estimated, its family's
     * elision and span forks are not run (round one runs them after the parallel forks), with one line for the run;
     * the task API's benchmark keeps its elision and span.
     */
    @Test
    void unmodifiedCodeRunsNoElisionOrSpanForkAndOneLineSaysSo(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("rounds.json");
        String output = runRounds(List.of(Rounds.SEED + "5",
                "(" + Pattern.quote(ExistingCodeBenchmark.class.getName() + ".poolFromSetup") + "|"
                        + Pattern.quote(TinyBenchmark.class.getName() + ".sum") + ")$",
                "-p", "cores=elision,span,1", "-f", "2", "-wi", "0", "-i", "1", "-r", "50ms",
                "-prof", FactoredProfiler.class.getName(), "-rf", "json", "-rff", json.toString()));

        assertEquals(8, count(output, "# Round "), "2 rounds of 3 + 3 configurations, 2 × 2 of them spared:\n" + output);
        assertTrue(output.indexOf(Rounds.NOTE + "of the 12 planned forks, up to 8 elision and span fork(s) will not run")
                < output.indexOf("# Round "), "said before the first fork:\n" + output);
        // The forks are counted as planned (12), the spared ones as done: the numbers and the percentage never go back.
        Matcher forks = Pattern.compile("fork (\\d+) of 12\\b").matcher(output);
        Matcher percents = Pattern.compile("# Run progress: ([0-9.]+)% complete").matcher(output);
        int fork = 0;
        double percent = 0;
        int seen = 0;
        while (forks.find()) {
            assertTrue(Integer.parseInt(forks.group(1)) > fork, output);
            fork = Integer.parseInt(forks.group(1));
            seen++;
        }
        while (percents.find()) {
            assertTrue(Double.parseDouble(percents.group(1)) >= percent, output);
            percent = Double.parseDouble(percents.group(1));
        }
        assertEquals(8, seen, output);
        assertEquals(1, count(output, Rounds.NOTE + "skipped 4 elision and span fork(s) of unmodified fork/join code"),
                output);
        assertTrue(output.contains("(its idle time is estimated; the analysis would leave them out): "
                + "ExistingCodeBenchmark.poolFromSetup"), output);
        List<String> kept = kept(json);
        assertEquals(List.of("poolFromSetup@1x2", "sum@1x2", "sum@elisionx2", "sum@spanx2"), kept.stream().sorted()
                .toList(), output);
    }

    /**
     * The host identity is the machine's, whichever configuration's fork comes first. The host JVM moves its threads
     * off the CPUs of every fork it starts: before it read the machine before any move, a run whose first fork was
     * cores=1 recorded the one spare CPU it had moved to, and one whose first fork took every CPU recorded them all.
     */
    @Test
    void theRecordedHostIsTheMachinesWhicheverConfigurationsForkComesFirst(@TempDir Path dir) throws Exception {
        int machine = MachineAtStart.topology().usableCpus();
        String largest = Integer.toString(Math.max(2, machine));
        List<String> configurations = List.of("1", largest);
        List<HostIdentity> hosts = new ArrayList<>();
        List<String> firstForks = new ArrayList<>();
        for (String first : configurations) {
            long seed = 0;
            while (!RoundPlan.shuffled(configurations, c -> 1, seed).rounds().get(0).get(0).equals(first)) {
                seed++;
            }
            Path run = dir.resolve("first-" + first);
            Path json = run.resolve("rounds.json");
            runRounds(List.of(Rounds.SEED + seed, "^" + Pattern.quote(TinyBenchmark.class.getName() + ".sum") + "$",
                    "-p", "cores=" + String.join(",", configurations), "-f", "1", "-wi", "0", "-i", "1", "-r", "50ms",
                    "-prof", FactoredProfiler.class.getName() + ":activity=" + run.resolve("activity"),
                    "-prof", ForkStart.class.getName(), "-rf", "json", "-rff", json.toString()));
            Map<Double, String> byStart = new TreeMap<>();
            for (JsonNode entry : new ObjectMapper().readTree(json.toFile())) {
                byStart.put(entry.path("secondaryMetrics").path(ForkStart.METRIC).path("rawData").get(0).get(0)
                        .asDouble(), entry.path("params").path("cores").asText());
            }
            firstForks.add(byStart.values().iterator().next());
            hosts.add(HostIdentity.read(run.resolve("activity").resolve(HostIdentity.FILE_NAME)));
        }
        assertEquals(configurations, firstForks, "one run began with cores=1, the other with cores=" + largest);
        assertEquals(hosts.get(0), hosts.get(1), "one machine, one identity");
        assertTrue(hosts.get(0).cpuCountFromMachine(), hosts.get(0).toString());
        assertEquals(machine, hosts.get(0).cpuCount(), "the CPUs the run may use, read from the machine");
    }

    /** Every entry of a result file as {@code method@coresxforks}. */
    private static List<String> kept(Path json) throws IOException {
        List<String> kept = new ArrayList<>();
        for (JsonNode entry : new ObjectMapper().readTree(json.toFile())) {
            String benchmark = entry.path("benchmark").asText();
            kept.add(benchmark.substring(benchmark.lastIndexOf('.') + 1) + "@" + entry.path("params").path("cores")
                    .asText() + "x" + entry.path("forks").asInt());
        }
        return kept;
    }

    @Test
    void afterItsPlannedRoundsTheRunnerRunsTheForksItIsAskedForUntilToldToStop(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("rounds.json");
        Path more = dir.resolve("more.txt");
        String benchmark = TinyBenchmark.class.getName() + ".sum";
        MoreForks.write(more, List.of(new MoreForks.Request(benchmark, "avgt", Map.of("cores", "1", "size", "20000"),
                false)));
        List<String> args = moreRounds(more, benchmark, "elision,1", FactoredProfiler.class.getName(), json);
        args.add(0, Rounds.EVENTS); // as the run starts it: its news as events, not sentences
        String output = runRounds(args, "go\ngo\nstop\n"); // go twice, then stop
        JsonNode rounds = new ObjectMapper().readTree(json.toFile());
        Map<String, Integer> forks = new TreeMap<>();
        for (JsonNode entry : rounds) {
            forks.put(entry.path("params").path("cores").asText(), entry.path("primaryMetric").path("rawData").size());
        }
        assertEquals(Map.of("elision", 1, "1", 3), forks, "one planned fork each, and two more of cores=1");
        List<RoundEvent> events = output.lines().map(RoundEvent::read).flatMap(java.util.Optional::stream).toList();
        assertEquals(new RoundEvent.Plan(1, 2, SEED), events.get(0), output);
        assertEquals(3, events.stream().filter(e -> e instanceof RoundEvent.RoundDone).count(),
                "it asked after the planned round and after each further one");
        List<RoundEvent.ForkStarted> started = events.stream().filter(e -> e instanceof RoundEvent.ForkStarted)
                .map(e -> (RoundEvent.ForkStarted) e).toList();
        assertEquals(List.of("1/2", "2/2", "3/3", "4/4"), started.stream().map(f -> f.fork() + "/" + f.forks()).toList());
        assertEquals(List.of(false, false, true, true), started.stream().map(RoundEvent.ForkStarted::further).toList());
        assertFalse(output.contains(RoundSentences.NOTE) || output.contains("# Round"),
                "no sentence of the runner's own:\n" + output);
    }

    /**
     * Forks asked for as replacements (of the most disturbed fork, when the new one is disturbed less): whichever were
     * replaced, the activity directory holds one file per fork the JSON keeps, so a replaced fork feeds no idle split
     * and no timeline.
     */
    @Test
    void aReplacedForkLeavesNoActivityFile(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("rounds.json");
        Path more = dir.resolve("more.txt");
        Path activity = dir.resolve("activity");
        String benchmark = TinyBenchmark.class.getName() + ".sum";
        MoreForks.write(more, List.of(new MoreForks.Request(benchmark, "avgt", Map.of("cores", "1", "size", "20000"),
                true)));
        List<String> args = moreRounds(more, benchmark, "elision,1",
                FactoredProfiler.class.getName() + ":activity=" + activity, json);
        runRounds(args, "go\ngo\nstop\n");
        Map<String, Integer> forks = new TreeMap<>();
        for (JsonNode entry : new ObjectMapper().readTree(json.toFile())) {
            forks.put(entry.path("params").path("cores").asText(), entry.path("primaryMetric").path("rawData").size());
        }
        Map<String, Integer> files = new TreeMap<>();
        try (var list = java.nio.file.Files.list(activity)) {
            for (Path file : list.filter(f -> f.toString().endsWith(dev.factored.contract.ActivityLog.SUFFIX)).toList()) {
                String cores = dev.factored.contract.ActivityLog.read(file).trial().params().get("cores");
                files.merge(cores, 1, Integer::sum);
            }
        }
        assertTrue(forks.get("1") >= 1 && forks.get("1") <= 3, forks.toString());
        // elision runs no pool, so records no activity
        assertEquals(forks.get("1"), files.get("1"), "one activity file per fork of cores=1 kept: " + files);
    }

    /**
     * A fork asked for with a learned warm-up in the place of fork 1 (measured before its steady state): it warms up
     * as long as asked and the configuration keeps one fork, the new one, whatever either measured.
     */
    @Test
    void aForkStillWarmingUpIsMeasuredAgainInItsPlaceWithTheWarmupAskedFor(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("rounds.json");
        Path more = dir.resolve("more.txt");
        String benchmark = TinyBenchmark.class.getName() + ".sum";
        MoreForks.write(more, List.of(new MoreForks.Request(benchmark, "avgt", Map.of("cores", "1", "size", "20000"),
                false, 3, 0)));
        List<String> args = moreRounds(more, benchmark, "1", FactoredProfiler.class.getName(), json);
        String output = runRounds(args, "go\nstop\n");
        JsonNode entry = new ObjectMapper().readTree(json.toFile()).get(0);
        assertEquals(1, entry.path("primaryMetric").path("rawData").size(), "the new fork in the old one's place");
        assertEquals(3, entry.path("warmupIterations").asInt(), "the fork kept warmed up as asked");
        assertTrue(output.contains(", warm-up 3 iterations (learned)"), output);
        assertTrue(output.contains("takes the place of its fork 1, whose measurement began before its steady state"),
                output);
    }

    /**
     * The runner's arguments for one fork of each configuration, 1 × 20 ms of warm-up, 2 × 20 ms measured: these tests
     * check which forks run and what they leave, not their times.
     */
    private static List<String> moreRounds(Path more, String benchmark, String cores, String profiler, Path json) {
        List<String> args = new ArrayList<>(List.of(Rounds.SEED + SEED, Rounds.MORE + more));
        args.addAll(List.of("^" + Pattern.quote(benchmark) + "$", "-p", "cores=" + cores, "-f", "1", "-wi", "1",
                "-w", "20ms", "-i", "2", "-r", "20ms", "-prof", profiler, "-rf", "json", "-rff", json.toString()));
        return args;
    }

    /** {@link #runRounds(List)} answering the runner's questions after each round with {@code answers}, a line each. */
    private static String runRounds(List<String> args, String answers) throws IOException {
        java.io.InputStream stdin = System.in;
        System.setIn(new java.io.ByteArrayInputStream(answers.getBytes(StandardCharsets.UTF_8)));
        try {
            return runRounds(args);
        } finally {
            System.setIn(stdin);
        }
    }

    /** Runs Rounds in this JVM, its console output copied to a string; the exit code must be 0. */
    private static String runRounds(List<String> args) throws IOException {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        PrintStream console = System.out;
        System.setOut(new PrintStream(new Tee(console, log), true, StandardCharsets.UTF_8));
        int exit;
        try {
            exit = Rounds.run(c1Only(args).toArray(String[]::new), System.err);
        } finally {
            System.setOut(console);
        }
        String output = log.toString(StandardCharsets.UTF_8);
        assertEquals(0, exit, output);
        return output;
    }

    private static List<String> c1Only(List<String> args) {
        List<String> all = new ArrayList<>(args);
        all.addAll(C1_ONLY);
        return all;
    }

    /** Every fork as {@code cores#fork}, in the order the forks' JVMs started. */
    private static List<String> forkOrder(JsonNode results) {
        Map<Double, String> byStart = new TreeMap<>();
        for (JsonNode entry : results) {
            JsonNode forks = entry.path("secondaryMetrics").path("test.forkStart").path("rawData");
            for (int f = 0; f < forks.size(); f++) {
                byStart.put(forks.get(f).get(0).asDouble(), entry.path("params").path("cores").asText() + "#" + (f + 1));
            }
        }
        assertEquals(6, byStart.size(), "6 forks with distinct start times: " + byStart);
        return new ArrayList<>(byStart.values());
    }

    /** The JSON's structure: field names, array lengths and value types, without the values. */
    private static String shape(JsonNode node) {
        return shape(node, false);
    }

    /**
     * The JSON's structure: its fields and the types of its values, arrays with their lengths. Under
     * {@code secondaryMetrics} a fork's list of iteration values is one "[NUMBER…]" whatever its length: the machine's
     * readings (interference, descheduled and runnable time, the JVM's share) are published only for an iteration whose
     * reading of /proc/stat counted CPU time (10 ms ticks; these iterations last 20 ms), so how many a fork has can
     * differ from run to run: CI, beside a busy neighbour, once failed on a fork with one where the other run had two.
     */
    private static String shape(JsonNode node, boolean iterationsLoose) {
        if (node.isObject()) {
            Map<String, String> fields = new TreeMap<>();
            // the processes named as taking the CPUs are the machine's, different in every run
            node.fields().forEachRemaining(field -> {
                if (!field.getKey().startsWith(ForeignProcess.PREFIX)) {
                    fields.put(field.getKey(), shape(field.getValue(),
                            iterationsLoose || field.getKey().equals("secondaryMetrics")));
                }
            });
            return fields.toString();
        }
        if (node.isArray()) {
            if (iterationsLoose && java.util.stream.StreamSupport.stream(node.spliterator(), false)
                    .allMatch(JsonNode::isNumber)) {
                return "[NUMBER…]";
            }
            StringBuilder sb = new StringBuilder("[");
            for (JsonNode element : node) {
                sb.append(shape(element, iterationsLoose)).append(',');
            }
            return sb.append(']').toString();
        }
        return node.getNodeType().toString();
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    /** Copies the console output into a buffer, so the test can read it. */
    private static final class Tee extends OutputStream {
        private final OutputStream a;
        private final OutputStream b;

        Tee(OutputStream a, OutputStream b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public void write(int c) throws IOException {
            a.write(c);
            b.write(c);
        }

        @Override
        public void write(byte[] buf, int off, int len) throws IOException {
            a.write(buf, off, len);
            b.write(buf, off, len);
        }

        @Override
        public void flush() throws IOException {
            a.flush();
            b.flush();
        }
    }
}
