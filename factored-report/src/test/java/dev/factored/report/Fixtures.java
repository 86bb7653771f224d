package dev.factored.report;

import dev.factored.analysis.input.JvmRuntime;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.ReferenceTimes;
import dev.factored.analysis.model.finding.Explanation;
import dev.factored.analysis.model.finding.Finding;
import dev.factored.analysis.model.finding.Severity;
import dev.factored.analysis.model.measurement.ConfigurationRun;
import dev.factored.analysis.model.measurement.Environment;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.measurement.FamilyId;
import dev.factored.analysis.model.measurement.MachineReadings;
import dev.factored.analysis.model.measurement.Measurement;
import dev.factored.analysis.model.point.Disturbance;
import dev.factored.analysis.model.point.Losses;
import dev.factored.analysis.model.point.MachineShares;
import dev.factored.analysis.model.point.Point;
import dev.factored.analysis.model.point.PointConditions;
import dev.factored.analysis.model.point.PointTimes;
import dev.factored.analysis.model.point.Speedups;
import dev.factored.contract.CoresValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Hand-made analysis records for the tests. Derived quantities follow METHOD.md §2–4 from the given
 * times, so the charts show what a real analysis would give; intervals are ±3% of each value.
 */
final class Fixtures {

    private Fixtures() {
    }

    static Analysis analysis(FamilyAnalysis... families) {
        return new Analysis(Analysis.SCHEMA, "target/factored/jmh-result.json", null, 42, 2000, 0.95, List.of(),
                List.of(families));
    }

    static Family family(String benchmark) {
        return new Family(benchmark);
    }

    static Estimate est(double v) {
        return new Estimate(v, v - Math.abs(v) * 0.03, v + Math.abs(v) * 0.03);
    }

    static Environment environment() {
        return new Environment(new JvmRuntime("1.37", "17.0.15", "OpenJDK 64-Bit Server VM", "17.0.15+6",
                        "/usr/lib/jvm/java-17/bin/java", List.of("-Xmx1g")), 1, 2, 3, "1 s", 5,
                "1 s", null, null);
    }

    /** A family whose times follow T_P = (T_1 + I_P + F_P) / P. */
    static final class Family {
        private final String benchmark;
        private final Map<String, String> params = new LinkedHashMap<>();
        private String mode = "avgt";
        private Double baseline = 10e-3;
        private Double elision = 11e-3;
        private Double oneCore = 12e-3;
        private final List<double[]> points = new ArrayList<>(); // {P, T_P, I_P or NaN, cpus}
        private final List<String> diagnosis = new ArrayList<>();
        private final List<String> warnings = new ArrayList<>();
        private Environment environment = Fixtures.environment();

        Family(String benchmark) {
            this.benchmark = benchmark;
        }

        Family param(String name, String value) {
            params.put(name, value);
            return this;
        }

        Family mode(String value) {
            mode = value;
            return this;
        }

        Family times(Double baselineTime, Double elisionTime, Double oneCoreTime) {
            baseline = baselineTime;
            elision = elisionTime;
            oneCore = oneCoreTime;
            return this;
        }

        /** A point from its idle time I_P and work inflation F_P (either may be null: not measured). */
        Family point(int cores, Double idle, double inflation) {
            return point(cores, idle, inflation, cores);
        }

        Family point(int cores, Double idle, double inflation, int cpus) {
            double t1 = oneCore == null ? 12e-3 : oneCore;
            double time = (t1 + (idle == null ? 0 : idle) + inflation) / cores;
            points.add(new double[] {cores, time, idle == null ? Double.NaN : idle, cpus});
            return this;
        }

        /** Points at each P with idle time and inflation growing with P. */
        Family scaling(int... cores) {
            for (int p : cores) {
                point(p, 0.4e-3 * (p - 1), 0.15e-3 * (p - 1));
            }
            return this;
        }

        Family diagnosis(String... sentences) {
            diagnosis.addAll(List.of(sentences));
            return this;
        }

