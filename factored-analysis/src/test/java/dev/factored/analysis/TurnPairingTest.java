package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.input.JmhJsonReader;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.AnalysisJson;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.measurement.ConfigurationRun;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.point.Point;
import dev.factored.contract.CoresTurn;
import dev.factored.contract.CoresValue;
import dev.factored.contract.ProfilerMetrics;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Configurations measured in turn are paired, the fork the block: hand-made forks whose every time is moved by the
 * fork's own factor while the ratios of the members stay the same in every fork.
 */
class TurnPairingTest {

    /** What each fork's JVM made of the code: every time measured in it is multiplied by its factor. */
    private static final double[] FORK_FACTORS = {0.8, 1.0, 1.25, 0.9, 1.15, 0.85};
    /** The baseline's forks of its own in {@link #aTurnWithoutTheBaselineKeepsTheBaselinesForkNoise}. */
    private static final double[] OTHER_FACTORS = {1.1, 0.8, 1.0, 1.3, 0.9, 1.05};
    private static final double TS = 1.0;
    private static final double T1 = 1.5;
    private static final double T2 = 0.9;
    private static final double I2 = 0.1;
    /** Two members without idle samples. */
    private static final List<double[][]> NO_IDLE = Arrays.asList(null, null);

    /** Three iterations per fork with a little noise of their own, a different pattern per configuration. */
    private static double[][] samples(double time, int pattern, double[] factors) {
        double[][] out = new double[factors.length][3];
        for (int f = 0; f < factors.length; f++) {
            for (int i = 0; i < 3; i++) {
                out[f][i] = time * factors[f] * (1 + 0.01 * ((i + pattern) % 3 - 1));
            }
        }
        return out;
    }

    private static String raw(double[][] samples) {
        return Arrays.stream(samples).map(f -> Arrays.stream(f).mapToObj(Double::toString)
                .collect(Collectors.joining(", ", "[", "]"))).collect(Collectors.joining(", ", "[", "]"));
    }

    private static String metric(double[][] samples) {
        return "{\"score\": 1.0, \"scoreError\": \"NaN\", \"scoreUnit\": \"s/op\", \"rawData\": " + raw(samples) + "}";
    }

    private static String entry(String cores, double[][] time, double[][] idle, double[][] tags) {
        List<String> secondary = new ArrayList<>();
        if (idle != null) {
            secondary.add("\"" + ProfilerMetrics.IDLE + "\": " + metric(idle));
        }
        if (tags != null) {
            secondary.add("\"" + ProfilerMetrics.TURN + "\": " + metric(tags).replace("s/op", ""));
        }
        return "{\"benchmark\": \"a.B.run\", \"mode\": \"avgt\", \"threads\": 1, \"forks\": " + time.length + ","
                + " \"params\": {\"cores\": \"" + cores + "\"}, \"primaryMetric\": " + metric(time)
                + ", \"secondaryMetrics\": {" + String.join(", ", secondary) + "}}";
    }

    /** The members' iterations of each fork one after the other (the analysis reads them by their tags). */
    private static String turn(List<CoresValue> members, List<double[][]> times, List<double[][]> idles) {
        int forks = times.get(0).length;
        double[][] time = new double[forks][];
        double[][] idle = new double[forks][];
        double[][] tags = new double[forks][];
        for (int f = 0; f < forks; f++) {
            List<Double> t = new ArrayList<>();
            List<Double> i = new ArrayList<>();
            List<Double> c = new ArrayList<>();
            for (int m = 0; m < members.size(); m++) {
                for (int j = 0; j < times.get(m)[f].length; j++) {
                    t.add(times.get(m)[f][j]);
                    i.add(idles.get(m) == null ? 0 : idles.get(m)[f][j]);
                    c.add(CoresTurn.code(members.get(m)));
                }
            }
            time[f] = t.stream().mapToDouble(Double::doubleValue).toArray();
            idle[f] = i.stream().mapToDouble(Double::doubleValue).toArray();
            tags[f] = c.stream().mapToDouble(Double::doubleValue).toArray();
        }
        String cores = new CoresTurn(members).toString();
        // idle only where a member measures it: a turn of baseline and workers has it in every iteration (0 for the
        // baseline), as the profiler writes it
        return entry(cores, time, idle, tags);
    }

    private static Analysis analyze(String... entries) throws Exception {
        String json = "[" + String.join(", ", entries) + "]";
        return FactoredAnalysis.analyze(JmhJsonReader.read(json.getBytes(StandardCharsets.UTF_8), "r.json"), "r.json",
                AnalysisOptions.DEFAULT);
    }

