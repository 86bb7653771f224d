package dev.factored.analysis;

import dev.factored.analysis.input.AnalysisInputException;
import dev.factored.analysis.input.JmhEntry;
import dev.factored.analysis.input.JmhMetric;
import dev.factored.analysis.input.JmhSettings;
import dev.factored.analysis.input.JvmRuntime;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.FamilyAnalysis;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Hand-made JMH entries: one builder call per configuration, numbers in the unit given. */
public final class Fixtures {

    static final String BENCH = "demo.SortBenchmark.sort";

    private Fixtures() {
    }

    /** Builds the entries of one or more families, in the order added. */
    public static final class Entries {
        private final List<JmhEntry> entries = new ArrayList<>();
        private String benchmark = BENCH;
        private String mode = "avgt";
        private String unit = "s/op";
        private String idleUnit = "s/op";
        private Map<String, String> params = Map.of();
        private int threads = 1;
        private String jdk = "17.0.15";
        private double relativeError = 0;

        public Entries benchmark(String b) {
            benchmark = b;
            return this;
        }

        Entries mode(String m, String u) {
            mode = m;
            unit = u;
            return this;
        }

        Entries idleUnit(String u) {
            idleUnit = u;
            return this;
        }

        public Entries params(Map<String, String> p) {
            params = p;
            return this;
        }

        public Entries threads(int t) {
            threads = t;
            return this;
        }

        /** JMH's scoreError of the following entries, as a share of the score. */
        public Entries relativeError(double r) {
            relativeError = r;
            return this;
        }

        public Entries jdk(String j) {
            jdk = j;
            return this;
        }

        /** A configuration with constant samples (2 forks of 3 iterations) and optional idle. */
        public Entries add(String cores, double time, Double idle) {
            double[][] t = constant(time);
            double[][] i = idle == null ? null : constant(idle);
            return add(cores, t, i, Map.of());
        }

        public Entries add(String cores, double[][] time, double[][] idle, Map<String, Double> metrics) {
            Map<String, String> p = new LinkedHashMap<>();
            p.put("cores", cores);
            p.putAll(params);
            Map<String, JmhMetric> secondary = new LinkedHashMap<>();
            if (idle != null) {
                secondary.put("factored.idle", metric(idle, idleUnit));
            }
            for (Map.Entry<String, Double> m : metrics.entrySet()) {
                double v = m.getValue();
                double[][] raw = new double[time.length][];
                for (int f = 0; f < time.length; f++) {
                    raw[f] = new double[time[f].length];
                    java.util.Arrays.fill(raw[f], v);
                }
                secondary.put(m.getKey(), metric(raw, "#"));
            }
            entries.add(new JmhEntry(entries.size(), benchmark, mode, p,
                    new JvmRuntime("1.37", jdk, "OpenJDK 64-Bit Server VM", jdk + "+1", "/jdk/bin/java", List.of()),
                    new JmhSettings(threads, time.length, 1, "100 ms", 1, 3, "100 ms", 1),
                    withError(metric(time, unit), relativeError), secondary));
            return this;
        }

        /**
         * A cores=span configuration: work, span and burdened span in this builder's time unit (constant,
         * {@code time}'s shape), spawns and strands per op, the burden in ns.
         */
        Entries addSpan(double[][] time, double work, double span, double burdenedSpan, double spawns,
                double strands, double burdenNanos) {
            return addSpan(time, work, span, burdenedSpan, spawns, strands, burdenNanos, 0.01);
        }

