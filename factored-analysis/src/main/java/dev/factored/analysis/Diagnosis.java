package dev.factored.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * Explains a family's numbers in words (METHOD.md §3 gaps and curvature), most important first.
 *
 * <p>A finding is only stated when its confidence interval clears the threshold (or two intervals do
 * not overlap): the diagnosis never claims what the noise could explain.
 */
public final class Diagnosis {

    /** A loss counts when its interval's low end exceeds this fraction of P. */
    static final double LOSS_SHARE = 0.05;
    /** A ratio of two times counts when it is at least this far from 1 and their intervals are apart. */
    static final double RATIO_MARGIN = 0.05;
    /** Efficiency (actual speedup / P) from which the scaling is called good. */
    static final double GOOD_EFFICIENCY = 0.8;

    private record Finding(double importance, String text) {
    }

    private Diagnosis() {
    }

    /**
     * @param baselineTime T_s or null, elisionTime T_e or null, oneCoreTime T_1 or null
     * @param points       ascending P
     */
    public static List<String> diagnose(Estimate baselineTime, Estimate elisionTime, Estimate oneCoreTime,
            List<Point> points) {
        List<Finding> findings = new ArrayList<>();
        Point last = points.isEmpty() ? null : points.get(points.size() - 1);
        boolean good = false;
        if (last != null && last.cores() >= 2 && last.speedups().actual() != null) {
            good = overall(last, findings);
        }
        int context = findings.size();
        if (last != null) {
            losses(last, oneCoreTime, findings);
        }
        algorithm(baselineTime, elisionTime, last, findings);
        scheduling(elisionTime, oneCoreTime, last, findings);
        if (points.size() >= 3) {
            curvature(points, oneCoreTime, findings);
        }
        if (!good && last != null && last.cores() >= 2 && findings.size() == context && anyLoss(last)) {
            findings.add(new Finding(-1, "No single loss stands out beyond the confidence intervals at "
                    + Words.cores(last.cores()) + "."));
        }
        findings.sort(Comparator.comparingDouble(Finding::importance).reversed());
        List<String> sentences = new ArrayList<>(findings.size());
        findings.forEach(f -> sentences.add(f.text()));
        return List.copyOf(sentences);
    }

    private static boolean overall(Point last, List<Finding> findings) {
        int p = last.cores();
        Estimate actual = last.speedups().actual();
        double efficiency = actual.value() / p;
        if (actual.high() < 1) {
            findings.add(new Finding(Double.MAX_VALUE, "At " + Words.cores(p) + " the program is slower than the "
                    + "sequential baseline (speedup " + Words.x(actual.value()) + "x): parallelism costs more than it gains."));
            return false;
        }
        if (efficiency >= GOOD_EFFICIENCY) {
            findings.add(new Finding(Double.MAX_VALUE, "At " + Words.cores(p) + " the speedup is "
                    + Words.x(actual.value()) + "x, " + Words.percent(efficiency) + " of the ideal " + p
                    + "x: the program uses the cores well."));
            return true;
        }
        findings.add(new Finding(Double.MAX_VALUE, "At " + Words.cores(p) + " the speedup is "
                + Words.x(actual.value()) + "x of the ideal " + p + "x (" + Words.percent(efficiency)
                + " efficiency)."));
        return false;
    }

    private static boolean significant(Estimate loss, int p) {
        return loss != null && loss.low() > LOSS_SHARE * p;
    }

    private static void losses(Point last, Estimate oneCoreTime, List<Finding> findings) {
        int p = last.cores();
        String at = "At " + Words.cores(p) + " ";
        Estimate idle = last.losses().idle();
        if (p >= 2 && significant(idle, p)) {
            findings.add(new Finding(idle.value(), at + "idle time costs " + Words.x(idle.value()) + " of the " + p
                    + "x: the program lacks parallelism (too few tasks ready to keep " + p + " workers busy)."));
        }
        Estimate inflation = last.losses().inflation();
        Estimate work = last.workInflation();
        if (p >= 2 && inflation != null && oneCoreTime != null && work != null) {
            double ratio = 1 + work.value() / oneCoreTime.value();
            if (significant(inflation, p)) {
                findings.add(new Finding(inflation.value(), at + "work inflation costs " + Words.x(inflation.value())
                        + " of the " + p + "x: the " + p + " workers together do " + Words.x(ratio)
                        + "x the work of one (memory, cache or synchronization effects)."));
            } else if (inflation.high() < -LOSS_SHARE * p) {
                findings.add(new Finding(-inflation.value() / 2, at + "work inflation is negative: the " + p
                        + " workers together do " + Words.x(ratio) + "x the work of one, gaining "
                        + Words.x(-inflation.value()) + " of speedup (superlinear: each core's share of the data "
                        + "fits its cache better)."));
            }
        }
    }

