package dev.factored.analysis;

import dev.factored.analysis.input.SampleShape;
import dev.factored.analysis.input.AnalysisInputException;
import dev.factored.analysis.input.JmhEntry;
import dev.factored.analysis.input.JmhMetric;
import dev.factored.analysis.input.ScoreUnit;
import dev.factored.analysis.model.family.Family;
import dev.factored.analysis.model.measurement.ConfigurationRun;
import dev.factored.analysis.model.measurement.CpuLabels;
import dev.factored.analysis.model.measurement.FamilyId;
import dev.factored.analysis.model.measurement.MachineReadings;
import dev.factored.analysis.model.measurement.MachineTopology;
import dev.factored.analysis.model.measurement.SpanSamples;
import dev.factored.contract.CoresValue;
import dev.factored.contract.ProfilerMetrics;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Groups JMH entries into families (benchmark + params other than {@code cores} + mode) and normalises
 * every sample to seconds per operation, so that a thrpt run and the equivalent avgt run give the same
 * analysis.
 */
public final class Families {

    static final String IDLE = ProfilerMetrics.IDLE;

    static final String CORES_HELP = "factored compares one benchmark measured in several configurations, "
            + "told apart by a JMH param named `cores` with the values baseline, elision, 1, 2, 4, …. "
            + "Take the state dev.factored.jmh.Cores as a parameter of the benchmark method "
            + "(or declare `@Param({\"baseline\", \"elision\", \"1\", \"2\", \"4\"}) public String cores;` "
            + "in a @State class) and run it through the pool of that configuration.";

    /** The families and, separately, sentences about entries that were left out. */
    record Grouped(List<Family> families, List<String> skipped) {
    }

    private Families() {
    }

    static Grouped group(List<JmhEntry> entries, String source) throws AnalysisInputException {
        Map<FamilyId, Map<CoresValue, JmhEntry>> byFamily = new LinkedHashMap<>();
        List<String> skipped = new ArrayList<>();
        java.util.Set<List<Object>> turnsWithForksLeftOut = new java.util.HashSet<>();
        for (JmhEntry e : entries) {
            if (e.cores().text() == null) {
                skipped.add("Entry " + e.index() + " (" + e.benchmark() + ") has no `cores` param and was left out "
                        + "of the analysis.");
                continue;
            }
            CoresValue configuration;
            try {
                configuration = e.cores().configuration();
            } catch (IllegalArgumentException ex) {
                throw new AnalysisInputException(source + ": " + e.describe() + ": " + ex.getMessage(), ex);
            }
            FamilyId key = new FamilyId(e.benchmark(), withoutCores(e.params()), e.mode());
            Map<CoresValue, JmhEntry> members = byFamily.computeIfAbsent(key, k -> new LinkedHashMap<>());
            JmhEntry first = members.putIfAbsent(configuration, e);
            if (first != null) {
                members.put(configuration, inTurnFirst(first, e, configuration, source, skipped));
            }
            if (e.turn() != null && !e.turn().forksLeftOut().isEmpty()
                    && turnsWithForksLeftOut.add(List.of(key, e.sharedForks()))) {
                skipped.add(e.describe().substring(0, 1).toUpperCase(java.util.Locale.ROOT) + e.describe().substring(1)
                        + " with cores=" + e.sharedForks() + ": fork(s) " + e.turn().forksLeftOut() + " left out for "
                        + "every configuration of the turn: some of them ran no measured iteration there, and a "
                        + "paired comparison needs all of them in every fork.");
            }
        }
        if (byFamily.isEmpty()) {
            throw new AnalysisInputException(source + ": no benchmark has a `cores` param ("
                    + (entries.isEmpty() ? "the file holds no results" : entries.size() + " entries, e.g. "
                    + entries.get(0).describe() + " with params " + entries.get(0).params()) + "). " + CORES_HELP);
        }
        List<Family> families = new ArrayList<>(byFamily.size());
        for (Map<CoresValue, JmhEntry> members : byFamily.values()) {
            families.add(family(members, source));
        }
        return new Grouped(Collections.unmodifiableList(families), Collections.unmodifiableList(skipped));
    }

