package dev.factored.gate.rules;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.measurement.Interference;
import dev.factored.contract.CoresValue;
import dev.factored.gate.terms.Compared;
import dev.factored.gate.terms.Direction;
import dev.factored.gate.terms.Status;
import java.util.ArrayList;
import java.util.List;

/**
 * The gate on a busy machine (METHOD.md §9): the one rule by which a check that rests on a configuration measured
 * while other processes took its CPUs is decided, or left {@link Status#INCONCLUSIVE}.
 *
 * <p>Other processes only ever lengthen a time, and the analysis bounds by how much: a disturbed configuration c
 * carries {@link Interference#explainableSlowdown()} E<sub>c</sub> ≥ 1, the most the measured interference alone can
 * slow it. A configuration that is not disturbed (or whose interference was not measured) counts 1. Every check
 * names the configurations it rests on and splits them by what their slowing does to the checked quantity: pushes it
 * up, or pushes it down ({@link Exposure}). The products of their E over each group bound how far the interference can
 * have moved the quantity in each direction.
 *
 * <p>The rule: <b>a check on a disturbed configuration is decided only where the interference cannot explain the
 * decision</b>. A failure stands only if the check still fails after crediting it with every explainable slowdown
 * that made it look worse (product W); a pass stands only if it still passes after charging it with every
 * explainable slowdown that could have made it look better (product B). Otherwise it is inconclusive, with the
 * configurations, how busy the machine was, and what to do.
 *
 * <p>Comparisons with a baseline (ratio r = current / baseline with its confidence interval [r<sub>lo</sub>,
 * r<sub>hi</sub>], tolerance t; a failure's one-sided bound f at the level its test used: for a time the lower
 * bound, for a speedup the upper one), for a time T<sub>c</sub> (lower is better) and the actual speedup
 * T<sub>s</sub> / T<sub>P</sub> (higher is better):
 * <ul>
 * <li>time at c: W = E(current c), B = E(baseline c). A failed test stays failed iff f &gt; (1 + t)·W;
 *     a pass stays a pass iff B = 1 or r<sub>hi</sub>·B ≤ 1 + t.</li>
 * <li>speedup at P: W = E(current P)·E(baseline's T<sub>s</sub>), B = E(current T<sub>s</sub>)·E(baseline P). A
 *     failed test stays failed iff f &lt; (1 − t) / W; a pass stays a pass iff B = 1 or
 *     r<sub>lo</sub> / B ≥ 1 − t.</li>
 * </ul>
 * With a baseline of several runs, the baseline's E of a configuration is the geometric mean over its runs (a quiet
 * run counts 1): the gate compares with the mean of the runs' log times, which such slowdowns move by exactly that.
 *
 * <p>Rules (a limit on one metric of the current run) use the same principle with the metric's value v corrected by
 * the product E of the configurations that can have pushed it the wrong way, see {@link #rule}.
 */
public final class BusyMachine {

    private BusyMachine() {
    }

    /** Which run a disturbed configuration belongs to. */
    enum Side {
        CURRENT, BASELINE
    }

    /**
     * One disturbed configuration a check rests on.
     *
     * @param side   the current run or the baseline
     * @param cores  the configuration, canonical spelling
     * @param factor its explainable slowdown E (for a baseline of several runs the geometric mean over them), > 1
     * @param share  the share of its CPUs other processes took (for a baseline of several runs, the most in any)
     * @param cpus   its CPUs
     * @param disturbedRuns in how many of the runs it was disturbed (1 for the current run)
     * @param runs   how many runs measured it (1 for the current run)
     */
    record Slowed(Side side, CoresValue cores, double factor, double share, int cpus, int disturbedRuns, int runs) {
    }

    /**
     * The disturbed configurations a check rests on, split by what slowing each of them does to the checked quantity.
     *
     * @param up   those whose slowing raises it
     * @param down those whose slowing lowers it
     */
    public record Exposure(List<Slowed> up, List<Slowed> down) {

        public static final Exposure NONE = new Exposure(List.of(), List.of());

        public Exposure {
            up = List.copyOf(up);
            down = List.copyOf(down);
        }

        boolean any() {
            return !up.isEmpty() || !down.isEmpty();
        }

        /** Every disturbed configuration once, raising ones first. */
        List<Slowed> all() {
            List<Slowed> all = new ArrayList<>(up);
            down.stream().filter(s -> !all.contains(s)).forEach(all::add);
            return all;
        }
    }

