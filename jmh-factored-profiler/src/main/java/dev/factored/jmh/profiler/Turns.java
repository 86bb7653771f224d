package dev.factored.jmh.profiler;

import dev.factored.contract.CoresTurn;
import dev.factored.contract.CoresValue;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The order in which a turn's fork ({@link CoresTurn}, {@code cores=1+2}) runs its members: rounds of one iteration of
 * every member, each round's order shuffled anew, warm-up and measurement iterations numbered together. The profiler's
 * fork half advances it before every iteration (JMH calls the profiler before the iteration's setup), the
 * {@code Cores} state reads the member in its iteration setup: one schedule per fork, so the member is kept here.
 *
 * <p>The shuffle's seed is {@value #SEED_PROPERTY} when the fork has it (to repeat an order), else the clock's.
 */
public final class Turns {

    /** System property of a fork: the seed of its rounds' order (a long), to repeat it. */
    public static final String SEED_PROPERTY = "factored.turnSeed";

    /** The member of the iteration under way in this JVM; null before a turn's first iteration. */
    private static volatile CoresValue current;

    private final CoresTurn turn;
    private final Random random;
    private final List<CoresValue> round = new ArrayList<>();
    private int next;

    Turns(CoresTurn turn, long seed) {
        this.turn = turn;
        this.random = new Random(seed);
    }

    /**
     * The schedule of this fork's turn, seeded by {@value #SEED_PROPERTY} or the clock.
     *
     * @throws IllegalArgumentException when the property is not a whole number
     */
    static Turns ofThisFork(CoresTurn turn) {
        String seed = System.getProperty(SEED_PROPERTY);
        try {
            return new Turns(turn, seed == null ? System.nanoTime() : Long.parseLong(seed.strip()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-D" + SEED_PROPERTY + "=" + seed + " is not a whole number", e);
        }
    }

    CoresTurn turn() {
        return turn;
    }

    /** The next iteration's member, which becomes {@link #current()}: a new round begins after every member's turn. */
    CoresValue advance() {
        if (next == round.size()) {
            round.clear();
            round.addAll(turn.members());
            Collections.shuffle(round, random);
            next = 0;
        }
        CoresValue member = round.get(next++);
        current = member;
        return member;
    }

    /** The member of the iteration under way in this JVM, or null when no turn's iteration has begun. */
    public static CoresValue current() {
        return current;
    }

    /** Whether unmodified code refused the turn in this JVM ({@code TurnRefused}): its iteration ran no operation. */
    private static volatile boolean refused;

    /** Unmodified code refused this JVM's turn: the fork ends there, and its empty iteration is no news. */
    public static void refused() {
        refused = true;
    }

    static boolean wasRefused() {
        return refused;
    }
}
