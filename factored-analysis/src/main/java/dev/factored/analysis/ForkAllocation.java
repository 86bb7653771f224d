package dev.factored.analysis;

import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.measurement.ConfigurationRun;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.measurement.FamilyId;
import dev.factored.analysis.model.measurement.Interference;
import dev.factored.analysis.model.measurement.Steadiness;
import dev.factored.analysis.model.point.Losses;
import dev.factored.analysis.model.point.Point;
import dev.factored.contract.CoresValue;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiPredicate;

/**
 * Where a run's next forks go (METHOD.md §11): the fork is the unit of evidence, and a run's time narrows the widest
 * interval a headline rests on only when it goes to the configurations that feed it.
 *
 * <p>Each family has targets: the actual speedup S_P at every valid P ≥ 2 (its relative half-width) and the largest
 * loss at its largest valid P (its half-width as a share of the ideal P, the unit the components are drawn in). A
 * target is met when its interval is no wider than the precision asked. An unmet target asks one more fork of the
 * configuration that feeds it whose next fork narrows it most: the variance of a configuration's mean falls as 1/k
 * with k forks, so one more fork takes away 1/(k + 1) of its share, (relative half-width)² / (k + 1). A configuration
 * measured while other processes took its CPUs (disturbed) asks for a fork that replaces the disturbed one. Until
 * the run has measured its noise between forks at all (no configuration with two forks), every configuration that
 * feeds a speedup asks for a second fork: single forks' intervals would show their iterations only, and look
 * precise when they are not.
 */
public final class ForkAllocation {

    private ForkAllocation() {
    }

    /**
     * One configuration to measure once more, and why.
     *
     * @param replaceFork for {@link Reason#UNSTEADY}: the fork (from 0) the new one takes the place of; else null
     */
    public record Fork(FamilyId family, CoresValue cores, Reason reason, double priority, Integer replaceFork) {

        public Fork(FamilyId family, CoresValue cores, Reason reason, double priority) {
            this(family, cores, reason, priority, null);
        }

        /** The configuration's {@code cores} value and the family's params, as JMH's {@code -p} pairs take them. */
        public Map<String, String> params() {
            Map<String, String> all = new LinkedHashMap<>(family.params());
            all.put(CoresValue.PARAM, cores.toString());
            return all;
        }
    }

    /** Why a configuration gets another fork. */
    public enum Reason {
        /** it feeds a target whose interval is wider than asked */
        PRECISION,
        /** a fork of it was measured while other processes took its CPUs */
        DISTURBED,
        /**
         * a fork of it began its measurement before its steady state ({@link Steadiness.Fork#stillWarming()}): measured
         * again, with the warm-up it lacked, in its place
         */
        UNSTEADY,
        /** the run has no measure of the noise between forks yet */
        NOISE_UNKNOWN
    }

    /**
     * A family's target.
     *
     * @param family   the family
     * @param quantity {@code speedup} or the name of the largest loss
     * @param cores    the P it is at
     * @param reached  its half-width: relative to the speedup, or as a share of P for a loss
     * @param feeding  the configurations it is computed from
     */
    public record Target(FamilyId family, String quantity, int cores, double reached, List<CoresValue> feeding) {

        public boolean met(double precision) {
            return reached <= precision;
        }
    }

    /** Every target of every family of the analysis. */
    public static List<Target> targets(Analysis analysis) {
        List<Target> targets = new ArrayList<>();
        for (FamilyAnalysis family : analysis.families()) {
            targets.addAll(targets(family));
        }
        return targets;
    }

    static List<Target> targets(FamilyAnalysis family) {
        List<Target> targets = new ArrayList<>();
        Point largest = null;
        for (Point p : family.validPoints()) {
            if (p.cores() < 2) {
                continue;
            }
            largest = p;
            Estimate speedup = p.speedups() == null ? null : p.speedups().actual();
            if (speedup != null) {
                targets.add(new Target(family.id(), "speedup", p.cores(), speedup.relativeError(),
                        List.of(CoresValue.BASELINE_VALUE, CoresValue.workers(p.cores()))));
            }
        }
        Losses.Named loss = largest == null || largest.losses() == null ? null : largest.losses().largest();
        if (loss != null && Double.isFinite(loss.value().halfWidth())) {
            targets.add(new Target(family.id(), loss.name(), largest.cores(), loss.value().halfWidth()
                    / largest.cores(), feeding(loss.name(), largest.cores())));
        }
        return targets;
    }

    /** The configurations a loss is computed from (METHOD.md §2). */
    private static List<CoresValue> feeding(String loss, int cores) {
        CoresValue p = CoresValue.workers(cores);
        CoresValue one = CoresValue.workers(1);
        return switch (loss) {
            case "algorithmic" -> List.of(CoresValue.ELISION_VALUE, CoresValue.BASELINE_VALUE, p);
            case "scheduling" -> List.of(one, CoresValue.ELISION_VALUE, p);
            case "overhead" -> List.of(one, CoresValue.BASELINE_VALUE, p);
            case "inflation" -> List.of(p, one);
            default -> List.of(p); // idle, interference: measured in the P forks themselves
        };
    }

    /**
     * The configurations to measure once more in the next round, most needed first, at most {@code forks} of them
     * and one fork each; empty when every target is met and nothing was disturbed.
     */
    public static List<Fork> next(Analysis analysis, double precision, int forks) {
        return next(analysis, precision, forks, (family, cores) -> true);
    }