    /**
     * Which of two entries of one configuration of a family the family keeps: a member of a turn before forks of its
     * own (its ratios with the turn's other members are paired), the first of two turns; the other is left out with a
     * sentence naming both. The same configuration twice in forks of its own, or twice in the same turn, is an error.
     */
    private static JmhEntry inTurnFirst(JmhEntry first, JmhEntry second, CoresValue cores, String source,
            List<String> skipped) throws AnalysisInputException {
        boolean sameForks = first.sharedForks() == null ? second.sharedForks() == null
                : first.sharedForks().equals(second.sharedForks());
        if (sameForks) {
            throw new AnalysisInputException(source + ": " + second.describe() + ": cores="
                    + second.params().get(CoresValue.PARAM) + " was already measured for the same benchmark, params "
                    + "and mode in " + first.describe() + ": one file must hold each configuration once");
        }
        JmhEntry kept = first.sharedForks() != null ? first : second;
        JmhEntry left = kept == first ? second : first;
        skipped.add(first.benchmark() + " " + withoutCores(first.params()) + ": cores=" + cores + " was measured "
                + forks(kept) + " and " + forks(left) + ". The forks of " + kept.describe() + " are kept, paired "
                + "with the configurations measured in turn with it; those of " + left.describe() + " are left out.");
        return kept;
    }

    private static String forks(JmhEntry e) {
        return e.sharedForks() == null ? "in forks of its own (" + e.describe() + ")"
                : "in turn as cores=" + e.sharedForks() + " (" + e.describe() + ")";
    }

    private static Map<String, String> withoutCores(Map<String, String> params) {
        Map<String, String> rest = new LinkedHashMap<>(params);
        rest.remove(CoresValue.PARAM);
        return Collections.unmodifiableMap(rest);
    }

    /** One family from its entries by configuration, in the order of every table (baseline, elision, span, P). */
    private static Family family(Map<CoresValue, JmhEntry> members, String source) throws AnalysisInputException {
        List<Map.Entry<CoresValue, JmhEntry>> sorted = new ArrayList<>(members.entrySet());
        sorted.sort(Map.Entry.comparingByKey(CoresValue.ORDER));
        List<ConfigurationRun> runs = new ArrayList<>(sorted.size());
        List<JmhEntry> kept = new ArrayList<>(sorted.size());
        for (Map.Entry<CoresValue, JmhEntry> member : sorted) {
            CoresValue cores = member.getKey();
            ConfigurationRun run = run(member.getValue(), cores, source);
            // Unmodified fork/join code has no elision and no span run: under those values it ran on a
            // one-worker pool, which is neither, so that measurement stands for nothing and is left out.
            if (Boolean.TRUE.equals(run.idleEstimated()) && (cores.isElision() || cores.isSpan())) {
                continue;
            }
            runs.add(run);
            kept.add(member.getValue());
        }
        JmhEntry first = members.values().iterator().next();
        return new Family(new FamilyId(first.benchmark(), withoutCores(first.params()), first.mode()),
                Collections.unmodifiableList(runs), Collections.unmodifiableList(kept));
    }

