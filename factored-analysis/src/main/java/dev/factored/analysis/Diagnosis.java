package dev.factored.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import dev.factored.text.Numbers;

/**
 * Explains a family's numbers as {@link Finding}s (METHOD.md §3 gaps and curvature), headline first, then
 * by the share of the ideal speedup each one accounts for.
 *
 * <p>Three rules keep the verdicts to what the evidence carries. Only valid points are read (an
 * oversubscribed point, or one whose pool had another number of workers, says nothing about P). A
 * finding is only made when its confidence interval clears the threshold (or two intervals do not
 * overlap). And a finding whose evidence rests on a configuration measured in a single JVM fork is
 * tentative: its interval cannot show the noise between forks, so its text says "may" and "suggests" and
 * asks for more forks instead of stating a cause.
 */
public final class Diagnosis {

    /** A loss counts when its interval's low end exceeds this fraction of P. */
    static final double LOSS_SHARE = 0.05;
    /** A ratio of two times counts when it is at least this far from 1 and their intervals are apart. */
    static final double RATIO_MARGIN = 0.05;
    /** Efficiency (actual speedup / P) from which the scaling is called good. */
    static final double GOOD_EFFICIENCY = 0.8;

    /** Cilkscale's guidance: parallelism should be about this many times P for good scaling on P cores. */
    static final double PARALLEL_SLACK = 10;

    static final String TENTATIVE_NOTE = "tentative: from a single JVM fork; run 2 or more forks to confirm";
    /** Starts the note of a finding that rests on a configuration measured on a busy machine. */
    static final String DISTURBED_NOTE = "tentative: measured while the machine was busy";

    /** A finding before sorting: {@code share} is the fraction of P it accounts for, its sort key. */
    private record Ranked(Finding finding, double share) {
    }

    private final List<Ranked> found = new ArrayList<>();
    private boolean estimatedIdle;
    /** Why configurations of the family were disturbed, each sentence once (empty on a quiet machine). */
    private List<String> disturbedBecause = List.of();
    private List<Point> points = List.of();

    private Diagnosis() {
    }

    /**
     * @param baselineTime T_s or null, elisionTime T_e or null, oneCoreTime T_1 or null
     * @param points       ascending P, valid or not (only valid ones are read)
     */
    public static List<Finding> diagnose(Estimate baselineTime, Estimate elisionTime, Estimate oneCoreTime,
            List<Point> points) {
        return diagnose(baselineTime, elisionTime, oneCoreTime, points, WorkSpan.Profile.NONE);
    }

    /** As above, with the work, span and burden of the span run (METHOD.md §5). */
    static List<Finding> diagnose(Estimate baselineTime, Estimate elisionTime, Estimate oneCoreTime,
            List<Point> points, WorkSpan.Profile profile) {
        return diagnose(baselineTime, elisionTime, oneCoreTime, points, profile, null);
    }

    /** As above, with the bandwidth test (Cilkview §5) when it was measured. */
    static List<Finding> diagnose(Estimate baselineTime, Estimate elisionTime, Estimate oneCoreTime,
            List<Point> points, WorkSpan.Profile profile, Factoring.Bandwidth bandwidth) {
        return diagnose(baselineTime, elisionTime, oneCoreTime, points, profile, bandwidth, false);
    }

    /**
     * As above; {@code estimatedIdle}: the idle time was estimated from CPU time (unmodified code), which the
     * idle finding says.
     */
    static List<Finding> diagnose(Estimate baselineTime, Estimate elisionTime, Estimate oneCoreTime,
            List<Point> points, WorkSpan.Profile profile, Factoring.Bandwidth bandwidth, boolean estimatedIdle) {
        return diagnose(baselineTime, elisionTime, oneCoreTime, points, profile, bandwidth, estimatedIdle, List.of());
    }

