package dev.factored.gate;

import dev.factored.analysis.input.JvmRuntime;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.ReferenceTimes;
import dev.factored.analysis.model.finding.Explanation;
import dev.factored.analysis.model.measurement.ConfigurationRun;
import dev.factored.analysis.model.measurement.Environment;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.measurement.FamilyId;
import dev.factored.analysis.model.measurement.Interference;
import dev.factored.analysis.model.measurement.MachineReadings;
import dev.factored.analysis.model.measurement.Measurement;
import dev.factored.analysis.model.point.Disturbance;
import dev.factored.analysis.model.point.Losses;
import dev.factored.analysis.model.point.MachineShares;
import dev.factored.analysis.model.point.Point;
import dev.factored.analysis.model.point.PointConditions;
import dev.factored.analysis.model.point.PointTimes;
import dev.factored.analysis.model.point.Speedups;
import dev.factored.analysis.stats.Bootstrap;
import dev.factored.contract.CoresValue;
import dev.factored.gate.terms.Subject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** Hand-made analysis records for the gate's tests. */
public final class Fixtures {

    private Fixtures() {
    }

    public static Estimate est(double value, double low, double high) {
        return new Estimate(value, low, high);
    }

    static Analysis analysis(FamilyAnalysis... families) {
        return new Analysis(Analysis.SCHEMA, "jmh-result.json", null, 42, 2000, 0.95, List.of(), List.of(families));
    }

    static Environment environment(String jdkVersion, String vmName, String vmVersion) {
        return new Environment(new JvmRuntime("1.37", jdkVersion, vmName, vmVersion, "/usr/bin/java", List.of()), 1, 2,
                2, "1 s", 3, "1 s", null, null);
    }

    static Environment defaultEnvironment() {
        return environment("17.0.9", "OpenJDK 64-Bit Server VM", "17.0.9+9");
    }

    /**
     * Deterministic samples {@code [forks][iterations]} around {@code mean}: each value is mean·(1 + noise·u)
     * with u uniform in [−1, 1] from a fixed seed.
     */
    public static double[][] samples(int forks, int iterations, double mean, double noise, long seed) {
        Random random = new Random(seed);
        double[][] s = new double[forks][iterations];
        for (int f = 0; f < forks; f++) {
            for (int i = 0; i < iterations; i++) {
                s[f][i] = mean * (1 + noise * (2 * random.nextDouble() - 1));
            }
        }
        return s;
    }

    /** A family builder; everything not set is absent (null), as in an analysis of a partial run. */
    public static FamilyBuilder family(String benchmark) {
        return new FamilyBuilder(benchmark);
    }

    public static final class FamilyBuilder {
        private final String benchmark;
        private final Map<String, String> params = new LinkedHashMap<>();
        private String mode = "avgt";
        private Estimate baselineTime;
        private Estimate elisionTime;
        private Estimate oneCoreTime;
        private final List<Point> points = new ArrayList<>();
        private Environment environment = defaultEnvironment();
        private final List<ConfigurationRun> configurations = new ArrayList<>();
        private final Map<String, Integer> cpus = new LinkedHashMap<>();
        private final List<Interference> interference = new ArrayList<>();

        FamilyBuilder(String benchmark) {
            this.benchmark = benchmark;
        }

        FamilyBuilder param(String name, String value) {
            params.put(name, value);
            return this;
        }

        FamilyBuilder mode(String m) {
            mode = m;
            return this;
        }

        FamilyBuilder baseline(Estimate e) {
            baselineTime = e;
            return this;
        }

        FamilyBuilder elision(Estimate e) {
            elisionTime = e;
            return this;
        }

        FamilyBuilder oneCore(Estimate e) {
            oneCoreTime = e;
            return this;
        }

        FamilyBuilder point(Point p) {
            points.add(p);
            return this;
        }

        FamilyBuilder environment(Environment e) {
            environment = e;
            return this;
        }

        FamilyBuilder cpus(String cores, int n) {
            cpus.put(cores, n);
            return this;
        }

        /**
         * Marks a configuration as measured on a busy machine, as the analysis would: other processes took
         * {@code share} (exact, no interval) of its {@code cpus} CPUs, so its explainable slowdown is
         * 1 / (1 − min(0.9, cpus·share)); disturbed when the share is above the default 3 %. Points resting on it
         * (baseline, elision, 1, P) are marked disturbed when built.
         */
        public FamilyBuilder busy(String cores, double share, int cpus) {
            double lost = Math.min(0.9, cpus * share);
            return busy(cores, share, cpus, 1 / (1 - lost));
        }

        /** As above with the explainable slowdown given directly (hand-made numbers). */
        public FamilyBuilder busy(String cores, double share, int cpus, double explainableSlowdown) {
            String name = cores.equals("baseline") ? "the baseline" : cores.matches("\\d+") ? "P = " + cores
                    : "cores=" + cores;
            interference.add(new Interference(CoresValue.parse(cores), Estimate.exact(share), cpus, share > 0.03, explainableSlowdown,
                    "other processes took " + dev.factored.text.Numbers.percent(share) + " of the "
                            + (cpus == 1 ? "CPU" : cpus + " CPUs") + " of " + name));
            return this;
        }

        public FamilyBuilder samples(String cores, double[][] timeSamples) {
            configurations.add(run(CoresValue.parse(cores), timeSamples, null,
                    cores.matches("\\d+") ? Integer.valueOf(cores) : 0, null));
            return this;
        }