    static ConfigurationRun run(JmhEntry e, CoresValue cores, String source) throws AnalysisInputException {
        String where = source + ": " + e.describe() + ", cores=" + cores;
        JmhMetric primary = e.primaryMetric();
        ScoreUnit unit = ScoreUnit.parse(primary.scoreUnit()).orElseThrow(() -> new AnalysisInputException(where
                + ": unknown unit \"" + primary.scoreUnit() + "\" of the primary metric (expected a time per "
                + "operation such as ns/op, us/op, ms/op, s/op, or a throughput such as ops/ms, ops/s)"));
        double[][] time = toSecondsPerOp(primary.rawData(), unit, where + ": primaryMetric", true);

        double[][] idle = null;
        JmhMetric idleMetric = e.secondaryMetrics().get(IDLE);
        if (idleMetric != null) {
            Optional<ScoreUnit> idleUnit = ScoreUnit.parse(idleMetric.scoreUnit());
            if (idleUnit.isEmpty() || !idleUnit.get().perOperation()) {
                throw new AnalysisInputException(where + ": " + IDLE + " has unit \"" + idleMetric.scoreUnit()
                        + "\"; expected a time per operation such as us/op");
            }
            if (idleMetric.rawData() == null) {
                throw new AnalysisInputException(where + ": " + IDLE + " has no rawData");
            }
            String misshapen = SampleShape.mismatch(IDLE, idleMetric.rawData(), primary.rawData());
            if (misshapen != null) {
                throw new AnalysisInputException(where + ": " + misshapen);
            }
            idle = toSecondsPerOp(idleMetric.rawData(), idleUnit.get(), where + ": " + IDLE, false);
        }
        SpanSamples span = cores.isSpan() ? spanSamples(e, primary, where) : null;
        double[][] interference = null;
        double[][] descheduled = null;
        double[][] runnable = null;
        double[][] workerWait = null;
        double[][] jvmShare = e.secondaryMetrics().get(ProfilerMetrics.JVM_SHARE) == null ? null
                : sameIterations(e, ProfilerMetrics.JVM_SHARE, primary, where);
        String interferenceMetric = ProfilerMetrics.interferenceLabel(e.secondaryMetrics()::containsKey);
        if (interferenceMetric != null) {
            interference = sameIterations(e, interferenceMetric, primary, where);
            descheduled = perOpSeconds(e, ProfilerMetrics.DESCHEDULED, primary, where);
            runnable = perOpSeconds(e, ProfilerMetrics.RUNNABLE, primary, where);
            workerWait = e.secondaryMetrics().get(ProfilerMetrics.WORKER_WAIT) == null ? null
                    : perOpSeconds(e, ProfilerMetrics.WORKER_WAIT, primary, where);
        }
        Double apart = min(e, ProfilerMetrics.JVM_APART);
        boolean spare = apart != null && apart >= 0.5 && everyIteration(e, ProfilerMetrics.SPARE_INTERFERENCE, primary)
                && everyIteration(e, ProfilerMetrics.SPARE_WAIT, primary);
        double[][] spareInterference = spare ? sameIterations(e, ProfilerMetrics.SPARE_INTERFERENCE, primary, where)
                : null;
        double[][] spareWait = spare ? perOpSeconds(e, ProfilerMetrics.SPARE_WAIT, primary, where) : null;
        double[][] gc = e.secondaryMetrics().get(ProfilerMetrics.GC) == null ? null
                : perOpSeconds(e, ProfilerMetrics.GC, primary, where);
        double[][] jit = compileShares(e, primary, where);
        Double spares = max(e, ProfilerMetrics.SPARES);
        Double workers = e.secondaryMean(ProfilerMetrics.WORKERS);
        Double pinned = min(e, ProfilerMetrics.PINNED);
        Double pinnable = min(e, ProfilerMetrics.PINNABLE);
        Double cpus = min(e, ProfilerMetrics.CPUS);
        Double estimated = e.secondaryMean(ProfilerMetrics.ESTIMATED);
        return new ConfigurationRun(
                cores,
                time,
                idle,
                whole(workers),
                whole(cpus),
                pinned == null ? null : pinned >= 0.5,
                e.secondaryMean(ProfilerMetrics.STEALS),
                pinnable == null ? null : pinnable >= 0.5,
                span,
                estimated == null ? null : estimated > 0,
                new MachineReadings(interference, descheduled, runnable, gc,
                        spares == null || spares < 0.5 ? null : (int) Math.round(spares), cpuLabels(e), jvmShare, jit)
                        .withSpare(spareInterference, spareWait).withWorkerWait(workerWait),
                e.sharedForks());
    }