    /**
     * As above, with what the machine took from each configuration: a finding whose evidence rests on a disturbed
     * configuration is tentative and says why; the two that a busy machine imitates (work inflation: a descheduled
     * worker looks busy; the bandwidth test: copies slowed by a neighbour look like copies competing for memory)
     * are held back.
     */
    static List<Finding> diagnose(Estimate baselineTime, Estimate elisionTime, Estimate oneCoreTime,
            List<Point> points, WorkSpan.Profile profile, Factoring.Bandwidth bandwidth, boolean estimatedIdle,
            List<Interference> interference) {
        Diagnosis d = new Diagnosis();
        d.estimatedIdle = estimatedIdle;
        d.points = points;
        d.disturbedBecause = interference.stream().filter(Interference::disturbed).map(Interference::because)
                .distinct().toList();
        List<Point> valid = points.stream().filter(Point::valid).toList();
        Point last = valid.isEmpty() ? null : valid.get(valid.size() - 1);
        boolean good = false;
        if (last != null && last.cores() >= 2 && last.speedups().actual() != null) {
            good = d.overall(last);
        }
        int context = d.found.size();
        if (last != null) {
            d.losses(last, oneCoreTime);
        }
        d.algorithm(baselineTime, elisionTime, last);
        d.scheduling(elisionTime, oneCoreTime, last);
        d.oneWorker(baselineTime, elisionTime, oneCoreTime, last);
        if (valid.size() >= 3) {
            d.curvature(valid, oneCoreTime);
        }
        d.parallelism(profile, last);
        if (bandwidth != null && bandwidth.slowdown() != null && !bandwidth.slowdown().disturbed()) {
            d.bandwidth(bandwidth, valid, oneCoreTime);
        }
        if (!good && last != null && last.cores() >= 2 && d.found.size() == context && anyLoss(last)) {
            d.add(FindingKind.NO_SINGLE_LOSS, last.cores(), Severity.INFO, 0, Map.of(),
                    "No single loss stands out beyond the confidence intervals at " + Words.cores(last.cores()) + ".",
                    null);
        }
        d.found.sort(Comparator.comparing((Ranked r) -> !FindingKind.of(r.finding().kind()).headline())
                .thenComparing(Comparator.comparingDouble(Ranked::share).reversed()));
        return d.found.stream().map(Ranked::finding).toList();
    }

    /**
     * Adds a finding. {@code maybe} is the same statement worded as a possibility, used when the evidence
     * rests on a single fork; null when the text claims nothing beyond the measured numbers.
     */
    private void add(FindingKind kind, Integer cores, Severity severity, double share, Map<String, Estimate> evidence,
            String fact, String maybe) {
        boolean disturbed = evidence.values().stream().anyMatch(Estimate::disturbed);
        boolean tentative = disturbed || evidence.values().stream().anyMatch(Estimate::singleFork);
        String note = disturbed ? DISTURBED_NOTE + ": " + String.join("; ", disturbedBecause(cores)) : TENTATIVE_NOTE;
        String text = !tentative ? fact : (maybe == null ? strip(fact) : strip(maybe)) + " (" + note + ").";
        found.add(new Ranked(new Finding(kind.id(), cores, severity, tentative, evidence, text), share));
    }

    /** Why the configurations a finding at P rests on were disturbed: the point's reasons, else the family's. */
    private List<String> disturbedBecause(Integer cores) {
        Point at = cores == null ? null : points.stream().filter(p -> p.cores() == cores).findFirst().orElse(null);
        return at != null && at.disturbed() ? at.disturbedBecause() : disturbedBecause;
    }

    private static String strip(String sentence) {
        return sentence.endsWith(".") ? sentence.substring(0, sentence.length() - 1) : sentence;
    }

    private static Map<String, Estimate> evidence(Object... nameThenEstimate) {
        Map<String, Estimate> map = new LinkedHashMap<>();
        for (int i = 0; i < nameThenEstimate.length; i += 2) {
            if (nameThenEstimate[i + 1] != null) {
                map.put((String) nameThenEstimate[i], (Estimate) nameThenEstimate[i + 1]);
            }
        }
        return map;
    }

    private boolean overall(Point last) {
        int p = last.cores();
        Estimate actual = last.speedups().actual();
        Map<String, Estimate> ev = evidence("actualSpeedup", actual, "efficiency", last.efficiency());
        double efficiency = actual.value() / p;
        String at = "At " + Words.cores(p);
        if (actual.high() < 1) {
            add(FindingKind.SLOWER_THAN_BASELINE, p, Severity.MAJOR, 1, ev,
                    at + " the program is slower than the sequential baseline (speedup " + Words.x(actual.value())
                            + "): parallelism costs more than it gains.",
                    at + " the program may be slower than the sequential baseline (speedup " + Words.x(actual.value())
                            + "): parallelism seems to cost more than it gains.");
            return false;
        }
        if (efficiency >= GOOD_EFFICIENCY) {
            add(FindingKind.GOOD_SCALING, p, Severity.INFO, 1, ev,
                    at + " the speedup is " + Words.x(actual.value()) + ", " + Words.percent(efficiency)
                            + " of the ideal " + p + "x: the program uses the cores well.",
                    at + " the speedup is " + Words.x(actual.value()) + ", " + Words.percent(efficiency)
                            + " of the ideal " + p + "x: the program seems to use the cores well.");
            return true;
        }
        add(FindingKind.SPEEDUP, p, Severity.of(1 - efficiency), 1, ev,
                at + " the speedup is " + Words.x(actual.value()) + " of the ideal " + p + "x ("
                        + Words.percent(efficiency) + " efficiency).", null);
        return false;
    }