    private static double width(Estimate e) {
        return e.high() - e.low();
    }

    private static Point two(Analysis a) {
        return a.families().get(0).points().stream().filter(p -> p.cores() == 2).findFirst().orElseThrow();
    }

    @Test
    void ratiosOfMembersOfOneTurnArePaired() throws Exception {
        double[][] ts = samples(TS, 0, FORK_FACTORS);
        double[][] t1 = samples(T1, 1, FORK_FACTORS);
        double[][] t2 = samples(T2, 2, FORK_FACTORS);
        double[][] i2 = samples(I2, 2, FORK_FACTORS);
        double[][] i1 = samples(1e-9, 1, FORK_FACTORS);
        Analysis paired = analyze(turn(List.of(CoresValue.BASELINE_VALUE, CoresValue.workers(1), CoresValue.workers(2)),
                List.of(ts, t1, t2), Arrays.asList(new double[ts.length][3], i1, i2)));
        Analysis separate = analyze(entry("baseline", ts, null, null), entry("1", t1, i1, null),
                entry("2", t2, i2, null));

        FamilyAnalysis family = paired.families().get(0);
        for (ConfigurationRun run : family.measurement().configurations()) {
            assertEquals(CoresTurn.parse("baseline+1+2"), run.sharedForks());
        }
        Point p = two(paired);
        Point q = two(separate);
        List<Estimate[]> comparisons = List.of(
                new Estimate[] {p.speedups().actual(), q.speedups().actual()},
                new Estimate[] {p.losses().overhead(), q.losses().overhead()},
                new Estimate[] {p.losses().inflation(), q.losses().inflation()},
                new Estimate[] {p.speedups().maximal(), q.speedups().maximal()});
        for (Estimate[] c : comparisons) {
            assertEquals(c[1].value(), c[0].value(), 1e-12, "the same samples give the same point estimate");
            assertTrue(width(c[0]) < width(c[1]) / 4, "paired " + c[0] + " vs separate " + c[1]);
        }
        // T_s/T_2 is 1.0/0.9 in every fork: the paired interval holds it, narrowly
        assertEquals(TS / T2, p.speedups().actual().value(), 0.01);
        assertTrue(width(p.speedups().actual()) < 0.05, p.speedups().actual().toString());
        // the times themselves still carry the fork noise: the common factor widens them as a fork of their own
        assertTrue(width(family.times().baselineTime()) > 0.1 * TS, family.times().baselineTime().toString());
    }

    /**
     * Pairing takes out what a fork does to every member alike, not what it does to their ratio: where T_2 moves by
     * ±5 % of its own from fork to fork, the paired interval of T_s/T_2 shows it (the common fork-level factor
     * cancels, the joint draw of the forks keeps the ratio's spread).
     */
    @Test
    void theRatiosOwnSpreadBetweenForksStaysInThePairedInterval() throws Exception {
        double[] ratioMoves = {1.05, 0.95, 1.04, 0.96, 1.03, 0.97};
        double[] twoFactors = new double[FORK_FACTORS.length];
        for (int f = 0; f < twoFactors.length; f++) {
            twoFactors[f] = FORK_FACTORS[f] * ratioMoves[f];
        }
        List<CoresValue> members = List.of(CoresValue.BASELINE_VALUE, CoresValue.workers(2));
        Estimate steady = two(analyze(turn(members, List.of(samples(TS, 0, FORK_FACTORS), samples(T2, 2, FORK_FACTORS)),
                NO_IDLE))).speedups().actual();
        Estimate moving = two(analyze(turn(members, List.of(samples(TS, 0, FORK_FACTORS), samples(T2, 2, twoFactors)),
                NO_IDLE))).speedups().actual();
        assertTrue(width(moving) > 3 * width(steady), moving + " vs " + steady);
        assertTrue(width(moving) > 0.04 * moving.value(), moving.toString());
    }

    @Test
    void aTurnWithoutTheBaselineKeepsTheBaselinesForkNoise() throws Exception {
        double[][] ts = samples(TS, 0, OTHER_FACTORS);
        double[][] t1 = samples(T1, 1, FORK_FACTORS);
        double[][] t2 = samples(T2, 2, FORK_FACTORS);
        double[][] i1 = samples(1e-9, 1, FORK_FACTORS);
        double[][] i2 = samples(I2, 2, FORK_FACTORS);
        Analysis inTurn = analyze(entry("baseline", ts, null, null),
                turn(List.of(CoresValue.workers(1), CoresValue.workers(2)), List.of(t1, t2), List.of(i1, i2)));
        Analysis separate = analyze(entry("baseline", ts, null, null), entry("1", t1, i1, null),
                entry("2", t2, i2, null));
        FamilyAnalysis family = inTurn.families().get(0);
        assertNull(family.measurement().configurations().get(0).sharedForks());
        assertEquals(CoresTurn.parse("1+2"), family.measurement().configurations().get(2).sharedForks());
        Estimate s = two(inTurn).speedups().actual();
        Estimate alone = two(separate).speedups().actual();
        assertEquals(alone.value(), s.value(), 1e-12);
        // T_s/T_2 divides forks of two JVMs: as wide as the baseline's forks and the turn's fork factor make it
        assertTrue(width(s) > 0.6 * width(alone), s + " vs " + alone);
        assertTrue(width(s) > 0.2, s.toString());
    }