    /** The strand timing of a span configuration, or null when the profiler reported none. */
    private static SpanSamples spanSamples(JmhEntry e, JmhMetric primary, String where) throws AnalysisInputException {
        if (e.secondaryMetrics().get(ProfilerMetrics.WORK) == null) {
            return null;
        }
        double[][] work = perOpSeconds(e, ProfilerMetrics.WORK, primary, where);
        double[][] span = perOpSeconds(e, ProfilerMetrics.SPAN, primary, where);
        double[][] burdened = perOpSeconds(e, ProfilerMetrics.BURDENED_SPAN, primary, where);
        Double spawns = e.secondaryMean(ProfilerMetrics.SPAWNS);
        Double strands = e.secondaryMean(ProfilerMetrics.STRANDS);
        Double burdenNanos = e.secondaryMean(ProfilerMetrics.BURDEN);
        Double clockNanos = e.secondaryMean(ProfilerMetrics.CLOCK_COST);
        if (spawns == null || strands == null || burdenNanos == null) {
            throw new AnalysisInputException(where + ": " + ProfilerMetrics.WORK + " without " + ProfilerMetrics.SPAWNS
                    + ", " + ProfilerMetrics.STRANDS + " or " + ProfilerMetrics.BURDEN);
        }
        try {
            return new SpanSamples(work, span, burdened, spawns, strands, burdenNanos * 1e-9,
                    clockNanos == null ? null : clockNanos * 1e-9);
        } catch (IllegalArgumentException ex) {
            throw new AnalysisInputException(where + ": " + ex.getMessage(), ex);
        }
    }

    /** A unitless secondary metric (a share) of the same iterations as the primary one, as it is. */
    private static double[][] sameIterations(JmhEntry e, String label, JmhMetric primary, String where)
            throws AnalysisInputException {
        JmhMetric m = e.secondaryMetrics().get(label);
        String misshapen = SampleShape.mismatch(label, m.rawData(), primary.rawData());
        if (misshapen != null) {
            throw new AnalysisInputException(where + ": " + misshapen);
        }
        for (double[] fork : m.rawData()) {
            for (double v : fork) {
                if (!Double.isFinite(v)) {
                    throw new AnalysisInputException(where + ": " + label + " has the sample " + v
                            + ", not a finite number");
                }
            }
        }
        return m.rawData();
    }

    /**
     * The compilers' share of each iteration ({@code factored.jit}), or null: it only marks iterations, so a file where
     * some forks lack it (merged with an older run's) loses the marks, not its analysis.
     */
    private static double[][] compileShares(JmhEntry e, JmhMetric primary, String where) {
        if (e.secondaryMetrics().get(ProfilerMetrics.JIT) == null) {
            return null;
        }
        try {
            return sameIterations(e, ProfilerMetrics.JIT, primary, where);
        } catch (AnalysisInputException notTheSameIterations) {
            return null;
        }
    }

    /**
     * Whether a secondary metric has a sample in every iteration of the primary one. The spare CPUs' figures are read
     * only then, and only where the JVM's threads ran apart in every iteration ({@code factored.jvmApart}: a turn's
     * widest member publishes zeros beside 0 there, to line up with the tag): a fork whose JVM threads could no longer
     * be kept apart stops publishing them mid-fork, and a file merged with an older run's has forks without them; they
     * are then missing, not an error.
     */
    private static boolean everyIteration(JmhEntry e, String label, JmhMetric primary) {
        JmhMetric m = e.secondaryMetrics().get(label);
        return m != null && m.rawData() != null && SampleShape.mismatch(label, m.rawData(), primary.rawData()) == null;
    }

    /** A time-per-operation secondary metric of the same iterations as the primary one, in s/op. */
    private static double[][] perOpSeconds(JmhEntry e, String label, JmhMetric primary, String where)
            throws AnalysisInputException {
        JmhMetric m = e.secondaryMetrics().get(label);
        if (m == null || m.rawData() == null) {
            throw new AnalysisInputException(where + ": " + label + " is missing or has no rawData");
        }
        Optional<ScoreUnit> unit = ScoreUnit.parse(m.scoreUnit());
        if (unit.isEmpty() || !unit.get().perOperation()) {
            throw new AnalysisInputException(where + ": " + label + " has unit \"" + m.scoreUnit()
                    + "\"; expected a time per operation such as us/op");
        }
        String misshapen = SampleShape.mismatch(label, m.rawData(), primary.rawData());
        if (misshapen != null) {
            throw new AnalysisInputException(where + ": " + misshapen);
        }
        return toSecondsPerOp(m.rawData(), unit.get(), where + ": " + label, false);
    }