    private static boolean significant(Estimate loss, int p) {
        return loss != null && loss.low() > LOSS_SHARE * p;
    }

    private void losses(Point last, Estimate oneCoreTime) {
        int p = last.cores();
        String at = "At " + Words.cores(p) + " ";
        Estimate idle = last.losses().idle();
        if (p >= 2 && significant(idle, p)) {
            String why = "the program lacks parallelism (too few tasks ready to keep " + p + " workers busy)";
            Map<String, Estimate> ev = evidence("idleLoss", idle, "idleTime", last.idleTime(), "time", last.time());
            IdleSplit split = last.idleSplit();
            if (split != null) {
                why = idleWhere(split, p, last.idleTime());
                ev.putAll(evidence("idleStartup", split.startup(), "idleSerial", split.serial(), "idleTail",
                        split.tail(), "idleOther", split.other()));
            }
            String idleTime = estimatedIdle ? "idle time (estimated from the threads' CPU time)" : "idle time";
            add(FindingKind.IDLE, p, Severity.of(idle.value() / p), idle.value() / p, ev,
                    at + idleTime + " costs " + Words.x(idle.value()) + " of the " + p + "x: " + why + ".",
                    at + idleTime + " may cost " + Words.x(idle.value()) + " of the " + p + "x, which suggests " + why
                            + ".");
        }
        Estimate inflation = last.losses().inflation();
        Estimate work = last.workInflation();
        // A worker descheduled by another process looks busy: on a busy machine inflation is not the program's.
        if (p >= 2 && inflation != null && oneCoreTime != null && work != null && !inflation.disturbed()) {
            double ratio = 1 + work.value() / oneCoreTime.value();
            Map<String, Estimate> ev = evidence("inflationLoss", inflation, "workInflation", work, "oneCoreTime",
                    oneCoreTime);
            if (significant(inflation, p)) {
                String what = "the " + p + " workers together do " + Words.x(ratio) + " the work of one (memory, "
                        + "cache or synchronization effects)";
                add(FindingKind.INFLATION, p, Severity.of(inflation.value() / p), inflation.value() / p, ev,
                        at + "work inflation costs " + Words.x(inflation.value()) + " of the " + p + "x: " + what + ".",
                        at + "work inflation may cost " + Words.x(inflation.value()) + " of the " + p
                                + "x, which suggests " + what + ".");
            } else if (inflation.high() < -LOSS_SHARE * p) {
                String what = "the " + p + " workers together do " + Words.x(ratio) + " the work of one, gaining "
                        + Words.x(-inflation.value()) + " of speedup (superlinear: each core's share of the data "
                        + "fits its cache better)";
                add(FindingKind.INFLATION_GAIN, p, Severity.INFO, -inflation.value() / p / 2, ev,
                        at + "work inflation is negative: " + what + ".",
                        at + "work inflation may be negative, which suggests " + what + ".");
            }
        }
    }

    /** Share of I_P a part must hold to be called the main source of idle time. */
    static final double MAIN_IDLE_PART = 0.5;

