package dev.factored.jmh.rounds;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;

/**
 * The order of a suite's forks in randomized interleaved rounds (Abedi and Brecht, ICPE 2017): round r runs one
 * fork of every configuration that has at least r forks, in a shuffled order, so that a busy spell on the machine
 * hits the configurations alike and shows up as noise between forks instead of shifting one configuration. Pure.
 *
 * <p>The shuffle is {@link Collections#shuffle(List, Random)} with a {@link Random} seeded once for the whole plan;
 * both algorithms are specified by the JDK, so a seed gives the same order on every JDK.
 *
 * @param rounds the configurations of each round, in the order to run them
 * @param seed   the seed the order came from
 * @param <T>    a configuration
 */
record RoundPlan<T>(List<List<T>> rounds, long seed) {

    RoundPlan {
        List<List<T>> copy = new ArrayList<>();
        for (List<T> round : rounds) {
            copy.add(List.copyOf(round));
        }
        rounds = List.copyOf(copy);
    }

    /**
     * @param configurations the configurations in a fixed order (JMH's), which the seed then permutes
     * @param forks          a configuration's fork count; 0 (JMH's "run in the host JVM") takes part in the first
     *                       round only, like one fork
     */
    static <T> RoundPlan<T> shuffled(List<T> configurations, ToIntFunction<T> forks, long seed) {
        int rounds = 0;
        for (T c : configurations) {
            rounds = Math.max(rounds, Math.max(1, forks.applyAsInt(c)));
        }
        Random random = new Random(seed);
        List<List<T>> plan = new ArrayList<>();
        for (int r = 1; r <= rounds; r++) {
            List<T> round = new ArrayList<>();
            for (T c : configurations) {
                if (Math.max(1, forks.applyAsInt(c)) >= r) {
                    round.add(c);
                }
            }
            Collections.shuffle(round, random);
            plan.add(round);
        }
        return new RoundPlan<>(plan, seed);
    }

    /**
     * The same plan with the first round's configurations that {@code late} selects moved to its end, each part in
     * its shuffled order. Rounds runs the elision, span and bandwidth forks late in round one, so that what the
     * earlier forks showed (unmodified code, a baseline that runs one copy) can spare the forks the analysis would
     * drop; the later rounds stay wholly shuffled.
     */
    RoundPlan<T> lateInFirstRound(Predicate<T> late) {
        if (rounds.isEmpty()) {
            return this;
        }
        List<T> first = new ArrayList<>();
        List<T> last = new ArrayList<>();
        for (T c : rounds.get(0)) {
            (late.test(c) ? last : first).add(c);
        }
        first.addAll(last);
        List<List<T>> plan = new ArrayList<>(rounds);
        plan.set(0, first);
        return new RoundPlan<>(plan, seed);
    }

    /** The forks of all rounds together, each counted with its weight ({@link RoundProgress}). */
    int weight(ToIntFunction<T> weight) {
        int n = 0;
        for (List<T> round : rounds) {
            for (T c : round) {
                n += weight.applyAsInt(c);
            }
        }
        return n;
    }

    /** The forks of all rounds together. */
    int runs() {
        int n = 0;
        for (List<T> round : rounds) {
            n += round.size();
        }
        return n;
    }
}