        /** As above, with the clock cost per strand the span run reports, in ns. */
        Entries addSpan(double[][] time, double work, double span, double burdenedSpan, double spawns,
                double strands, double burdenNanos, double clockCostNanos) {
            add("span", time, null, Map.of("factored.spawns", spawns, "factored.strands", strands,
                    "factored.burden", burdenNanos, "factored.clockCost", clockCostNanos, "factored.poolOps", 1.0));
            JmhEntry e = entries.remove(entries.size() - 1);
            Map<String, JmhMetric> secondary = new LinkedHashMap<>(e.secondaryMetrics());
            secondary.put("factored.work", metric(fill(time, work), unit));
            secondary.put("factored.span", metric(fill(time, span), unit));
            secondary.put("factored.burdenedSpan", metric(fill(time, burdenedSpan), unit));
            entries.add(new JmhEntry(e.index(), e.benchmark(), e.mode(), e.params(), e.runtime(), e.settings(),
                    e.primaryMetric(), secondary));
            return this;
        }

        /**
         * Adds the profiler's interference figures to the last configuration added: the share of its CPUs that other
         * processes took, the descheduled time and the program threads' runnable time per op (this builder's unit),
         * constant over its samples.
         */
        Entries machine(double share, double descheduled, double runnable) {
            return machine(share, fill(entries.get(entries.size() - 1).primaryMetric().rawData(), descheduled),
                    runnable);
        }

        /** As {@link #machine(double, double, double)}, with the descheduled time of each iteration given. */
        Entries machine(double share, double[][] descheduled, double runnable) {
            JmhEntry e = entries.remove(entries.size() - 1);
            Map<String, JmhMetric> secondary = new LinkedHashMap<>(e.secondaryMetrics());
            double[][] shape = e.primaryMetric().rawData();
            secondary.put("factored.interferenceShare", metric(fill(shape, share), "share"));
            secondary.put("factored.descheduled", metric(descheduled, unit));
            secondary.put("factored.runnable", metric(fill(shape, runnable), unit));
            entries.add(new JmhEntry(e.index(), e.benchmark(), e.mode(), e.params(), e.runtime(), e.settings(),
                    e.primaryMetric(), secondary));
            return this;
        }

        /** Adds the workers' wait of every cause per op (this builder's unit) to the last configuration added, constant. */
        Entries workerWait(double wait) {
            JmhEntry e = entries.remove(entries.size() - 1);
            Map<String, JmhMetric> secondary = new LinkedHashMap<>(e.secondaryMetrics());
            secondary.put("factored.workerWait", metric(fill(e.primaryMetric().rawData(), wait), unit));
            entries.add(new JmhEntry(e.index(), e.benchmark(), e.mode(), e.params(), e.runtime(), e.settings(),
                    e.primaryMetric(), secondary));
            return this;
        }

        /** Adds the JVM's own threads' share of the measured CPUs to the last configuration added, constant. */
        Entries jvmShare(double share) {
            return share("factored.jvmShare", share);
        }

        /** Adds a profiler share (a secondary metric in "share") to the last configuration added, constant. */
        Entries share(String name, double share) {
            JmhEntry e = entries.remove(entries.size() - 1);
            Map<String, JmhMetric> secondary = new LinkedHashMap<>(e.secondaryMetrics());
            secondary.put(name, metric(fill(e.primaryMetric().rawData(), share), "share"));
            entries.add(new JmhEntry(e.index(), e.benchmark(), e.mode(), e.params(), e.runtime(), e.settings(),
                    e.primaryMetric(), secondary));
            return this;
        }

        /**
         * Adds the spare CPUs' figures to the last configuration added, constant over its samples: the signed share of
         * the spare CPUs other processes took, and the time per op (this builder's unit) the JVM's threads there
         * waited behind them; with {@code factored.jvmApart} = 1, as the profiler publishes them.
         */
        Entries spare(double share, double waited) {
            return spare(share, waited, 1);
        }