    /** What the split of idle time says (Roth's start-up / serial / imbalance, METHOD.md). */
    private static String idleWhere(IdleSplit split, int p, Estimate idleTime) {
        double total = idleTime.value();
        List<Estimate> parts = split.parts();
        int main = -1;
        List<String> each = new ArrayList<>();
        for (int k = 0; k < parts.size(); k++) {
            if (total > 0 && parts.get(k).value() >= MAIN_IDLE_PART * total) {
                main = k;
            }
            each.add(IdleSplit.NAMES.get(k) + " " + Words.percent(parts.get(k).value() / total));
        }
        String shares = String.join(", ", each);
        return switch (main) {
            case IdleSplit.SERIAL -> "idle time is mostly a serial section (" + shares + "): one worker runs alone "
                    + "while the others wait, so run that section in parallel or overlap it with other work";
            case IdleSplit.TAIL -> "idle time is mostly the tail (" + shares + "): the last tasks are too large, "
                    + "so workers run out of work while a few finish; split the work finer (a smaller cutoff or "
                    + "grain, or larger tasks first)";
            case IdleSplit.STARTUP -> "idle time is mostly hand-off and wake-up (" + shares + "): the operation is "
                    + "short next to the time it takes to wake " + p + " workers and hand them work";
            case IdleSplit.OTHER -> "idle time is scattered through the operation (" + shares + "): too few tasks "
                    + "are ready to keep " + p + " workers busy (a larger input or a smaller cutoff makes more)";
            default -> "no single part of the idle time dominates (" + shares + ")";
        };
    }

    private void algorithm(Estimate ts, Estimate te, Point last) {
        if (ts == null || te == null) {
            return;
        }
        double ratio = te.value() / ts.value();
        Estimate loss = last == null ? null : last.losses().algorithmic();
        Map<String, Estimate> ev = evidence("baselineTime", ts, "elisionTime", te, "algorithmicLoss", loss);
        if (te.low() > ts.high() && ratio >= 1 + RATIO_MARGIN) {
            String cost = loss == null ? "" : "; at " + Words.cores(last.cores()) + " this costs "
                    + Words.x(loss.value()) + " of the " + last.cores() + "x";
            double share = loss == null ? ratio - 1 : loss.value() / last.cores();
            add(FindingKind.ALGORITHMIC_OVERHEAD, last == null ? null : last.cores(), Severity.of(share), share, ev,
                    "The parallel algorithm does " + Words.x(ratio) + " the work of the baseline (algorithmic "
                            + "overhead)" + cost + ".",
                    "The parallel algorithm may do " + Words.x(ratio) + " the work of the baseline (algorithmic "
                            + "overhead)" + cost.replace("this costs", "this would cost") + ".");
        } else if (te.high() < ts.low() && ratio <= 1 - RATIO_MARGIN) {
            String why = "the baseline is not the best sequential program, so every speedup looks better than it is "
                    + "against a good sequential version";
            double share = loss == null ? 1 - ratio : -loss.value() / last.cores();
            add(FindingKind.BASELINE_NOT_BEST, null, Severity.of(share), share, ev,
                    "The elision is " + Words.x(1 / ratio) + " faster than the baseline: " + why + ".",
                    "The elision may be " + Words.x(1 / ratio) + " faster than the baseline, which suggests " + why
                            + ".");
        }
    }

    private void scheduling(Estimate te, Estimate t1, Point last) {
        if (te == null || t1 == null) {
            return;
        }
        schedulingWithElision(te, t1, last);
    }

    /**
     * Without an elision (unmodified code), T_1 over T_s is the algorithm's extra work and the tasks' cost
     * together: say so, since neither loss can be named alone.
     */
    private void oneWorker(Estimate ts, Estimate te, Estimate t1, Point last) {
        if (te != null || ts == null || t1 == null) {
            return;
        }
        double ratio = t1.value() / ts.value();
        if (t1.low() > ts.high() && ratio >= 1 + RATIO_MARGIN) {
            double share = ratio - 1;
            add(FindingKind.ONE_WORKER_OVERHEAD, last == null ? null : last.cores(), Severity.of(share), share,
                    evidence("baselineTime", ts, "oneCoreTime", t1),
                    "One worker takes " + Words.x(ratio) + " the baseline's time: the parallel algorithm's extra "
                            + "work and the cost of creating and scheduling its tasks, together (without an elision "
                            + "they cannot be told apart; a larger threshold lowers the second).",
                    "One worker may take " + Words.x(ratio) + " the baseline's time, which suggests the parallel "
                            + "algorithm's extra work and its tasks' cost, together (without an elision they cannot "
                            + "be told apart; a larger threshold lowers the second).");
        }
    }

