package dev.factored.gate;

import dev.factored.analysis.Analysis;
import dev.factored.analysis.ConfigurationRun;
import dev.factored.analysis.Estimate;
import dev.factored.analysis.FamilyAnalysis;
import dev.factored.analysis.FamilyId;
import dev.factored.contract.CoresValue;
import dev.factored.analysis.Point;
import dev.factored.gate.ComparisonResult.Method;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Compares the current run with a stored baseline, family by family (same benchmark, params and mode)
 * and configuration by configuration: the time per operation of every configuration (lower is better)
 * and the actual speedup at every P (higher is better).
 *
 * <p>A change fails only when it is beyond the tolerance and the data supports it: the ratio
 * current / baseline is bootstrapped from both runs' raw samples, and a time fails only when the
 * interval's LOW bound is above 1 + tolerance (even the most favourable reading is a slowdown beyond
 * the tolerance), a speedup only when the interval's HIGH bound is below 1 − tolerance. Without raw
 * samples the stored intervals are compared conservatively ({@link RatioBootstrap#conservativeRatio}).
 */
final class BaselineComparison {

    private final GateConfig config;
    private final RatioBootstrap bootstrap;
    private final List<ComparisonResult> results = new ArrayList<>();
    private final Set<String> notes = new LinkedHashSet<>();

    private BaselineComparison(GateConfig config, RatioBootstrap bootstrap) {
        this.config = config;
        this.bootstrap = bootstrap;
    }

    record Outcome(List<ComparisonResult> results, List<String> notes) {
    }

    static Outcome compare(Analysis current, Analysis baseline, GateConfig config, RatioBootstrap bootstrap) {
        BaselineComparison comparison = new BaselineComparison(config, bootstrap);
        comparison.run(current, baseline);
        return new Outcome(List.copyOf(comparison.results), List.copyOf(comparison.notes));
    }

    private void run(Analysis current, Analysis baseline) {
        Map<FamilyId, FamilyAnalysis> baselineFamilies = new LinkedHashMap<>();
        for (FamilyAnalysis f : baseline.families()) {
            baselineFamilies.put(f.id(), f);
        }
        Set<FamilyId> seen = new LinkedHashSet<>();
        for (FamilyAnalysis cur : current.families()) {
            FamilyId key = cur.id();
            seen.add(key);
            FamilyAnalysis base = baselineFamilies.get(key);
            if (base == null) {
                add(Subject.of(cur, null), Compared.PRESENCE, Status.SKIPPED,
                        "new family: not in the baseline, nothing to compare");
            } else {
                compareFamily(base, cur);
            }
        }
        for (Map.Entry<FamilyId, FamilyAnalysis> e : baselineFamilies.entrySet()) {
            if (!seen.contains(e.getKey())) {
                add(Subject.of(e.getValue(), null), Compared.PRESENCE, missingStatus(),
                        "gone: in the baseline but not in the current run" + missingHint());
            }
        }
    }

    private void compareFamily(FamilyAnalysis base, FamilyAnalysis cur) {
        List<String> differences = EnvironmentCheck.differences(base, cur);
        if (!differences.isEmpty()) {
            String what = String.join("; ", differences);
            if (!config.allowDifferentEnvironment()) {
                add(Subject.of(cur, null), Compared.ENVIRONMENT, Status.FAIL,
                        "refused to compare with a baseline from a different environment: " + what
                                + " (set allowDifferentEnvironment to compare anyway)");
                return;
            }
            notes.add("Compared with a baseline from a different environment because allowDifferentEnvironment is set: "
                    + what + ".");
        }
        if (EnvironmentCheck.unknown(base, cur)) {
            notes.add("Some families record no JVM environment, so the gate could not check that baseline and "
                    + "current run come from the same JVM.");
        }
        Map<String, Config> baseConfigs = configurations(base, RatioBootstrap.BASELINE);
        Map<String, Config> curConfigs = configurations(cur, RatioBootstrap.CURRENT);
        for (Map.Entry<String, Config> e : curConfigs.entrySet()) {
            String cores = e.getKey();
            Config b = baseConfigs.get(cores);
            if (b == null) {
                add(Subject.of(cur, cores), Compared.PRESENCE, Status.SKIPPED,
                        "new configuration: not measured in the baseline, nothing to compare");
                continue;
            }
            compareTimes(Subject.of(cur, cores), b, e.getValue());
            Point basePoint = point(base, cores);
            Point curPoint = point(cur, cores);
            if (basePoint != null && curPoint != null) {
                compareSpeedups(Subject.of(cur, cores), base, basePoint, cur, curPoint);
            }
        }
        for (String cores : baseConfigs.keySet()) {
            if (!curConfigs.containsKey(cores)) {
                add(Subject.of(cur, cores), Compared.PRESENCE, missingStatus(),
                        "gone: configuration measured in the baseline but not in the current run" + missingHint());
            }
        }
    }

    /** A configuration's stored time estimate and raw samples (either may be null, not both). */
    private record Config(Estimate time, RatioBootstrap.Input samples) {
    }

    /** Every measured configuration of a family: baseline, elision, then P ascending. */
    private static Map<String, Config> configurations(FamilyAnalysis f, String run) {
        Map<String, Config> configs = new LinkedHashMap<>();
        put(configs, f, run, "baseline", f.baselineTime());
        put(configs, f, run, "elision", f.elisionTime());
        put(configs, f, run, "1", f.oneCoreTime());
        for (Point p : f.points()) {
            Config existing = configs.get(Integer.toString(p.cores()));
            if (existing == null || existing.time() == null) {
                put(configs, f, run, Integer.toString(p.cores()), p.time());
            }
        }
        if (f.configurations() != null) {
            for (ConfigurationRun configuration : f.configurations()) {
                if (!configs.containsKey(configuration.cores())) {
                    put(configs, f, run, configuration.cores(), null);
                }
            }
        }
        Map<String, Config> sorted = new LinkedHashMap<>();
        configs.keySet().stream().sorted(Comparator.comparing(CoresValue::parse, CoresValue.ORDER))
                .forEach(k -> sorted.put(k, configs.get(k)));
        return sorted;
    }

    private static void put(Map<String, Config> configs, FamilyAnalysis f, String run, String cores, Estimate time) {
        RatioBootstrap.Input samples = RatioBootstrap.input(run, f, cores);
        if (time != null || samples != null) {
            configs.put(cores, new Config(time, samples));
        }
    }

    private static Point point(FamilyAnalysis f, String cores) {
        CoresValue value = CoresValue.parse(cores);
        return value.isParallel() ? f.point(value.workers()) : null;
    }

    private void compareTimes(Subject subject, Config base, Config cur) {
        if (base.samples() != null && cur.samples() != null) {
            Estimate ratio = bootstrap.estimate(m -> m[0] / m[1], cur.samples(), base.samples());
            decide(subject, Compared.TIME, base.time(), cur.time(), ratio, Method.BOOTSTRAP, null);
        } else if (base.time() != null && cur.time() != null) {
            decide(subject, Compared.TIME, base.time(), cur.time(), RatioBootstrap.conservativeRatio(cur.time(), base.time()),
                    Method.INTERVALS, fallbackNote(base.samples() == null, cur.samples() == null));
        } else {
            // here each run holds exactly one of the two, and not the same one
            add(subject, Compared.TIME, base.time(), cur.time(), null, null, Status.SKIPPED,
                    "nothing comparable: the baseline has " + holds(base) + ", the current run " + holds(cur));
        }
    }

    private static String holds(Config c) {
        return c.time() != null ? "only a time estimate (no raw samples)" : "only raw samples (no time estimate)";
    }

    private void compareSpeedups(Subject subject, FamilyAnalysis base, Point basePoint, FamilyAnalysis cur, Point curPoint) {
        Estimate baseSpeedup = basePoint.speedups() == null ? null : basePoint.speedups().actual();
        Estimate curSpeedup = curPoint.speedups() == null ? null : curPoint.speedups().actual();
        RatioBootstrap.Input baseTs = RatioBootstrap.input(RatioBootstrap.BASELINE, base, "baseline");
        RatioBootstrap.Input baseTp = RatioBootstrap.input(RatioBootstrap.BASELINE, base, subject.cores());
        RatioBootstrap.Input curTs = RatioBootstrap.input(RatioBootstrap.CURRENT, cur, "baseline");
        RatioBootstrap.Input curTp = RatioBootstrap.input(RatioBootstrap.CURRENT, cur, subject.cores());
        if (baseTs != null && baseTp != null && curTs != null && curTp != null) {
            // (T_s/T_P current) / (T_s/T_P baseline): four independent resamples, ratios of means.
            Estimate ratio = bootstrap.estimate(m -> (m[0] / m[1]) / (m[2] / m[3]), curTs, curTp, baseTs, baseTp);
            decide(subject, Compared.ACTUAL_SPEEDUP, baseSpeedup, curSpeedup, ratio, Method.BOOTSTRAP, null);
        } else if (baseSpeedup != null && curSpeedup != null) {
            decide(subject, Compared.ACTUAL_SPEEDUP, baseSpeedup, curSpeedup,
                    RatioBootstrap.conservativeRatio(curSpeedup, baseSpeedup), Method.INTERVALS,
                    fallbackNote(baseTs == null || baseTp == null, curTs == null || curTp == null));
        } else if (baseSpeedup != null || curSpeedup != null) {
            add(subject, Compared.ACTUAL_SPEEDUP, baseSpeedup, curSpeedup, null, null, Status.SKIPPED,
                    "the actual speedup was not measured in the " + (baseSpeedup == null ? "baseline" : "current run")
                            + " (it needs T_s, cores=baseline)");
        }
        // Neither run has a speedup (no baseline configuration at all): nothing to report twice; the
        // times are compared above.
    }

    private static String fallbackNote(boolean baselineMissing, boolean currentMissing) {
        String where = baselineMissing && currentMissing ? "both runs" : baselineMissing ? "the baseline" : "the current run";
        return "raw samples missing in " + where + ": compared the stored intervals conservatively";
    }

    /**
     * Time (lower is better): fail only if ratio.low > 1 + tolerance. Speedup (higher is better): fail
     * only if ratio.high < 1 − tolerance. A point estimate beyond the tolerance whose interval is not
     * wholly beyond it passes as "not supported by the samples".
     */
    private void decide(Subject subject, Compared compared, Estimate base, Estimate cur, Estimate ratio,
                        Method method, String note) {
        double tolerance = config.tolerance();
        String suffix = note == null ? "" : " (" + note + ")";
        if (Double.isNaN(ratio.value()) || Double.isNaN(ratio.low()) || Double.isNaN(ratio.high())) {
            add(subject, compared, base, cur, ratio, method, Status.SKIPPED, "the ratio is not a number" + suffix);
            return;
        }
        boolean lowerIsBetter = compared.direction() == Direction.LOWER_IS_BETTER;
        double worseLimit = lowerIsBetter ? 1 + tolerance : 1 - tolerance;
        double betterLimit = lowerIsBetter ? 1 - tolerance : 1 + tolerance;
        // The bound of the interval closest to "no regression": beyond the limit means surely worse.
        double bestCase = lowerIsBetter ? ratio.low() : ratio.high();
        double worstCase = lowerIsBetter ? ratio.high() : ratio.low();
        String worse = lowerIsBetter ? "slower" : "lower speedup";
        String better = lowerIsBetter ? "faster" : "higher speedup";
        String change = Formats.change(ratio.value()) + " " + Formats.changeInterval(ratio);
        String tol = Ratios.percent(tolerance) + " tolerance";
        Status status;
        String reason;
        if (lowerIsBetter ? bestCase > worseLimit : bestCase < worseLimit) {
            status = Status.FAIL;
            reason = worse + ": " + change + ", the whole interval is beyond the " + tol;
        } else if (lowerIsBetter ? ratio.value() > worseLimit : ratio.value() < worseLimit) {
            status = Status.PASS;
            reason = worse + " by " + change + ", but the interval reaches the " + tol
                    + ": not supported by the samples";
        } else if (lowerIsBetter ? worstCase < betterLimit : worstCase > betterLimit) {
            status = Status.PASS;
            reason = better + ": " + change + ", beyond the " + tol;
        } else {
            status = Status.PASS;
            reason = "change " + change + " within the " + tol;
            if (lowerIsBetter ? worstCase > worseLimit : worstCase < worseLimit) {
                reason += "; the interval is wide: the samples cannot rule out a larger change";
            }
        }
        if (status == Status.FAIL && !judged(subject, compared)) {
            status = Status.SKIPPED;
            reason += " (reported, not judged: per P the gate judges T_P and the actual speedup)";
        }
        add(subject, compared, base, cur, ratio, method, status, reason + suffix);
    }

    /**
     * Times of the sequential configurations (baseline, elision) are compared and shown but never fail
     * the gate: per family and P it judges the time T_P and the actual speedup, which already carry
     * T_s. Measured on the gate-calibration runs, failing on every configuration's time as well raised
     * the false alarms in 20 unchanged (A/A) comparisons from 0 to 1 and caught no slowdown the P
     * comparisons missed.
     */
    private static boolean judged(Subject subject, Compared compared) {
        return compared != Compared.TIME || CoresValue.parse(subject.cores()).isParallel();
    }

    private Status missingStatus() {
        return config.failOnMissing() ? Status.FAIL : Status.SKIPPED;
    }

    private String missingHint() {
        return config.failOnMissing() ? " (failOnMissing is set)" : "";
    }

    private void add(Subject subject, Compared compared, Status status, String reason) {
        add(subject, compared, null, null, null, null, status, reason);
    }

    private void add(Subject subject, Compared compared, Estimate base, Estimate cur, Estimate ratio, Method method,
                     Status status, String reason) {
        results.add(new ComparisonResult(subject, compared, base, cur, ratio, method, config.tolerance(), status, reason));
    }
}
