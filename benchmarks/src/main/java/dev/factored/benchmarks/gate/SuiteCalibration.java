package dev.factored.benchmarks.gate;

import dev.factored.analysis.AnalysisOptions;
import dev.factored.analysis.FactoredAnalysis;
import dev.factored.analysis.input.JmhEntry;
import dev.factored.analysis.input.JmhJsonReader;
import dev.factored.analysis.input.JmhMetric;
import dev.factored.analysis.input.JmhSettings;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.measurement.FamilyId;
import dev.factored.gate.Gate;
import dev.factored.gate.GateConfig;
import dev.factored.gate.Verdict;
import dev.factored.gate.comparison.ComparisonResult;
import dev.factored.gate.terms.Status;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Calibrates the gate on a whole suite without hours of runs: each input is one JMH run of the suite with
 * many forks per configuration (e.g. the example suite with {@code -Dfactored.forks=10}); its forks are
 * split into disjoint groups of {@code k} forks, each group analysed as if it were a run of its own
 * ({@code k} = 2 is the default preset, 1 the quick one). Pairs of groups from different inputs are the
 * A/A comparisons (unchanged code, different runs: the run-to-run drift of the machine is in them); the
 * same pairs with one family's parallel configurations slowed down by {@code slowdown} are the A/B ones.
 * Every check of the suite counts.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.factored.benchmarks.gate.SuiteCalibration k slowdown family run1.json run2.json …
 * java -cp … SuiteCalibration history slowdown family run1.json …   (each run against a baseline of the others)
 * java -cp … SuiteCalibration pairs slowdown family run1.json …     (each run against each other run)
 * </pre>
 * {@code family} is a regular expression matched (find) against the family's name, benchmark(params), to
 * pick the family that is slowed down (avgt results: times are multiplied).
 */
public final class SuiteCalibration {

    private SuiteCalibration() {
    }

    public static void main(String[] args) throws Exception {
        if (args[0].equals("pairs")) {
            pairs(Double.parseDouble(args[1]), java.util.regex.Pattern.compile(args[2]),
                    java.util.Arrays.copyOfRange(args, 3, args.length));
            return;
        }
        if (args[0].equals("history")) {
            history(Double.parseDouble(args[1]), java.util.regex.Pattern.compile(args[2]),
                    java.util.Arrays.copyOfRange(args, 3, args.length));
            return;
        }
        int k = Integer.parseInt(args[0]);
        double slowdown = Double.parseDouble(args[1]);
        java.util.regex.Pattern family = java.util.regex.Pattern.compile(args[2]);
        List<List<Analysis>> groupsByRun = new ArrayList<>();
        for (int i = 3; i < args.length; i++) {
            List<JmhEntry> entries = JmhJsonReader.read(Path.of(args[i]));
            groupsByRun.add(groups(entries, k, args[i], 1.0, null));
        }
        GateConfig config = GateConfig.of(List.of()).withAssumedNoise(Double.parseDouble(System.getProperty("assumedNoise",
                Double.toString(GateConfig.DEFAULT_ASSUMED_NOISE))));
        int pairs = 0;
        int aaFailing = 0;
        int abCaught = 0;
        int abInconclusive = 0;
        int abOtherFailing = 0;
        int checks = 0;
        int aaInconclusiveChecks = 0;
        List<Double> mdc = new ArrayList<>();
        boolean oneRun = groupsByRun.size() == 1; // then pairs of disjoint groups of that one run
        for (int a = 0; a < groupsByRun.size(); a++) {
            for (int b = 0; b < groupsByRun.size(); b++) {
                if (a == b && !oneRun) {
                    continue;
                }
                List<Analysis> current = groupsByRun.get(a);
                List<Analysis> baseline = groupsByRun.get(b);
                for (int i = 0; i < current.size(); i++) {
                    for (int j = 0; j < baseline.size(); j++) {
                        if (oneRun && i == j) {
                            continue;
                        }
                        Verdict aa = Gate.check(current.get(i), baseline.get(j), config);
                        pairs++;
                        aaFailing += aa.passed() ? 0 : 1;
                        for (ComparisonResult c : aa.comparisons()) {
                            if (c.statistics() != null) {
                                checks++;
                                mdc.add(c.statistics().minimumDetectableChange());
                                aaInconclusiveChecks += c.status() == Status.INCONCLUSIVE ? 1 : 0;
                            }
                        }
                        if (!aa.passed()) {
                            System.out.println("A/A failing pair " + a + "." + i + " vs " + b + "." + j + ": "
                                    + aa.failures());
                        }
                        Analysis slowed = slowedDown(a, i, k, family, slowdown, args);
                        Verdict ab = Gate.check(slowed, baseline.get(j), config);
                        boolean caught = false;
                        boolean inconclusive = false;
                        boolean other = false;
                        for (ComparisonResult c : ab.comparisons()) {
                            boolean target = family.matcher(c.subject().family()).find();
                            caught |= target && c.status() == Status.FAIL;
                            inconclusive |= target && c.status() == Status.INCONCLUSIVE;
                            other |= !target && c.status() == Status.FAIL;
                        }
                        abCaught += caught ? 1 : 0;
                        abInconclusive += !caught && inconclusive ? 1 : 0;
                        abOtherFailing += other ? 1 : 0;
                    }
                }
            }
        }
        mdc.sort(Double::compare);
        System.out.printf(Locale.ROOT, "k=%d forks per group, %d pairs of runs, %d judged checks in all%n", k, pairs,
                checks);
        System.out.printf(Locale.ROOT, "A/A (unchanged): %d of %d runs failed; %.1f%% of checks inconclusive%n",
                aaFailing, pairs, 100.0 * aaInconclusiveChecks / Math.max(1, checks));
        System.out.printf(Locale.ROOT, "A/B (%s slowed by %.0f%%): caught in %d of %d; inconclusive in %d; "
                + "another family failed in %d%n", family, (slowdown - 1) * 100, abCaught, pairs, abInconclusive,
                abOtherFailing);
        if (!mdc.isEmpty()) {
            System.out.printf(Locale.ROOT, "minimum detectable change per check: median %.1f%%, 10%% of checks "
                    + "below %.1f%%, 90%% below %.1f%%%n", 100 * mdc.get(mdc.size() / 2),
                    100 * mdc.get(mdc.size() / 10), 100 * mdc.get(mdc.size() * 9 / 10));
        }
    }