    private void schedulingWithElision(Estimate te, Estimate t1, Point last) {
        double ratio = t1.value() / te.value();
        if (t1.low() > te.high() && ratio >= 1 + RATIO_MARGIN) {
            Estimate loss = last == null ? null : last.losses().scheduling();
            String cost = loss == null ? "" : "; at " + Words.cores(last.cores()) + " this costs "
                    + Words.x(loss.value()) + " of the " + last.cores() + "x";
            double share = loss == null ? ratio - 1 : loss.value() / last.cores();
            String adds = "creating and scheduling them adds " + Words.percent(ratio - 1) + " to the sequential work";
            add(FindingKind.SCHEDULING_OVERHEAD, last == null ? null : last.cores(), Severity.of(share), share,
                    evidence("elisionTime", te, "oneCoreTime", t1, "schedulingLoss", loss),
                    "Elision is " + Words.x(ratio) + " faster than 1 core: tasks are too small (raise the cutoff); "
                            + adds + cost + ".",
                    "Elision may be " + Words.x(ratio) + " faster than 1 core, which suggests tasks are too small "
                            + "(a larger cutoff may help); " + adds + cost.replace("this costs", "this would cost")
                            + ".");
        }
    }

    private void curvature(List<Point> points, Estimate t1) {
        Point last = points.get(points.size() - 1);
        int p = last.cores();
        double inflationShare = value(last.losses().inflation()) / p;
        double idleShare = value(last.losses().idle()) / p;
        double overheadShare = (value(last.losses().scheduling()) + value(last.losses().algorithmic())) / p;

        Shape inflationSpecific = Shape.of(points, s -> s.speedups().inflationSpecific());
        Map<String, Estimate> inflationEvidence = curveEvidence(points, s -> s.speedups().inflationSpecific());
        if (inflationSpecific == Shape.SLOPES_DOWN) {
            String why = "synchronization, atomics or false sharing make each added worker slow the others";
            add(FindingKind.INFLATION_SPECIFIC_SLOPES_DOWN, p, Severity.of(inflationShare), inflationShare,
                    inflationEvidence, "Inflation-specific speedup slopes down: " + why + ".",
                    "Inflation-specific speedup may slope down, which suggests " + why + ".");
        } else if (inflationSpecific == Shape.FLATTENS) {
            String why = "the workers share a limit such as memory bandwidth";
            add(FindingKind.INFLATION_SPECIFIC_FLATTENS, p, Severity.of(inflationShare), inflationShare,
                    inflationEvidence, "Inflation-specific speedup flattens: " + why + ".",
                    "Inflation-specific speedup may flatten, which suggests " + why + ".");
        }
        if (t1 != null) {
            workInflationGrowth(points, t1, inflationShare);
        }
        Shape idleSpecific = Shape.of(points, s -> s.speedups().idleSpecific());
        if (idleSpecific != Shape.STRAIGHT) {
            String shape = idleSpecific == Shape.SLOPES_DOWN ? "slopes down" : "flattens";
            String why = "the program lacks parallelism for more cores (raise the work per operation or split it "
                    + "into more tasks)";
            add(FindingKind.IDLE_SPECIFIC_BENDS, p, Severity.of(idleShare), idleShare,
                    curveEvidence(points, s -> s.speedups().idleSpecific()),
                    "Idle-specific speedup " + shape + ": " + why + ".",
                    "Idle-specific speedup may " + (idleSpecific == Shape.SLOPES_DOWN ? "slope down" : "flatten")
                            + ", which suggests " + why + ".");
        }
        Shape maximal = Shape.of(points, s -> s.speedups().maximal());
        if (maximal != Shape.STRAIGHT) {
            add(FindingKind.MAXIMAL_BENDS, p, Severity.of(overheadShare), overheadShare,
                    curveEvidence(points, s -> s.speedups().maximal()),
                    "Maximal speedup bends down: overhead grows with P.",
                    "Maximal speedup may bend down, which suggests overhead grows with P.");
        }
    }