    /** The product of the factors: how far the configurations together can have moved the quantity. */
    static double factor(List<Slowed> slowed) {
        double f = 1;
        for (Slowed s : slowed) {
            f *= s.factor();
        }
        return f;
    }

    // ---- which configurations a check rests on -----------------------------------------------------------------

    /**
     * The disturbed configurations a comparison rests on.
     *
     * @param compared     a time or the actual speedup
     * @param cores        the configuration (for a speedup: P)
     * @param current      the current run's family
     * @param baselineRuns the baseline's families the comparison uses: the latest run's, or every run's when the
     *                     change is taken against the mean of several
     */
    public static Exposure comparison(Compared compared, CoresValue cores, FamilyAnalysis current,
            List<FamilyAnalysis> baselineRuns) {
        if (compared == Compared.TIME) {
            // r = T_cur / T_base: a slower current time raises it, a slower baseline time lowers it
            return new Exposure(listOf(current(current, cores)), listOf(baseline(baselineRuns, cores)));
        }
        if (compared == Compared.ACTUAL_SPEEDUP) {
            // r = (T_s,cur / T_P,cur) / (T_s,base / T_P,base)
            return new Exposure(
                    listOf(current(current, CoresValue.BASELINE_VALUE), baseline(baselineRuns, cores)),
                    listOf(current(current, cores), baseline(baselineRuns, CoresValue.BASELINE_VALUE)));
        }
        return Exposure.NONE;
    }

    /**
     * The disturbed configurations of the current run a rule's metric rests on (see {@link #rule}).
     *
     * @param cores P of the judged point; ignored for the P-independent overheads
     */
    static Exposure rule(Metric metric, FamilyAnalysis family, int cores) {
        CoresValue p = cores >= 1 ? CoresValue.workers(cores) : null; // none for the P-independent overheads
        CoresValue s = CoresValue.BASELINE_VALUE;
        CoresValue e = CoresValue.ELISION_VALUE;
        CoresValue one = CoresValue.workers(1);
        return switch (metric) {
            // T_s / T_P (· 1/P): a slower T_s raises it, a slower T_P lowers it
            case ACTUAL_SPEEDUP, EFFICIENCY -> new Exposure(listOf(current(family, s)), listOf(current(family, p)));
            // T_1 / T_e − 1 and T_e / T_s − 1
            case SCHEDULING_OVERHEAD -> new Exposure(listOf(current(family, one)), listOf(current(family, e)));
            case ALGORITHMIC_OVERHEAD -> new Exposure(listOf(current(family, e)), listOf(current(family, s)));
            // parts of P·T_P: the time other processes took can land in any of them, either way
            case ALGORITHMIC_LOSS -> both(family, s, e, p);
            case SCHEDULING_LOSS -> both(family, e, one, p);
            case IDLE_LOSS, IDLE_SHARE, OWN_WAITING_LOSS -> both(family, p);
            case INFLATION_LOSS, INFLATION_SHARE -> both(family, one, p);
        };
    }

    private static Exposure both(FamilyAnalysis family, CoresValue... cores) {
        List<Slowed> all = new ArrayList<>();
        for (CoresValue c : cores) {
            Slowed s = current(family, c);
            if (s != null) {
                all.add(s);
            }
        }
        return new Exposure(all, all);
    }

    private static List<Slowed> listOf(Slowed... slowed) {
        List<Slowed> list = new ArrayList<>();
        for (Slowed s : slowed) {
            if (s != null) {
                list.add(s);
            }
        }
        return list;
    }

    /** The current run's configuration when it was disturbed, else null. */
    static Slowed current(FamilyAnalysis family, CoresValue cores) {
        Interference i = family.interference(cores);
        if (i == null || !i.disturbed()) {
            return null;
        }
        return new Slowed(Side.CURRENT, cores, i.explainableSlowdown(), i.share().value(), cpus(i), 1, 1);
    }