    @Test
    void sharedForksIsWrittenOnlyWhenThereIsATurnAndReadBack() throws Exception {
        double[][] t1 = samples(T1, 1, FORK_FACTORS);
        double[][] t2 = samples(T2, 2, FORK_FACTORS);
        Analysis a = analyze(entry("baseline", samples(TS, 0, OTHER_FACTORS), null, null),
                turn(List.of(CoresValue.workers(1), CoresValue.workers(2)), List.of(t1, t2), NO_IDLE));
        String json = AnalysisJson.toJson(a);
        assertEquals(2, json.split("\"sharedForks\" : \"1\\+2\"", -1).length - 1, json);
        Analysis back = AnalysisJson.read(json.getBytes(StandardCharsets.UTF_8), "analysis.json");
        assertEquals(a.families().get(0).measurement().configurations(),
                back.families().get(0).measurement().configurations());
    }

    @Test
    void aConfigurationInTurnAndInForksOfItsOwnKeepsTheTurns() throws Exception {
        double[][] t1 = samples(T1, 1, FORK_FACTORS);
        double[][] t2 = samples(T2, 2, FORK_FACTORS);
        Analysis a = analyze(entry("baseline", samples(TS, 0, OTHER_FACTORS), null, null),
                entry("2", samples(2 * T2, 0, OTHER_FACTORS), null, null),
                turn(List.of(CoresValue.workers(1), CoresValue.workers(2)), List.of(t1, t2), NO_IDLE));
        FamilyAnalysis family = a.families().get(0);
        ConfigurationRun two = family.measurement().configurations().get(2);
        assertEquals(CoresTurn.parse("1+2"), two.sharedForks());
        assertEquals(T2, family.points().get(1).times().time().value(), 0.01);
        assertTrue(a.warnings().stream().anyMatch(w -> w.equals("a.B.run {}: cores=2 was measured in turn as "
                + "cores=1+2 (entry 2 (a.B.run)) and in forks of its own (entry 1 (a.B.run)). The forks of entry 2 "
                + "(a.B.run) are kept, paired with the configurations measured in turn with it; those of entry 1 "
                + "(a.B.run) are left out.")), a.warnings().toString());
    }

    @Test
    void filesMergedKeepTheTurnsForksTogether(@TempDir Path dir) throws Exception {
        double[] first = Arrays.copyOfRange(FORK_FACTORS, 0, 3);
        double[] second = Arrays.copyOfRange(FORK_FACTORS, 3, 6);
        List<CoresValue> members = List.of(CoresValue.workers(1), CoresValue.workers(2));
        Path a = dir.resolve("a.json");
        Path b = dir.resolve("b.json");
        Path own = dir.resolve("own.json");
        Files.writeString(a, "[" + entry("baseline", samples(TS, 0, OTHER_FACTORS), null, null) + ", "
                + turn(members, List.of(samples(T1, 1, first), samples(T2, 2, first)), NO_IDLE) + "]");
        Files.writeString(b, "[" + turn(members, List.of(samples(T1, 1, second), samples(T2, 2, second)),
                NO_IDLE) + "]");
        Files.writeString(own, "[" + entry("2", samples(2 * T2, 0, OTHER_FACTORS), null, null) + "]");
        Analysis merged = FactoredAnalysis.analyze(List.of(a, b, own), AnalysisOptions.DEFAULT);
        List<ConfigurationRun> runs = merged.families().get(0).measurement().configurations();
        assertEquals(3, runs.size());
        for (ConfigurationRun run : runs.subList(1, 3)) {
            assertEquals(CoresTurn.parse("1+2"), run.sharedForks());
            assertEquals(6, run.forks());
        }
        assertEquals(T2, merged.families().get(0).points().get(1).times().time().value(), 0.01);
        assertTrue(merged.warnings().stream().anyMatch(w -> w.contains("cores=2 was measured in turn as cores=1+2")),
                merged.warnings().toString());
    }
}