        /** As {@link #spare(double, double)}, with {@code factored.jvmApart} given (0: a turn's member together). */
        Entries spare(double share, double waited, int apart) {
            JmhEntry e = entries.remove(entries.size() - 1);
            Map<String, JmhMetric> secondary = new LinkedHashMap<>(e.secondaryMetrics());
            double[][] shape = e.primaryMetric().rawData();
            secondary.put("factored.spareInterference", metric(fill(shape, share), "signed share"));
            secondary.put("factored.spareWait", metric(fill(shape, waited), unit));
            secondary.put("factored.jvmApart", metric(fill(shape, apart), "bool"));
            entries.add(new JmhEntry(e.index(), e.benchmark(), e.mode(), e.params(), e.runtime(), e.settings(),
                    e.primaryMetric(), secondary));
            return this;
        }

        /**
         * Adds the profiler's JVM figures to the last configuration added: GC pause time per op (this builder's
         * unit), constant over its samples, and the common pool's spares (0: none reported).
         */
        Entries jvm(double gc, int spares) {
            JmhEntry e = entries.remove(entries.size() - 1);
            Map<String, JmhMetric> secondary = new LinkedHashMap<>(e.secondaryMetrics());
            double[][] shape = e.primaryMetric().rawData();
            secondary.put("factored.gc", metric(fill(shape, gc), unit));
            if (spares > 0) {
                secondary.put("factored.spares", metric(fill(shape, spares), "threads"));
            }
            entries.add(new JmhEntry(e.index(), e.benchmark(), e.mode(), e.params(), e.runtime(), e.settings(),
                    e.primaryMetric(), secondary));
            return this;
        }

        private static double[][] fill(double[][] shape, double v) {
            double[][] out = new double[shape.length][];
            for (int f = 0; f < shape.length; f++) {
                out[f] = new double[shape[f].length];
                java.util.Arrays.fill(out[f], v);
            }
            return out;
        }

        public List<JmhEntry> build() {
            return List.copyOf(entries);
        }

        public Analysis analyze() throws AnalysisInputException {
            return FactoredAnalysis.analyze(build(), "test.json", new AnalysisOptions(42, 400, 0.95));
        }

        public FamilyAnalysis family() throws AnalysisInputException {
            return analyze().families().get(0);
        }
    }

    static JmhMetric withError(JmhMetric m, double relative) {
        return Double.isNaN(m.scoreError()) ? m
                : new JmhMetric(m.score(), relative * m.score(), m.scoreUnit(), m.rawData(), m.histogram());
    }

    static JmhMetric metric(double[][] raw, String unit) {
        double sum = 0;
        int n = 0;
        for (double[] fork : raw) {
            for (double v : fork) {
                sum += v;
                n++;
            }
        }
        return new JmhMetric(sum / n, n < 3 ? Double.NaN : 0.0, unit, raw, false);
    }

    /** Profiler metrics of a pinned fork with enough CPUs and a used pool. */
    public static Map<String, Double> profiled(int workers, int cpus) {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("factored.workers", (double) workers);
        m.put("factored.cpus", (double) cpus);
        m.put("factored.pinned", 1.0);
        m.put("factored.steals", 3.0);
        m.put("factored.poolOps", 1.0);
        return m;
    }

    /** As {@link #profiled}, for unmodified code: idle estimated from the threads' CPU time. */
    public static Map<String, Double> estimated(int workers, int cpus) {
        Map<String, Double> m = new LinkedHashMap<>(profiled(workers, cpus));
        m.put("factored.estimated", 1.0);
        return m;
    }

    /** Profiler metrics of a baseline fork: pinned to 1 CPU, no pool. */
    public static Map<String, Double> baselineProfile() {
        Map<String, Double> m = profiled(0, 1);
        m.put("factored.poolOps", 0.0);
        m.put("factored.steals", 0.0);
        return m;
    }

    /** 2 forks of 3 iterations, all v: enough forks for findings stated as fact. */
    public static double[][] constant(double v) {
        return new double[][] {{v, v, v}, {v, v, v}};
    }

    /** 1 fork of 3 iterations, all v: the noise between forks is unknown. */
    static double[][] oneFork(double v) {
        return new double[][] {{v, v, v}};
    }
}