    /**
     * The same, with a fork still warming up replaced only where {@code mayReplace} allows it (the run limits how
     * often one configuration is measured again for it: code that never settles is a finding, not a reason to retry).
     */
    public static List<Fork> next(Analysis analysis, double precision, int forks,
            BiPredicate<FamilyId, CoresValue> mayReplace) {
        boolean noiseUnknown = noiseUnknown(analysis);
        Map<String, Fork> wanted = new LinkedHashMap<>();
        // Second forks that measure the noise between forks go before any other (a disturbed one's replacement
        // included): until one is measured every interval shows iterations only, and precision elsewhere is not known.
        Set<String> noiseFirst = new HashSet<>();
        for (FamilyAnalysis family : analysis.families()) {
            for (Target target : targets(family)) {
                boolean speedup = "speedup".equals(target.quantity());
                if (noiseUnknown && speedup) {
                    // the widest speedup first: with a budget too short for every second fork, those go where the
                    // speedup is least certain as far as its iterations show
                    for (CoresValue cores : target.feeding()) {
                        want(wanted, family, cores, Reason.NOISE_UNKNOWN, target.reached());
                        noiseFirst.add(key(family.id(), cores));
                    }
                } else if (!target.met(precision)) {
                    CoresValue cores = narrowsMost(family, target.feeding());
                    if (cores != null) {
                        want(wanted, family, cores, Reason.PRECISION, target.reached() / precision);
                    }
                }
            }
            for (ConfigurationRun run : family.measurement().configurations()) {
                Interference machine = family.interference(run.cores());
                if (machine != null && machine.disturbed()) {
                    want(wanted, family, run.cores(), Reason.DISTURBED, Double.MAX_VALUE);
                }
                Integer warming = stillWarming(family.steadiness(run.cores()));
                if (warming != null && mayReplace.test(family.id(), run.cores())) {
                    want(wanted, family, run.cores(), Reason.UNSTEADY, Double.MAX_VALUE, warming);
                }
            }
        }
        List<Fork> ordered = new ArrayList<>(wanted.values());
        ordered.sort(Comparator.comparingInt((Fork f) -> noiseFirst.contains(key(f)) ? 0 : 1)
                .thenComparing(Comparator.comparingDouble(Fork::priority).reversed()));
        return List.copyOf(ordered.subList(0, Math.min(Math.max(0, forks), ordered.size())));
    }

    /** The first fork whose measured iterations were still warming up, or null. */
    private static Integer stillWarming(Steadiness steadiness) {
        for (int f = 0; steadiness != null && f < steadiness.forks().size(); f++) {
            if (steadiness.forks().get(f).stillWarming() > 0) {
                return f;
            }
        }
        return null;
    }

    private static void want(Map<String, Fork> wanted, FamilyAnalysis family, CoresValue cores, Reason reason,
            double priority) {
        want(wanted, family, cores, reason, priority, null);
    }

    private static void want(Map<String, Fork> wanted, FamilyAnalysis family, CoresValue cores, Reason reason,
            double priority, Integer replaceFork) {
        if (family.measurement().configurations().stream().noneMatch(run -> run.cores().equals(cores))) {
            return; // not measured at all in this run: another fork of it is not the run's to add
        }
        String key = key(family.id(), cores);
        Fork had = wanted.get(key);
        if (had != null) {
            // one fork serves every reason: a disturbed configuration's replaces its most disturbed fork whatever else
            // asked for it, one still warming up replaces that fork, and a second fork that measures the noise between
            // forks is that before it is precision
            Reason kept = had.reason() == Reason.DISTURBED || reason == Reason.DISTURBED ? Reason.DISTURBED
                    : had.reason() == Reason.UNSTEADY || reason == Reason.UNSTEADY ? Reason.UNSTEADY
                    : had.reason() == Reason.NOISE_UNKNOWN || reason == Reason.NOISE_UNKNOWN ? Reason.NOISE_UNKNOWN
                    : Reason.PRECISION;
            Integer replacing = kept != Reason.UNSTEADY ? null : had.replaceFork() != null ? had.replaceFork()
                    : replaceFork;
            wanted.put(key, new Fork(family.id(), cores, kept, Math.max(priority, had.priority()), replacing));
        } else {
            wanted.put(key, new Fork(family.id(), cores, reason, priority, replaceFork));
        }
    }

    private static String key(Fork fork) {
        return key(fork.family(), fork.cores());
    }

    /** One configuration of one family: the key of the forks wanted for it. */
    private static String key(FamilyId family, CoresValue cores) {
        return family.streamKey() + "\u0000" + cores;
    }

    /** The configuration among {@code feeding} whose next fork takes most of the variance away. */
    private static CoresValue narrowsMost(FamilyAnalysis family, List<CoresValue> feeding) {
        CoresValue best = null;
        double most = -1;
        for (CoresValue cores : feeding) {
            ConfigurationRun run = family.measurement().configurations().stream().filter(r -> r.cores()
                    .equals(cores)).findFirst()
                    .orElse(null);
            Estimate time = time(family, cores);
            if (run == null || time == null || !Double.isFinite(time.relativeError())) {
                continue;
            }
            double gain = time.relativeError() * time.relativeError() / (run.forks() + 1);
            if (gain > most) {
                most = gain;
                best = cores;
            }
        }
        return best;
    }

    private static Estimate time(FamilyAnalysis family, CoresValue cores) {
        if (cores.isBaseline()) {
            return family.times().baselineTime();
        }
        if (cores.isElision()) {
            return family.times().elisionTime();
        }
        if (cores.isParallel()) {
            Point p = family.point(cores.workers());
            return cores.workers() == 1 ? family.times().oneCoreTime() : p == null ? null : p.times().time();
        }
        return null;
    }

    /** No configuration of the run has two or more forks: nothing measured the noise between forks. */
    public static boolean noiseUnknown(Analysis analysis) {
        return analysis.families().stream().flatMap(f -> f.measurement().configurations().stream())
                .allMatch(r -> r.forks() < 2);
    }
}
