package dev.factored.analysis;

import dev.factored.analysis.diagnosis.facts.IdleCause;
import dev.factored.analysis.diagnosis.words.Words;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.Sweep;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.point.IdleSplit;
import dev.factored.analysis.model.point.Losses;
import dev.factored.analysis.model.point.Point;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Finds the {@link Sweep}s among a run's families and reads their advice from the families' numbers. */
final class Sweeps {

    private Sweeps() {
    }

    static List<Sweep> of(List<FamilyAnalysis> families) {
        // benchmark + mode + varying param + the other params' values → families
        Map<List<Object>, List<FamilyAnalysis>> groups = new LinkedHashMap<>();
        for (FamilyAnalysis f : families) {
            for (String param : f.id().params().keySet()) {
                if (number(f.id().params().get(param)) == null) {
                    continue;
                }
                Map<String, String> fixed = new LinkedHashMap<>(f.id().params());
                fixed.remove(param);
                groups.computeIfAbsent(List.of(f.id().benchmark(), f.id().mode(), param, fixed),
                        k -> new ArrayList<>()).add(f);
            }
        }
        List<Sweep> sweeps = new ArrayList<>();
        groups.forEach((key, members) -> {
            if (members.size() >= 2) {
                @SuppressWarnings("unchecked")
                Map<String, String> fixed = (Map<String, String>) key.get(3);
                Sweep sweep = sweep((String) key.get(0), (String) key.get(1), (String) key.get(2), fixed, members);
                if (sweep != null) {
                    sweeps.add(sweep);
                }
            }
        });
        return List.copyOf(sweeps);
    }

    private static Double number(String value) {
        try {
            return Sweep.number(value, "");
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static Sweep sweep(String benchmark, String mode, String param, Map<String, String> fixed,
            List<FamilyAnalysis> members) {
        List<FamilyAnalysis> sorted = new ArrayList<>(members);
        sorted.sort(Comparator.comparingDouble(f -> number(f.id().params().get(param))));
        for (int i = 1; i < sorted.size(); i++) {
            if (number(sorted.get(i).id().params().get(param)).equals(number(sorted.get(i - 1).id().params()
                    .get(param)))) {
                return null; // two spellings of one value ("10", "10.0"): no axis can tell them apart
            }
        }
        int cores = commonValidCores(sorted);
        if (cores < 2) {
            return null;
        }
        List<Sweep.Step> steps = new ArrayList<>();
        int best = -1;
        for (int i = 0; i < sorted.size(); i++) {
            FamilyAnalysis f = sorted.get(i);
            steps.add(new Sweep.Step(f.id().params().get(param), f.id().params()));
            Estimate actual = f.point(cores).speedups().actual();
            if (actual != null && (best < 0 || actual.value() > sorted.get(best).point(cores).speedups().actual().value())) {
                best = i;
            }
        }
        if (best < 0) {
            return null;
        }
        return new Sweep(benchmark, mode, param, fixed, cores, steps, steps.get(best).value(),
                advice(param, cores, sorted, steps, best));
    }

    /** The largest P at which every family has a valid point with an actual speedup; 0 if none. */
    private static int commonValidCores(List<FamilyAnalysis> families) {
        int best = 0;
        for (Point p : families.get(0).validPoints()) {
            boolean everywhere = families.stream().allMatch(f -> {
                Point q = f.point(p.cores());
                return q != null && q.valid() && q.speedups().actual() != null;
            });
            if (everywhere && p.speedups().actual() != null) {
                best = Math.max(best, p.cores());
            }
        }
        return best;
    }

    private static List<String> advice(String param, int cores, List<FamilyAnalysis> sorted, List<Sweep.Step> steps,
            int best) {
        List<String> advice = new ArrayList<>();
        Point top = sorted.get(best).point(cores);
        Estimate actual = top.speedups().actual();
        String at = Words.cores(cores);
        List<String> tied = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            Estimate other = sorted.get(i).point(cores).speedups().actual();
            if (i != best && other != null && other.high() >= actual.low()) {
                tied.add(param + " = " + steps.get(i).value());
            }
        }
        String bestText = "Best measured: " + param + " = " + steps.get(best).value() + ", speedup "
                + Words.x(actual.value()) + " at " + at;
        advice.add(tied.isEmpty() ? bestText + "." : bestText + "; " + Words.and(tied)
                + (tied.size() == 1 ? " is" : " are") + " within its confidence interval, so the data cannot tell them apart.");
        if (tied.isEmpty() && (best == 0 || best == sorted.size() - 1) && sorted.size() >= 3) {
            advice.add("The best value is at the " + (best == 0 ? "low" : "high") + " end of the measured range: "
                    + "measure " + (best == 0 ? "smaller" : "larger") + " values of " + param + " too.");
        }
        Losses first = sorted.get(0).point(cores).losses();
        Losses last = sorted.get(sorted.size() - 1).point(cores).losses();
        String low = steps.get(0).value();
        String high = steps.get(steps.size() - 1).value();
        if (first.scheduling() != null && last.scheduling() != null && first.idle() != null && last.idle() != null
                && first.scheduling().value() >= 0 && last.scheduling().value() >= 0) {
            boolean schedulingFalls = last.scheduling().high() < first.scheduling().low();
            boolean schedulingRises = last.scheduling().low() > first.scheduling().high();
            boolean idleRises = last.idle().low() > first.idle().high();
            boolean idleFalls = last.idle().high() < first.idle().low();
            if ((schedulingFalls && idleRises) || (schedulingRises && idleFalls)) {
                advice.add("From " + param + " = " + low + " to " + high + " the scheduling overhead "
                        + (schedulingFalls ? "falls" : "rises") + " (" + Words.x(first.scheduling().value()) + " → "
                        + Words.x(last.scheduling().value()) + " of the " + cores + "x) while idle time "
                        + (idleRises ? "rises" : "falls") + " (" + Words.x(first.idle().value()) + " → "
                        + Words.x(last.idle().value()) + "): " + param + " trades the cost of tasks against "
                        + "parallelism, and the best grain balances the two (Acar et al. §2.8).");
            }
        }
        Losses atBest = top.losses();
        Estimate idle = atBest.idle();
        Estimate scheduling = atBest.scheduling();
        Estimate inflation = atBest.inflation();
        double largest = Math.max(value(idle), Math.max(value(scheduling), value(inflation)));
        if (largest > 0.05 * cores) {
            if (largest == value(idle)) {
                IdleSplit split = top.idleSplit();
                boolean tail = split != null && split.tail().value() >= IdleCause.MAIN_IDLE_PART * top.times()
                        .idleTime().value();
                advice.add("At the best value idle time is the largest loss (" + Words.x(idle.value()) + ")"
                        + (tail ? ", mostly in the tail" : "") + ": refine the partition, more and smaller pieces "
                        + "where the imbalance is (Roth eq. 3.5).");
            } else if (largest == value(scheduling)) {
                advice.add("At the best value scheduling overhead is the largest loss (" + Words.x(scheduling.value())
                        + "): coarser tasks would pay less for their creation, as long as enough remain to keep "
                        + at + " busy.");
            } else {
                advice.add("At the best value work inflation is the largest loss (" + Words.x(inflation.value())
                        + "): the grain is not what limits this program; look at memory and sharing.");
            }
        }
        return advice;
    }

    private static double value(Estimate e) {
        return e == null ? Double.NEGATIVE_INFINITY : e.value();
    }
}