    private static double[][] toSecondsPerOp(double[][] raw, ScoreUnit unit, String where, boolean time)
            throws AnalysisInputException {
        double[][] out = new double[raw.length][];
        for (int f = 0; f < raw.length; f++) {
            out[f] = new double[raw[f].length];
            for (int i = 0; i < raw[f].length; i++) {
                double x = raw[f][i];
                double t = unit.toSecondsPerOp(x);
                if (!Double.isFinite(x) || !Double.isFinite(t) || (time && !(t > 0))) {
                    throw new AnalysisInputException(where + ": sample [" + f + "][" + i + "] is " + x + " "
                            + unit.unit() + (time ? ", not a positive finite time per operation"
                            : ", not a finite number"));
                }
                out[f][i] = t;
            }
        }
        return out;
    }


    /** The smallest sample: one unpinned fork, or one fork with fewer CPUs, is what matters. */
    static Double min(JmhEntry e, String label) {
        JmhMetric m = e.secondaryMetrics().get(label);
        if (m == null) {
            return null;
        }
        if (m.rawData() == null) {
            return Double.isFinite(m.score()) ? m.score() : null;
        }
        double min = Double.POSITIVE_INFINITY;
        for (double[] fork : m.rawData()) {
            for (double v : fork) {
                min = Math.min(min, v);
            }
        }
        return Double.isFinite(min) ? min : null;
    }

    /** The largest sample: spares that appeared in any iteration. */
    static Double max(JmhEntry e, String label) {
        JmhMetric m = e.secondaryMetrics().get(label);
        if (m == null) {
            return null;
        }
        if (m.rawData() == null) {
            return Double.isFinite(m.score()) ? m.score() : null;
        }
        double max = Double.NEGATIVE_INFINITY;
        for (double[] fork : m.rawData()) {
            for (double v : fork) {
                max = Math.max(max, v);
            }
        }
        return Double.isFinite(max) ? max : null;
    }

    /** What one entry's CPUs are (the profiler's labels), or null when it has none. */
    static CpuLabels cpuLabels(JmhEntry e) {
        Double cores = min(e, ProfilerMetrics.PHYSICAL_CORES);
        Double smt = max(e, ProfilerMetrics.SMT);
        Double nodes = max(e, ProfilerMetrics.NUMA_NODES);
        Double sockets = max(e, ProfilerMetrics.SOCKETS);
        Double performance = min(e, ProfilerMetrics.PERFORMANCE_CPUS);
        Double efficiency = max(e, ProfilerMetrics.EFFICIENCY_CPUS);
        Double quota = min(e, ProfilerMetrics.CPU_QUOTA);
        if (cores == null && smt == null && nodes == null && sockets == null && performance == null && quota == null) {
            return null;
        }
        return new CpuLabels(whole(cores), smt == null ? null : smt >= 0.5, whole(nodes), whole(sockets),
                whole(performance), whole(efficiency), quota != null && quota > 0 ? quota : null);
    }

    /** The machine's topology from the first entry that carries it; null when none does. */
    static MachineTopology machineTopology(List<JmhEntry> entries) {
        for (JmhEntry e : entries) {
            Double cpus = max(e, ProfilerMetrics.MACHINE_CPUS);
            if (cpus != null) {
                Double quota = min(e, ProfilerMetrics.CPU_QUOTA);
                return new MachineTopology(whole(cpus), whole(max(e, ProfilerMetrics.MACHINE_PHYSICAL_CORES)),
                        whole(max(e, ProfilerMetrics.MACHINE_SOCKETS)),
                        whole(max(e, ProfilerMetrics.MACHINE_NUMA_NODES)),
                        whole(max(e, ProfilerMetrics.MACHINE_ALLOWED_CPUS)),
                        whole(max(e, ProfilerMetrics.MACHINE_ALLOWED_CORES)),
                        quota != null && quota > 0 ? quota : null);
            }
        }
        return null;
    }

    private static Integer whole(Double v) {
        return v == null ? null : (int) Math.round(v);
    }
}