    /** The baseline's configuration when any of the given runs measured it disturbed, else null. */
    static Slowed baseline(List<FamilyAnalysis> runs, CoresValue cores) {
        double logSum = 0;
        int measured = 0;
        int disturbed = 0;
        Interference worst = null;
        for (FamilyAnalysis run : runs) {
            if (run.configuration(cores) == null) {
                continue;
            }
            measured++;
            Interference i = run.interference(cores);
            if (i != null && i.disturbed()) {
                disturbed++;
                logSum += Math.log(i.explainableSlowdown());
                if (worst == null || i.share().value() > worst.share().value()) {
                    worst = i;
                }
            }
        }
        if (disturbed == 0) {
            return null;
        }
        return new Slowed(Side.BASELINE, cores, Math.exp(logSum / measured), worst.share().value(), cpus(worst),
                disturbed, measured);
    }

    private static int cpus(Interference i) {
        return i.cpus() != null ? i.cpus() : i.cores().cpus();
    }

    // ---- comparisons ------------------------------------------------------------------------------------------

    /**
     * Decides a judged comparison that rests on disturbed configurations (see the class documentation).
     *
     * @param direction lower-is-better for a time, higher-is-better for a speedup
     * @param status    what the test alone decided
     * @param ratio     current / baseline with its interval
     * @param failBound for a failure, the one-sided bound on the worse side at the level its test used (the lower
     *                  bound of a time's ratio, the upper bound of a speedup's): the failure stands iff it stays
     *                  beyond the tolerance moved by the explainable slowdown
     * @param tolerance the accepted change t
     * @param exposure  the disturbed configurations the comparison rests on
     */
    public static Weighed comparison(Direction direction, Status status, Estimate ratio, double failBound,
            double tolerance, Exposure exposure) {
        if (!exposure.any()) {
            return new Weighed(status, Weighed.Busy.NONE, List.of(), 1, Double.NaN);
        }
        boolean lowerIsBetter = direction == Direction.LOWER_IS_BETTER;
        // a time looks worse when r goes up, a speedup when r goes down
        List<Slowed> worse = lowerIsBetter ? exposure.up() : exposure.down();
        List<Slowed> better = lowerIsBetter ? exposure.down() : exposure.up();
        switch (status) {
            case FAIL -> {
                if (worse.isEmpty()) {
                    return new Weighed(Status.FAIL, Weighed.Busy.ONLY_LOOK_BETTER, better, 1, Double.NaN);
                }
                double w = factor(worse);
                double limit = lowerIsBetter ? (1 + tolerance) * w : (1 - tolerance) / w;
                boolean beyond = lowerIsBetter ? failBound > limit : failBound < limit;
                return beyond ? new Weighed(Status.FAIL, Weighed.Busy.BEYOND, worse, w, limit)
                        : new Weighed(Status.INCONCLUSIVE, Weighed.Busy.MAY_BE_MACHINE, worse, w, limit);
            }
            case PASS -> {
                if (better.isEmpty()) {
                    return new Weighed(Status.PASS, Weighed.Busy.ONLY_LOOK_WORSE, worse, 1, Double.NaN);
                }
                double b = factor(better);
                double worst = lowerIsBetter ? ratio.high() * b : ratio.low() / b;
                boolean within = lowerIsBetter ? worst <= 1 + tolerance : worst >= 1 - tolerance;
                return within ? new Weighed(Status.PASS, Weighed.Busy.PASSES_ALLOWING, better, b, Double.NaN)
                        : new Weighed(Status.INCONCLUSIVE, Weighed.Busy.MAY_HIDE, better, b, worst);
            }
            default -> {
                return new Weighed(status, Weighed.Busy.BESIDES, exposure.all(), 1, Double.NaN);
            }
        }
    }

    /** The reason of a comparison that is reported, not judged, with the busy configurations it rests on. */
    public static String reported(String reason, Exposure exposure) {
        return exposure.any() ? BusyMachineWords.withClauses(reason, exposure.all()) : reason;
    }

    // ---- rules ------------------------------------------------------------------------------------------------