    /**
     * The bandwidth test read against work inflation at the same P (Cilkview §5): copies of the sequential
     * program that slow each other down by about as much as the parallel run inflates its work point at a
     * shared limit such as memory bandwidth; copies that do not slow down while the work inflates point at
     * what only the parallel program does: sharing between its workers.
     */
    private void bandwidth(Factoring.Bandwidth bw, List<Point> valid, Estimate t1) {
        int p = bw.copies();
        Estimate slowdown = bw.slowdown();
        Point at = valid.stream().filter(x -> x.cores() == p).findFirst().orElse(null);
        Estimate inflation = at == null ? null : at.workInflation();
        double inflated = inflation == null || t1 == null ? Double.NaN : inflation.value() / t1.value();
        String copies = p + " copies of the baseline, each on its own data on its own CPU,";
        if (slowdown.low() > 1 + RATIO_MARGIN) {
            double share = 1 - 1 / slowdown.value();
            String then = Double.isNaN(inflated) ? "" : "; the parallel run at " + Words.cores(p) + " does "
                    + Words.percent(inflated) + " more work than one worker, of which this limit can explain about "
                    + Words.percent(Math.min(Math.max(inflated, 0), slowdown.value() - 1));
            add(FindingKind.MEMORY_BANDWIDTH, p, Severity.of(share), share,
                    evidence("bandwidthSlowdown", slowdown, "workInflation", inflation, "oneCoreTime", t1),
                    copies + " ran " + Words.x(slowdown.value()) + " slower than one alone: they compete for "
                            + "memory bandwidth (or another resource the cores share)" + then + ".",
                    copies + " may have run " + Words.x(slowdown.value()) + " slower than one alone, which "
                            + "suggests they compete for memory bandwidth (or another shared resource)" + then + ".");
        } else if (slowdown.high() < 1 + RATIO_MARGIN && at != null && significant(at.losses().inflation(), p)
                && !at.losses().inflation().disturbed()) {
            double share = at.losses().inflation().value() / p;
            String what = copies + " ran no slower than one alone (" + Words.x(slowdown.value()) + "), yet the "
                    + "parallel run at " + Words.cores(p) + " does " + Words.percent(inflated) + " more work than "
                    + "one worker: not a bandwidth limit but something only the parallel program does; look at "
                    + "data its workers share (atomics, locks, false sharing)";
            add(FindingKind.INFLATION_NOT_BANDWIDTH, p, Severity.of(share), share,
                    evidence("bandwidthSlowdown", slowdown, "workInflation", inflation, "inflationLoss",
                            at.losses().inflation()),
                    Character.toUpperCase(what.charAt(0)) + what.substring(1) + ".",
                    Character.toUpperCase(what.charAt(0)) + what.substring(1).replace(" does ", " may do ")
                            .replace("; look at", ", which suggests looking at") + ".");
        }
    }

    /**
     * Cilkview's checks at the largest valid P: too little parallelism for these cores, a grain too small
     * for the burden of stealing, and strands shorter than one steal.
     */
    private void parallelism(WorkSpan.Profile profile, Point last) {
        Estimate par = profile.parallelism();
        Estimate burdened = profile.burdenedParallelism();
        int p = last == null ? 0 : last.cores();
        if (p >= 2 && par != null && par.high() < PARALLEL_SLACK * p) {
            // The greedy-scheduler bound T_P <= T_1/P + T_inf: the span alone can cost up to this share of P.
            double share = p / (par.value() + p);
            String what = "parallelism (work / span) is " + Words.x(par.value()) + ", below the 10·P = "
                    + Numbers.plain(PARALLEL_SLACK * p) + " that scaling on " + Words.cores(p) + " needs: the critical path "
                    + "alone can take up to " + Words.percent(share) + " of the ideal speedup; split the work on "
                    + "the longest chain (the serial part, the last level of the split) into more tasks";
            add(FindingKind.LOW_PARALLELISM, p, Severity.of(share), share,
                    evidence("parallelism", par, "work", profile.work(), "span", profile.span()),
                    "The " + what + ".", "The " + what.replaceFirst(" is ", " may be ") + ".");
        }
        boolean burdenedFlagged = p >= 2 && burdened != null && burdened.high() < p;
        if (burdenedFlagged) {
            double share = 1 - WorkSpan.lowerOverWork(p, burdened.value()) / p;
            String what = "burdened parallelism is " + Words.x(burdened.value()) + ", below " + p + " (parallelism "
                    + (par == null ? "not measured" : Words.x(par.value())) + "): if the tasks on the critical path "
                    + "are stolen, each steal (" + Numbers.time(profile.burden().value()) + " here) costs more than the "
                    + "parallelism gains, so the grain is too small; make the tasks larger (raise the cutoff)";
            add(FindingKind.LOW_BURDENED_PARALLELISM, p, Severity.of(share), share,
                    evidence("burdenedParallelism", burdened, "parallelism", par, "burden", profile.burden()),
                    "The " + what + ".", "The " + what.replaceFirst(" is ", " may be ") + ".");
        }
        Estimate strand = profile.averageStrand();
        Estimate burden = profile.burden();
        Estimate scheduling = last == null ? null : last.losses().scheduling();
        // Short strands are a cause only where they cost something measured (a significant scheduling loss)
        // and the burdened parallelism has not already said it: on a VM whose steal takes tens of µs (a
        // parked worker woken) nearly every strand is shorter, also in programs that scale well.
        if (strand != null && burden != null && strand.high() < burden.value() && !burdenedFlagged && p >= 2
                && significant(scheduling, p)) {
            double share = scheduling == null || p == 0 ? 0 : Math.max(0, scheduling.value() / p);
            String what = "the average strand (the code between two fork/join points) takes "
                    + Numbers.time(strand.value()) + ", less than one steal (" + Numbers.time(burden.value())
                    + "): a stolen task cannot pay for its move; make the tasks larger";
            add(FindingKind.SHORT_STRANDS, p == 0 ? null : p, share > 0 ? Severity.of(share) : Severity.MINOR, share,
                    evidence("averageStrand", strand, "burden", burden, "schedulingLoss", scheduling),
                    Character.toUpperCase(what.charAt(0)) + what.substring(1) + ".",
                    Character.toUpperCase(what.charAt(0)) + what.substring(1).replaceFirst(" takes ", " may take ")
                            + ".");
        }
    }