    private static void algorithm(Estimate ts, Estimate te, Point last, List<Finding> findings) {
        if (ts == null || te == null) {
            return;
        }
        double ratio = te.value() / ts.value();
        Estimate loss = last == null ? null : last.losses().algorithmic();
        if (te.low() > ts.high() && ratio >= 1 + RATIO_MARGIN) {
            String cost = loss == null ? "" : "; at " + Words.cores(last.cores()) + " this costs "
                    + Words.x(loss.value()) + " of the " + last.cores() + "x";
            findings.add(new Finding(loss == null ? ratio - 1 : loss.value(), "The parallel algorithm does "
                    + Words.x(ratio) + "x the work of the baseline (algorithmic overhead)" + cost + "."));
        } else if (te.high() < ts.low() && ratio <= 1 - RATIO_MARGIN) {
            findings.add(new Finding(loss == null ? 1 - ratio : -loss.value(), "The elision is "
                    + Words.x(1 / ratio) + "x faster than the baseline: the baseline is not the best sequential "
                    + "program, so every speedup looks better than it is against a good sequential version."));
        }
    }

    private static void scheduling(Estimate te, Estimate t1, Point last, List<Finding> findings) {
        if (te == null || t1 == null) {
            return;
        }
        double ratio = t1.value() / te.value();
        if (t1.low() > te.high() && ratio >= 1 + RATIO_MARGIN) {
            Estimate loss = last == null ? null : last.losses().scheduling();
            String cost = loss == null ? "" : "; at " + Words.cores(last.cores()) + " this costs "
                    + Words.x(loss.value()) + " of the " + last.cores() + "x";
            findings.add(new Finding(loss == null ? ratio - 1 : loss.value(), "Elision is " + Words.x(ratio)
                    + "x faster than 1 core: tasks are too small (raise the cutoff); creating and scheduling them "
                    + "adds " + Words.percent(ratio - 1) + " to the sequential work" + cost + "."));
        }
    }

    private static void curvature(List<Point> points, Estimate t1, List<Finding> findings) {
        Point last = points.get(points.size() - 1);
        double inflationCost = value(last.losses().inflation());
        double idleCost = value(last.losses().idle());
        double overheadCost = value(last.losses().scheduling()) + value(last.losses().algorithmic());

        Shape inflationSpecific = Shape.of(points, s -> s.speedups().inflationSpecific());
        if (inflationSpecific == Shape.SLOPES_DOWN) {
            findings.add(new Finding(inflationCost - 0.01, "Inflation-specific speedup slopes down: "
                    + "synchronization, atomics or false sharing make each added worker slow the others."));
        } else if (inflationSpecific == Shape.FLATTENS) {
            findings.add(new Finding(inflationCost - 0.01, "Inflation-specific speedup flattens: the workers "
                    + "share a limit such as memory bandwidth."));
        }
        if (t1 != null) {
            workInflationGrowth(points, t1, inflationCost, findings);
        }
        Shape idleSpecific = Shape.of(points, s -> s.speedups().idleSpecific());
        if (idleSpecific != Shape.STRAIGHT) {
            findings.add(new Finding(idleCost - 0.01, "Idle-specific speedup "
                    + (idleSpecific == Shape.SLOPES_DOWN ? "slopes down" : "flattens")
                    + ": the program lacks parallelism for more cores (raise the work per operation or split it "
                    + "into more tasks)."));
        }
        Shape maximal = Shape.of(points, s -> s.speedups().maximal());
        if (maximal != Shape.STRAIGHT) {
            findings.add(new Finding(overheadCost - 0.01, "Maximal speedup bends down: overhead grows with P."));
        }
    }

    private static void workInflationGrowth(List<Point> points, Estimate t1, double cost, List<Finding> findings) {
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
            findings.add(new Finding(cost - 0.005, "Work inflation grows with P (from "
                    + Words.percent(a.value() / t1.value()) + " of the one-core work at " + Words.cores(first.cores())
                    + " to " + Words.percent(b.value() / t1.value()) + " at " + Words.cores(last.cores())
                    + "): memory bandwidth or cache effects."));
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
