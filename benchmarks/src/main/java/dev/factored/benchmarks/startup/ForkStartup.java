package dev.factored.benchmarks.startup;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.factored.analysis.stats.Descriptive;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A fork's fixed cost with and without the forks' class-data-sharing archive ({@code dev.factored.jmh.profiler.archive.ForkArchive}),
 * paired: the same rounds run alternately with the archive switched off ({@code -Dfactored.cds=false}) and on, in
 * separate host JVMs, A B A B …, so that a busy spell of the machine hits both alike. Each run is {@code forks}
 * forks of one configuration with the profiler; a fork's cost is the run's wall time less the host's own start
 * (measured as a run of no forks: {@code -l}) divided by the forks. Also compares the scores of the two sides, which
 * must not move: the archive changes class loading only.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.factored.benchmarks.startup.ForkStartup [pairs] [forks] [iteration]
 * </pre>
 * Defaults: 8 pairs of 4 forks, each fork 3 warmup and 5 measured iterations of 200 ms (the quick preset).
 */
public final class ForkStartup {

    private static final String BENCHMARK = "dev.factored.benchmarks.pool.PoolOverheadBenchmark.factored";

    private ForkStartup() {
    }

    public static void main(String[] args) throws Exception {
        int pairs = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        int forks = args.length > 1 ? Integer.parseInt(args[1]) : 4;
        String iteration = args.length > 2 ? args[2] : "200ms";
        String classPath = Arrays.stream(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
                .map(entry -> Path.of(entry).toAbsolutePath().toString())
                .collect(java.util.stream.Collectors.joining(java.io.File.pathSeparator));
        Path work = Files.createTempDirectory("fork-startup");
        // the archive is made by the first fork of the first "on" run; one warm-up pair makes it and warms the disk
        run(classPath, work, true, forks, iteration);
        run(classPath, work, false, forks, iteration);
        double[] off = new double[pairs];
        double[] on = new double[pairs];
        List<Double> offScores = new ArrayList<>();
        List<Double> onScores = new ArrayList<>();
        for (int i = 0; i < pairs; i++) {
            Run a = run(classPath, work, false, forks, iteration);
            Run b = run(classPath, work, true, forks, iteration);
            off[i] = a.perForkMillis();
            on[i] = b.perForkMillis();
            offScores.addAll(a.scores());
            onScores.addAll(b.scores());
            System.out.printf(Locale.ROOT, "pair %d: a fork took %.0f ms without the archive, %.0f ms with it%n", i + 1,
                    off[i], on[i]);
        }
        double[] saved = new double[pairs];
        for (int i = 0; i < pairs; i++) {
            saved[i] = off[i] - on[i];
        }
        System.out.printf(Locale.ROOT, "median fork: %.0f ms without, %.0f ms with; saved per fork: median %.0f ms "
                + "(pairs range %.0f to %.0f)%n", Descriptive.median(off), Descriptive.median(on), Descriptive.median(saved),
                min(saved), max(saved));
        double offScore = Descriptive.median(offScores.stream().mapToDouble(Double::doubleValue).toArray());
        double onScore = Descriptive.median(onScores.stream().mapToDouble(Double::doubleValue).toArray());
        System.out.printf(Locale.ROOT, "score (us/op, median over %d forks each): %.4f without, %.4f with (ratio "
                + "%.3f)%n", offScores.size(), offScore, onScore, onScore / offScore);
    }

    private record Run(double perForkMillis, List<Double> scores) {
    }

    private static Run run(String classPath, Path work, boolean archive, int forks, String iteration)
            throws IOException, InterruptedException {
        Path result = work.resolve("result.json");
        Files.deleteIfExists(result);
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Dfactored.cds=" + (archive ? work.resolve("cds") : "false"), "-cp", classPath,
                "dev.factored.jmh.Rounds", BENCHMARK, "-p", "workers=1", "-p", "grain=1024", "-f",
                Integer.toString(forks), "-wi", "3", "-w", iteration, "-i", "5", "-r", iteration, "-prof",
                "dev.factored.jmh.FactoredProfiler", "-rf", "json", "-rff", result.toString()));
        long hostStart = time(List.of(command.get(0), "-cp", classPath, "dev.factored.jmh.Rounds", "-l"), work);
        long total = time(command, work);
        long iterations = 8L * forks * millis(iteration) * 1_000_000L;
        List<Double> scores = new ArrayList<>();
        JsonNode runs = new ObjectMapper().readTree(result.toFile());
        for (JsonNode fork : runs.get(0).get("primaryMetric").get("rawData")) {
            double sum = 0;
            for (JsonNode v : fork) {
                sum += v.asDouble();
            }
            scores.add(sum / fork.size());
        }
        return new Run((total - hostStart - iterations) / 1e6 / forks, scores);
    }

    private static long time(List<String> command, Path work) throws IOException, InterruptedException {
        long start = System.nanoTime();
        Process p = new ProcessBuilder(command).directory(work.toFile())
                .redirectOutput(work.resolve("out.txt").toFile()).redirectErrorStream(true).start();
        int exit = p.waitFor();
        long elapsed = System.nanoTime() - start;
        if (exit != 0) {
            throw new IOException(String.join(" ", command) + " exited " + exit + ": see "
                    + work.resolve("out.txt"));
        }
        return elapsed;
    }

    private static long millis(String time) {
        return Long.parseLong(time.replace("ms", ""));
    }

    private static double min(double[] values) {
        return Arrays.stream(values).min().orElse(Double.NaN);
    }

    private static double max(double[] values) {
        return Arrays.stream(values).max().orElse(Double.NaN);
    }
}
