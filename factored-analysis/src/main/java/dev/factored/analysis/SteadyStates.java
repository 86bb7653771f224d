package dev.factored.analysis;

import dev.factored.analysis.model.measurement.ConfigurationRun;
import dev.factored.analysis.model.measurement.Steadiness.Shape;
import dev.factored.analysis.model.measurement.Steadiness;
import dev.factored.analysis.stats.ChangePoints;
import dev.factored.analysis.stats.Descriptive;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether each configuration's measured iterations had reached a steady state ({@link Steadiness}): every fork's
 * iteration times segmented into levels ({@link ChangePoints}, on log time, so a level is a ratio), its last level
 * taken as the steady state, and the iterations in which the compilers or a collection ran marked. Pure.
 */
final class SteadyStates {

    /** The least change of level that counts: 3 % of an iteration's time (log 1.03). */
    static final double MIN_SHIFT = Math.log(1.03);
    /** The chance of splitting a fork whose times are one level, per test. */
    static final double ALPHA = 0.01;

    private SteadyStates() {
    }

    static List<Steadiness> of(List<ConfigurationRun> configurations) {
        List<Steadiness> all = new ArrayList<>();
        for (ConfigurationRun run : configurations) {
            all.add(of(run));
        }
        return all;
    }

    static Steadiness of(ConfigurationRun run) {
        List<Steadiness.Fork> forks = new ArrayList<>();
        int iterations = 0;
        int compiling = 0;
        int collecting = 0;
        int learned = 0;
        for (int f = 0; f < run.forks(); f++) {
            double[] times = run.timeSamples()[f];
            Steadiness.Fork fork = fork(times, run.readings().jitSamples() == null ? null : run.readings()
                    .jitSamples()[f],
                    run.readings().gcSamples() == null ? null : run.readings().gcSamples()[f]);
            forks.add(fork);
            iterations += times.length;
            compiling += fork.compiling() == null ? 0 : fork.compiling().size();
            collecting += fork.collecting() == null ? 0 : fork.collecting().size();
            learned = Math.max(learned, fork.stillWarming());
        }
        return new Steadiness(run.cores(), iterations, run.readings().jitSamples() == null ? null : compiling,
                run.readings().gcSamples() == null ? null : collecting, learned, forks);
    }

    /**
     * One fork: its times' shape, where their last level starts, and the marked iterations.
     *
     * @param times seconds per operation of each measured iteration
     * @param jit   the compilers' share of each iteration's wall time, or null
     * @param gc    the collections' pause per operation of each iteration, or null
     */
    static Steadiness.Fork fork(double[] times, double[] jit, double[] gc) {
        List<Integer> compiling = jit == null ? null : marked(jit, Steadiness.COMPILING);
        List<Integer> collecting = gc == null ? null : marked(gc, Double.MIN_VALUE);
        if (times.length < 3) {
            return new Steadiness.Fork(Shape.TOO_SHORT, 0, compiling, collecting);
        }
        double[] all = new double[times.length];
        for (int i = 0; i < all.length; i++) {
            all[i] = Math.log(times[i]);
        }
        int[] kept = uninterrupted(all);
        double[] y = new double[kept.length];
        for (int i = 0; i < kept.length; i++) {
            y[i] = all[kept[i]];
        }
        List<int[]> levels = levels(y, ChangePoints.of(y, MIN_SHIFT, ALPHA));
        double steady = mean(y, last(levels));
        int first = levels.size() - 1;
        while (first > 0) {
            boolean same = Math.abs(mean(y, levels.get(first - 1)) - steady) < MIN_SHIFT;
            boolean outlier = length(levels.get(first - 1)) == 1 && first >= 2
                    && Math.abs(mean(y, levels.get(first - 2)) - steady) < MIN_SHIFT;
            if (!same && !outlier) {
                break;
            }
            first--;
        }
        if (first == 0) {
            return new Steadiness.Fork(Shape.FLAT, 0, compiling, collecting);
        }
        int steadyFrom = kept[levels.get(first)[0]];
        if (times.length - steadyFrom < Math.max(2, (times.length + 3) / 4)) {
            return new Steadiness.Fork(Shape.NO_STEADY_STATE, null, compiling, collecting);
        }
        boolean slowerBefore = true;
        for (int l = 0; l < first; l++) {
            slowerBefore &= mean(y, levels.get(l)) > steady;
        }
        return new Steadiness.Fork(slowerBefore ? Shape.WARMUP : Shape.SLOWDOWN, steadyFrom, compiling, collecting);
    }

    /**
     * The iterations that were not interrupted: an iteration after the first that is slower, by the least shift, than
     * its neighbours while they agree with each other (the last one: than the two before it) stood still for a while
     * (a collection, a neighbour, a compile) and is no level of its own. The first iterations are never interruptions:
     * slow ones there are the warm-up this looks for.
     */
    private static int[] uninterrupted(double[] y) {
        List<Integer> kept = new ArrayList<>();
        for (int i = 0; i < y.length; i++) {
            double before = i >= 1 ? y[i - 1] : Double.NaN;
            double after = i + 1 < y.length ? y[i + 1] : i >= 2 ? y[i - 2] : Double.NaN;
            boolean interrupted = i >= 1 && y[i] - before >= MIN_SHIFT && y[i] - after >= MIN_SHIFT
                    && Math.abs(before - after) < MIN_SHIFT;
            if (!interrupted) {
                kept.add(i);
            }
        }
        return kept.stream().mapToInt(Integer::intValue).toArray();
    }

    private static List<Integer> marked(double[] readings, double atLeast) {
        List<Integer> marked = new ArrayList<>();
        for (int i = 0; i < readings.length; i++) {
            if (readings[i] >= atLeast) {
                marked.add(i);
            }
        }
        return marked;
    }

    /** The levels [from, to) between the change points. */
    private static List<int[]> levels(double[] y, List<Integer> starts) {
        List<int[]> levels = new ArrayList<>();
        int from = 0;
        for (int start : starts) {
            levels.add(new int[] {from, start});
            from = start;
        }
        levels.add(new int[] {from, y.length});
        return levels;
    }

    private static int[] last(List<int[]> levels) {
        return levels.get(levels.size() - 1);
    }

    private static int length(int[] level) {
        return level[1] - level[0];
    }

    private static double mean(double[] y, int[] level) {
        return Descriptive.mean(y, level[0], level[1]);
    }
}