        /**
         * Stores raw samples per configuration and derives the time estimates (kept simple: the mean,
         * with the samples' min and max as interval) and, for each integer configuration, a point with
         * the actual speedup T_s / T_P. Give {@code baseline} first.
         */
        public FamilyBuilder measured(Map<String, double[][]> samplesByCores) {
            for (Map.Entry<String, double[][]> e : samplesByCores.entrySet()) {
                samples(e.getKey(), e.getValue());
                Estimate time = spread(e.getValue());
                switch (e.getKey()) {
                    case "baseline" -> baselineTime = time;
                    case "elision" -> elisionTime = time;
                    default -> {
                        int p = Integer.parseInt(e.getKey());
                        if (p == 1) {
                            oneCoreTime = time;
                        }
                        Speedups speedups = speedups(p, time);
                        points.add(new Point(p, true, List.of(), Disturbance.NONE,
                                new PointTimes(time, null, null, null), speedups, null,
                                new MachineShares(speedups.actual() == null ? null : speedups.actual().dividedBy(p),
                                        null, null), null, null,
                                new PointConditions(false, true, null, null, null)));
                    }
                }
            }
            return this;
        }

        private Speedups speedups(int p, Estimate time) {
            Estimate actual = baselineTime == null ? null : conservativeRatio(baselineTime, time);
            return new Speedups(Estimate.exact(p), null, null, null, null, actual);
        }

        /** A pinned run with only what these fixtures set. */
        private static ConfigurationRun run(CoresValue cores, double[][] time, double[][] idle, Integer workers,
                Integer cpus) {
            return new ConfigurationRun(cores, time, idle, workers, cpus, Boolean.TRUE, null, null, null, null,
                    MachineReadings.NONE);
        }

        public FamilyAnalysis build() {
            List<ConfigurationRun> runs = new ArrayList<>();
            for (ConfigurationRun r : configurations) {
                runs.add(run(r.cores(), r.timeSamples(), r.idleSamples(), r.workers(),
                        cpus.getOrDefault(r.cores().toString(), r.cpus())));
            }
            points.sort(java.util.Comparator.comparingInt(Point::cores));
            ReferenceTimes times = new ReferenceTimes(baselineTime, elisionTime, oneCoreTime,
                    overhead(oneCoreTime, elisionTime), overhead(elisionTime, baselineTime));
            if (interference.isEmpty()) {
                return new FamilyAnalysis(new FamilyId(benchmark, params, mode), times, null, points, null, null, null,
                        null, null, Explanation.NONE, new Measurement(List.of(), environment, runs, List.of()));
            }
            List<Point> marked = new ArrayList<>();
            for (Point p : points) {
                List<String> because = new ArrayList<>();
                for (String c : List.of("baseline", "elision", "1", Integer.toString(p.cores()))) {
                    interference.stream().filter(i -> i.cores().toString().equals(c) && i.disturbed()
                            && !because.contains(i.because())).forEach(i -> because.add(i.because()));
                }
                marked.add(new Point(p.cores(), p.valid(), p.invalidBecause(), Disturbance.because(because), p.times(),
                        p.speedups(), p.losses(), p.shares(), p.factors(), p.idleSplit(),
                        new PointConditions(p.conditions().oversubscribed(), p.conditions().pinned(), null, null,
                        null)));
            }
            return new FamilyAnalysis(new FamilyId(benchmark, params, mode), times, null, marked, null, null, null,
                    null, null, Explanation.NONE, new Measurement(interference, environment, runs, List.of()));
        }

        /** numerator / denominator − 1, kept simple for hand-made records: the conservative ratio. */
        private static Estimate overhead(Estimate numerator, Estimate denominator) {
            if (numerator == null || denominator == null) {
                return null;
            }
            Estimate r = conservativeRatio(numerator, denominator);
            return new Estimate(r.value() - 1, r.low() - 1, r.high() - 1);
        }
    }

    static Estimate spread(double[][] samples) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double[] fork : samples) {
            for (double v : fork) {
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
        }
        double mean = Bootstrap.mean(samples);
        return new Estimate(mean, Math.min(min, mean), Math.max(max, mean));
    }

    /** A valid point with every estimate given directly; the shares follow from the actual speedup and losses. */
    static Point point(int cores, Estimate time, Estimate idle, Estimate actual, Losses losses) {
        Speedups speedups = new Speedups(Estimate.exact(cores), null, null, null, null, actual);
        return new Point(cores, true, List.of(), Disturbance.NONE, new PointTimes(time, idle, null, null), speedups,
                losses,
                new MachineShares(actual == null ? null : actual.dividedBy(cores),
                        losses == null || losses.idle() == null ? null : losses.idle().dividedBy(cores),
                        losses == null || losses.inflation() == null ? null : losses.inflation().dividedBy(cores)),
                null, null, new PointConditions(false, true, null, null, null));
    }

    /** The same point, marked invalid for the reason given. */
    static Point invalid(Point p, String reason) {
        return new Point(p.cores(), false, List.of(reason), Disturbance.NONE,
                new PointTimes(p.times().time(), p.times().idleTime(), null, p.times()
                .workInflation()), p.speedups(), p.losses(), p.shares(),
                p.factors(), null, new PointConditions(p.conditions().oversubscribed(), p.conditions().pinned(), null,
                null, null));
    }

    /** The widest ratio two stored intervals allow: hand-made records keep their numbers consistent with it. */
    static Estimate conservativeRatio(Estimate numerator, Estimate denominator) {
        double value = numerator.value() / denominator.value();
        double low = numerator.low() / denominator.high();
        double high = numerator.high() / denominator.low();
        return new Estimate(value, Math.min(low, Math.min(value, high)), Math.max(high, Math.max(value, low)));
    }

    /** A subject's configuration in its canonical spelling, or null for a whole family. */
    static String cores(Subject s) {
        return s.cores() == null ? null : s.cores().toString();
    }
}