    /** The curve's estimates at every P, named e.g. {@code P=4}. */
    private static Map<String, Estimate> curveEvidence(List<Point> points, Function<Point, Estimate> curve) {
        Map<String, Estimate> ev = new LinkedHashMap<>();
        for (Point p : points) {
            if (curve.apply(p) != null) {
                ev.put("P=" + p.cores(), curve.apply(p));
            }
        }
        return ev;
    }

    private void workInflationGrowth(List<Point> points, Estimate t1, double share) {
        Point first = null;
        for (Point p : points) {
            if (p.cores() >= 2 && p.workInflation() != null) {
                first = p;
                break;
            }
        }
        Point last = points.get(points.size() - 1);
        if (first == null || first == last || last.workInflation() == null) {
            return;
        }
        Estimate a = first.workInflation();
        Estimate b = last.workInflation();
        if (b.low() > a.high() && b.value() > RATIO_MARGIN * t1.value()) {
            String growth = " (from " + Words.percent(a.value() / t1.value()) + " of the one-core work at "
                    + Words.cores(first.cores()) + " to " + Words.percent(b.value() / t1.value()) + " at "
                    + Words.cores(last.cores()) + ")";
            add(FindingKind.INFLATION_GROWS, last.cores(), Severity.of(share), share - 1e-9,
                    evidence("workInflationAt" + first.cores(), a, "workInflationAt" + last.cores(), b, "oneCoreTime",
                            t1),
                    "Work inflation grows with P" + growth + ": memory bandwidth or cache effects.",
                    "Work inflation may grow with P" + growth + ", which suggests memory bandwidth or cache effects.");
        }
    }

    private static boolean anyLoss(Point p) {
        Losses l = p.losses();
        return l.algorithmic() != null || l.scheduling() != null || l.idle() != null || l.inflation() != null;
    }

    private static double value(Estimate e) {
        return e == null ? 0 : e.value();
    }

    /** How a speedup curve bends over P, judged only where the intervals leave no doubt. */
    enum Shape {
        STRAIGHT, FLATTENS, SLOPES_DOWN;

        static Shape of(List<Point> points, Function<Point, Estimate> curve) {
            List<Point> known = new ArrayList<>();
            for (Point p : points) {
                if (curve.apply(p) != null) {
                    known.add(p);
                }
            }
            if (known.size() < 3) {
                return STRAIGHT;
            }
            Point last = known.get(known.size() - 1);
            Estimate end = curve.apply(last);
            Point peak = known.get(0);
            for (Point p : known.subList(0, known.size() - 1)) {
                if (curve.apply(p).value() > curve.apply(peak).value()) {
                    peak = p;
                }
            }
            if (end.high() < curve.apply(peak).low()) {
                return SLOPES_DOWN;
            }
            // Flattening: the last step gains less than half of what a straight line through the origin
            // would, and even the interval's high end stays below that line.
            Point prev = known.get(known.size() - 2);
            Estimate before = curve.apply(prev);
            double proportional = before.value() * last.cores() / prev.cores();
            double gain = end.value() - before.value();
            if (gain < 0.5 * (proportional - before.value()) && end.high() < proportional - 1e-12 * proportional) {
                return FLATTENS;
            }
            return STRAIGHT;
        }
    }
}