        Family warnings(String... sentences) {
            warnings.addAll(List.of(sentences));
            return this;
        }

        Family environment(Environment value) {
            environment = value;
            return this;
        }

        FamilyAnalysis build() {
            List<Point> built = new ArrayList<>();
            List<ConfigurationRun> runs = new ArrayList<>();
            if (baseline != null) {
                runs.add(run("baseline", baseline, 0, 1, null));
            }
            if (elision != null) {
                runs.add(run("elision", elision, 0, 1, null));
            }
            for (double[] p : points) {
                int cores = (int) p[0];
                double time = p[1];
                Double idle = Double.isNaN(p[2]) ? null : p[2];
                int cpus = (int) p[3];
                built.add(point(cores, time, idle, cpus));
                runs.add(run(Integer.toString(cores), time, cores, cpus, idle));
            }
            built.sort(java.util.Comparator.comparingInt(Point::cores));
            List<Finding> findings = diagnosis.stream().map(text -> new Finding("speedup", null, Severity.MINOR, false,
                    Map.of(), text)).toList();
            return new FamilyAnalysis(new FamilyId(benchmark, new LinkedHashMap<>(params), mode),
                    new ReferenceTimes(opt(baseline), opt(elision), opt(oneCore),
                            oneCore == null || elision == null ? null : est(oneCore / elision - 1),
                            elision == null || baseline == null ? null : est(elision / baseline - 1)),
                    null, built, null, null, null, null, null, new Explanation(findings, null, List.copyOf(warnings)),
                    new Measurement(List.of(), environment, runs, List.of()));
        }

        private Point point(int cores, double time, Double idle, int cpus) {
            double p = cores;
            Double inflation = oneCore == null || idle == null ? null : p * time - idle - oneCore;
            Speedups speedups = new Speedups(
                    Estimate.exact(p),
                    baseline == null || elision == null ? null : est(p * baseline / elision),
                    baseline == null || oneCore == null ? null : est(p * baseline / oneCore),
                    baseline == null || oneCore == null || idle == null ? null : est(p * baseline / (oneCore + idle)),
                    baseline == null || idle == null ? null : est(p * baseline / (p * time - idle)),
                    baseline == null ? null : est(baseline / time));
            Losses losses = new Losses(
                    baseline == null || elision == null ? null : est((elision - baseline) / time),
                    elision == null || oneCore == null ? null : est((oneCore - elision) / time),
                    idle == null ? null : est(idle / time),
                    inflation == null ? null : est(inflation / time));
            List<String> invalid = cores > cpus ? List.of("oversubscribed: " + cores + " workers shared " + cpus + " CPUs")
                    : List.of();
            return new Point(cores, invalid.isEmpty(), invalid, Disturbance.NONE,
                    new PointTimes(est(time), idle == null ? null : est(idle), null,
                            inflation == null ? null : est(inflation)), speedups, losses,
                    new MachineShares(baseline == null ? null : est(baseline / (p * time)),
                            idle == null ? null : est(idle / (p * time)),
                            inflation == null ? null : est(inflation / (p * time))), null,
                    null, new PointConditions(cores > cpus, Boolean.TRUE, null, null, null));
        }

        private static ConfigurationRun run(String cores, Double time, int workers, int cpus, Double idle) {
            double[][] samples = {{time, time * 1.01, time * 0.99}, {time * 1.02, time, time * 0.98}};
            double[][] idles = idle == null ? null : new double[][] {{idle, idle, idle}, {idle, idle, idle}};
            return new ConfigurationRun(CoresValue.parse(cores), samples, idles, workers, cpus, Boolean.TRUE,
                    workers == 0 ? null : 3.0 * workers, null, null, null, MachineReadings.NONE);
        }

        private static Estimate opt(Double v) {
            return v == null ? null : est(v);
        }
    }

    /**
     * The report's HTML as a reader sees its words: a number's cell keeps its value and interval together with
     * no-break spaces (NumberCellTest), which read as spaces.
     */
    static String asRead(String html) {
        return html.replace('\u00a0', ' ');
    }
}