    /**
     * Leave-one-out over N runs: each run in turn is the current one, the other N − 1 the baseline recorded
     * from several runs; A/A as measured, A/B with the family slowed down.
     */
    static void history(double slowdown, java.util.regex.Pattern family, String[] files) throws Exception {
        List<Analysis> runs = new ArrayList<>();
        List<Analysis> slowed = new ArrayList<>();
        load(files, slowdown, family, runs, slowed);
        GateConfig config = config();
        int aaFailing = 0;
        int caught = 0;
        int inconclusive = 0;
        int judged = 0;
        int open = 0;
        List<Double> mdc = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            List<Analysis> baseline = new ArrayList<>(runs);
            baseline.remove(i);
            Verdict aa = Gate.checkRuns(runs.get(i), baseline, config);
            aaFailing += aa.passed() ? 0 : 1;
            if (!aa.passed()) {
                System.out.println("A/A failing: run " + i + ": " + aa.failures());
            }
            aa.comparisons().stream().filter(c -> c.statistics() != null)
                    .forEach(c -> mdc.add(c.statistics().minimumDetectableChange()));
            int judgedNow = (int) aa.comparisons().stream().filter(c -> c.statistics() != null).count();
            int openNow = (int) aa.comparisons().stream().filter(c -> c.statistics() != null
                    && c.status() == Status.INCONCLUSIVE).count();
            System.out.printf(Locale.ROOT, "run %d against the others: %d of %d judged checks inconclusive%n", i, openNow,
                    judgedNow);
            judged += judgedNow;
            open += openNow;
            Verdict ab = Gate.checkRuns(slowed.get(i), baseline, config);
            boolean hit = any(ab, family, Status.FAIL);
            boolean unsure = any(ab, family, Status.INCONCLUSIVE);
            caught += hit ? 1 : 0;
            inconclusive += !hit && unsure ? 1 : 0;
        }
        mdc.sort(Double::compare);
        System.out.printf(Locale.ROOT, "baseline of %d runs, leave-one-out: A/A %d of %d runs failed, %d of %d judged "
                + "checks inconclusive; A/B (%.0f%%) caught in %d, inconclusive in %d; minimum detectable change median "
                + "%.1f%%, 10%% below %.1f%%%n", runs.size() - 1, aaFailing, runs.size(), open, judged,
                (slowdown - 1) * 100, caught, inconclusive,
                100 * mdc.get(mdc.size() / 2), 100 * mdc.get(mdc.size() / 10));
    }

    /**
     * Every ordered pair of whole runs, one the current run and the other its baseline of one run, as {@code factored
     * check --baseline} gets them: A/A as measured (runs failed, judged checks inconclusive), A/B with the family
     * slowed down in the current run (caught: a check of that family failed).
     */
    static void pairs(double slowdown, java.util.regex.Pattern family, String[] files) throws Exception {
        List<Analysis> runs = new ArrayList<>();
        List<Analysis> slowed = new ArrayList<>();
        load(files, slowdown, family, runs, slowed);
        GateConfig config = config();
        int pairs = 0;
        int aaFailing = 0;
        int judged = 0;
        int open = 0;
        int caught = 0;
        int abOpen = 0;
        for (int i = 0; i < runs.size(); i++) {
            for (int j = 0; j < runs.size(); j++) {
                if (i == j) {
                    continue;
                }
                pairs++;
                Verdict aa = Gate.check(runs.get(i), runs.get(j), config);
                if (!aa.passed()) {
                    aaFailing++;
                    System.out.println("A/A failing: " + i + " against " + j + ": " + aa.failures());
                }
                List<ComparisonResult> checks = aa.comparisons().stream().filter(c -> c.statistics() != null).toList();
                long inconclusive = checks.stream().filter(c -> c.status() == Status.INCONCLUSIVE).count();
                judged += checks.size();
                open += (int) inconclusive;
                Verdict ab = Gate.check(slowed.get(i), runs.get(j), config);
                boolean hit = any(ab, family, Status.FAIL);
                boolean unsure = any(ab, family, Status.INCONCLUSIVE);
                caught += hit ? 1 : 0;
                abOpen += !hit && unsure ? 1 : 0;
                System.out.printf(Locale.ROOT, "%d against %d: A/A %s, %d of %d judged checks inconclusive; A/B %s%n",
                        i, j, aa.passed() ? "passed" : "FAILED", inconclusive, checks.size(),
                        hit ? "caught" : unsure ? "inconclusive" : "missed");
            }
        }
        System.out.printf(Locale.ROOT, "%d pairs of runs: A/A %d failed, %d of %d judged checks inconclusive (%.0f%%); "
                + "A/B (%.0f%%) caught in %d, inconclusive in %d%n", pairs, aaFailing, open, judged,
                100.0 * open / judged, (slowdown - 1) * 100, caught, abOpen);
    }

    /** Each run whole, as measured and with the family slowed down. */
    private static void load(String[] files, double slowdown, java.util.regex.Pattern family, List<Analysis> runs,
            List<Analysis> slowed) throws Exception {
        for (String f : files) {
            List<JmhEntry> entries = JmhJsonReader.read(Path.of(f));
            runs.add(whole(entries, f, 1.0, null));
            slowed.add(whole(entries, f, slowdown, family));
        }
    }

    /** The gate's defaults, with {@code -DassumedNoise} where given. */
    private static GateConfig config() {
        return GateConfig.of(List.of()).withAssumedNoise(Double.parseDouble(System.getProperty("assumedNoise",
                Double.toString(GateConfig.DEFAULT_ASSUMED_NOISE))));
    }

    /** Whether a check of the family came out so. */
    private static boolean any(Verdict v, java.util.regex.Pattern family, Status status) {
        return v.comparisons().stream().anyMatch(c -> family.matcher(c.subject().family()).find()
                && c.status() == status);
    }

    private static final Map<String, List<JmhEntry>> ENTRIES = new LinkedHashMap<>();

    /**
     * The analysis' disturbance threshold: {@code -DdisturbedAbove=0.99} judges as if nothing were disturbed (the
     * gate before it knew the machine), for the comparison in gate.md.
     */
    private static final double DISTURBED_ABOVE = Double.parseDouble(System.getProperty("disturbedAbove",
            Double.toString(AnalysisOptions.DEFAULT_DISTURBED_ABOVE)));

    private static Analysis slowedDown(int run, int group, int k, java.util.regex.Pattern family,
            double factor, String[] args) throws Exception {
        List<JmhEntry> entries = ENTRIES.computeIfAbsent(args[3 + run], f -> {
            try {
                return JmhJsonReader.read(Path.of(f));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        return groups(entries, k, args[3 + run], factor, family).get(group);
    }

    /**
     * The whole run, every fork of every configuration, analysed as the gate gets it; the matching family's parallel
     * code scaled. (Not a group of its first forks: a budgeted run gives some configurations more forks than others,
     * and judging only the first ones failed an unchanged run whose first fork of one turn read 27 % slow, where the
     * gate, with all three forks, was inconclusive.)
     */
    static Analysis whole(List<JmhEntry> entries, String source, double factor, java.util.regex.Pattern family)
            throws Exception {
        List<JmhEntry> scaled = new ArrayList<>();
        for (JmhEntry e : entries) {
            scaled.add(slice(e, 0, e.primaryMetric().rawData().length, slows(e, family) ? factor : 1.0));
        }
        return FactoredAnalysis.analyze(scaled, source, new AnalysisOptions(42, 200, 0.95)
                .withDisturbedAbove(DISTURBED_ABOVE));
    }

    /** Whether the entry is of the family to slow down, in a configuration other than the baseline. */
    private static boolean slows(JmhEntry e, java.util.regex.Pattern family) {
        String cores = e.params().get("cores");
        Map<String, String> rest = new LinkedHashMap<>(e.params());
        rest.remove("cores");
        return family != null && !"baseline".equals(cores) && family.matcher(
                new FamilyId(e.benchmark(), rest, e.mode()).name()).find();
    }

    /** The run split into groups of k forks, each analysed; the matching family's parallel code scaled. */
    static List<Analysis> groups(List<JmhEntry> entries, int k, String source, double factor,
            java.util.regex.Pattern family) throws Exception {
        int forks = entries.stream().mapToInt(e -> e.primaryMetric().rawData().length).min().orElse(0);
        List<Analysis> out = new ArrayList<>();
        for (int g = 0; g + k <= forks; g += k) {
            List<JmhEntry> part = new ArrayList<>();
            for (JmhEntry e : entries) {
                part.add(slice(e, g, k, slows(e, family) ? factor : 1.0));
            }
            out.add(FactoredAnalysis.analyze(part, source + "#forks" + g + "-" + (g + k - 1),
                    new AnalysisOptions(42, 200, 0.95).withDisturbedAbove(DISTURBED_ABOVE)));
        }
        return out;
    }

    private static JmhEntry slice(JmhEntry e, int from, int k, double factor) {
        Map<String, JmhMetric> secondary = new LinkedHashMap<>();
        e.secondaryMetrics().forEach((label, m) -> secondary.put(label,
                slice(m, from, k, label.equals("factored.idle") ? factor : 1.0)));
        return new JmhEntry(e.index(), e.benchmark(), e.mode(), e.params(), e.cores(), e.runtime(),
                new JmhSettings(e.settings().threads(), k, e.settings().warmupIterations(), e.settings().warmupTime(),
                e.settings().warmupBatchSize(),
                        e.settings().measurementIterations(), e.settings().measurementTime(), e.settings()
                        .measurementBatchSize()),
                slice(e.primaryMetric(), from, k, factor), secondary, e.turn()); // fork f of every member is one JVM
    }

    private static JmhMetric slice(JmhMetric m, int from, int k, double factor) {
        if (m.rawData() == null || m.rawData().length < from + k) {
            return m;
        }
        double[][] raw = new double[k][];
        for (int f = 0; f < k; f++) {
            raw[f] = m.rawData()[from + f].clone();
            for (int i = 0; i < raw[f].length; i++) {
                raw[f][i] *= factor;
            }
        }
        return new JmhMetric(m.score() * factor, m.scoreError() * factor, m.scoreUnit(), raw, m.histogram());
    }
}