    /**
     * Decides a rule on a metric that rests on disturbed configurations. The measured estimate (value and interval)
     * is corrected by the product E of the configurations that can have pushed it the wrong way and judged again by
     * the same rule:
     * <ul>
     * <li>a rule that failed because the value is too low (below its minimum) is credited with E of the
     *     configurations whose slowing lowers the metric; one that failed because the value is too high, with E of
     *     those whose slowing raises it. It stays failed iff the corrected value still fails, else it is
     *     inconclusive;</li>
     * <li>a rule that passed is charged the other way (a minimum with E of the raising configurations, a maximum
     *     with E of the lowering ones). It stays passed iff the corrected value still passes, else it is
     *     inconclusive.</li>
     * </ul>
     * The correction moves the value (and both ends of its interval) by E, in the form of the metric: a speedup or an
     * efficiency is multiplied or divided by E; an overhead v as 1 + v; a loss (a part of the P of the
     * components) moves by P·(1 − 1/E), a share of P·T<sub>P</sub> by 1 − 1/E: at most that part of the machine's
     * time can be the other processes' doing, and it can sit in any one part (the same bound for the algorithmic and
     * scheduling losses, whose disturbed T<sub>e</sub> or T<sub>1</sub> is taken to be at most P·T<sub>P</sub>).
     *
     * @param cores P of the judged point (for losses); ignored otherwise
     */
    static Ruling rule(Rule rule, Estimate measured, Judgement plain, Exposure exposure, int cores) {
        if (!exposure.any() || (plain.status() != Status.PASS && plain.status() != Status.FAIL)) {
            return Ruling.plain(plain);
        }
        Metric metric = rule.metric();
        boolean interval = rule.use() == Use.INTERVAL;
        if (plain.status() == Status.FAIL) {
            Double min = rule.minimum();
            Double max = rule.maximum();
            boolean tooLow = min != null && (interval ? measured.high() : measured.value()) < min;
            boolean tooHigh = max != null && (interval ? measured.low() : measured.value()) > max;
            if (!tooLow && !tooHigh) {
                return Ruling.plain(plain); // not a number: nothing to correct
            }
            List<Slowed> causes = tooLow ? exposure.down() : exposure.up();
            if (causes.isEmpty()) {
                return new Ruling(plain, Ruling.Busy.ONLY_LOOK_BETTER, exposure.all(), 1, null);
            }
            double e = factor(causes);
            Judgement again = Judgement.of(rule, corrected(metric, measured, e, tooLow, cores));
            return new Ruling(plain, again.status() == Status.FAIL ? Ruling.Busy.STILL_FAILS
                    : Ruling.Busy.MAY_BE_MACHINE, causes, e, again);
        }
        // a pass: could the busy machine have hidden a violation?
        List<Slowed> hiding = new ArrayList<>();
        Judgement worst = null;
        if (rule.minimum() != null && !exposure.up().isEmpty()) {
            Judgement lower = Judgement.of(rule, corrected(metric, measured, factor(exposure.up()), false, cores));
            if (lower.status() == Status.FAIL) {
                hiding.addAll(exposure.up());
                worst = lower;
            }
        }
        if (worst == null && rule.maximum() != null && !exposure.down().isEmpty()) {
            Judgement higher = Judgement.of(rule, corrected(metric, measured, factor(exposure.down()), true, cores));
            if (higher.status() == Status.FAIL) {
                hiding.addAll(exposure.down());
                worst = higher;
            }
        }
        if (worst == null) {
            return new Ruling(plain, Ruling.Busy.PASSES, exposure.all(), 1, null);
        }
        return new Ruling(plain, Ruling.Busy.MAY_HIDE, hiding, factor(hiding), worst);
    }

    /**
     * The estimate moved by the explainable factor e in the metric's form (see {@link #rule}).
     *
     * @param up raise it (undo a slowdown that lowered it), else lower it
     */
    static Estimate corrected(Metric metric, Estimate e, double factor, boolean up, int cores) {
        return new Estimate(corrected(metric, e.value(), factor, up, cores),
                corrected(metric, e.low(), factor, up, cores), corrected(metric, e.high(), factor, up, cores));
    }

    private static double corrected(Metric metric, double v, double e, boolean up, int cores) {
        return switch (metric) {
            case ACTUAL_SPEEDUP, EFFICIENCY -> up ? v * e : v / e;
            case SCHEDULING_OVERHEAD, ALGORITHMIC_OVERHEAD -> up ? (1 + v) * e - 1 : (1 + v) / e - 1;
            case ALGORITHMIC_LOSS, SCHEDULING_LOSS, IDLE_LOSS, INFLATION_LOSS, OWN_WAITING_LOSS ->
                    v + (up ? 1 : -1) * cores * (1 - 1 / e);
            case IDLE_SHARE, INFLATION_SHARE -> v + (up ? 1 : -1) * (1 - 1 / e);
        };
    }
}
