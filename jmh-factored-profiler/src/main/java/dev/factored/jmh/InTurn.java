package dev.factored.jmh;

import dev.factored.contract.CoresTurn;
import dev.factored.contract.TurnRefused;
import dev.factored.contract.CoresValue;
import dev.factored.forkjoin.FactoredPool;
import dev.factored.jmh.profiler.Turns;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@link Cores} state under a turn ({@code -p cores=1+2}, {@link CoresTurn}): the configurations measured in turn
 * inside one fork, one iteration each per round. The trial opens what every member needs (a pool of P workers for
 * each P, the elision's pool; the baseline needs none); the profiler chooses each iteration's member before the
 * iteration's setup ({@link Turns}), which makes it current. Without the profiler nothing would say afterwards which
 * iteration ran which member, so the trial fails; unmodified parallel code cannot run in turn, its pool's size being
 * fixed when it is made.
 */
final class InTurn implements AutoCloseable {

    private final CoresTurn turn;
    /** The pool of every member that has one, by member. */
    private final Map<CoresValue, FactoredPool> pools;

    private InTurn(CoresTurn turn, Map<CoresValue, FactoredPool> pools) {
        this.turn = turn;
        this.pools = pools;
    }

    /**
     * Opens every member's pool.
     *
     * @param recordActivity whether the pools with workers keep their busy periods (the host asked for activity)
     * @throws IllegalStateException in a JVM the profiler did not start
     */
    static InTurn open(CoresTurn turn, boolean recordActivity) {
        if (!Unprofiled.profiled()) {
            throw new IllegalStateException("cores = " + turn + " measures its configurations in turn inside one "
                    + "fork, and only the factored profiler tags each iteration with the one it ran: run it with -prof "
                    + "dev.factored.jmh.FactoredProfiler and forks >= 1 (factored run and the Maven goal always give "
                    + "it), or give the configurations apart, -p cores=" + String.join(",",
                    turn.members().stream().map(CoresValue::toString).toList()));
        }
        Map<CoresValue, FactoredPool> pools = new LinkedHashMap<>();
        InTurn opened = new InTurn(turn, pools);
        try {
            for (CoresValue member : turn.members()) {
                if (!member.isBaseline()) {
                    pools.put(member, FactoredPool.open(member, recordActivity));
                }
            }
        } catch (RuntimeException e) {
            opened.close();
            throw e;
        }
        return opened;
    }

    /**
     * The member of the iteration under way.
     *
     * @throws IllegalStateException when the profiler chose none of this turn's members
     */
    CoresValue current() {
        CoresValue member = Turns.current();
        if (member == null || !turn.members().contains(member)) {
            throw new IllegalStateException("cores = " + turn + ": the profiler chose " + (member == null ? "no member"
                    : "cores = " + member + ", not a member") + " for this iteration; run it with -prof "
                    + "dev.factored.jmh.FactoredProfiler and forks >= 1");
        }
        return member;
    }

    /** The member of the iteration under way, for a turn whose state has not set up yet (a trial setup's question). */
    static CoresValue member(String cores) {
        CoresValue member = Turns.current();
        if (member == null) {
            throw new IllegalStateException("cores = " + cores + ": no member of the turn runs yet (the profiler "
                    + "chooses one before each iteration; run it with -prof dev.factored.jmh.FactoredProfiler)");
        }
        return member;
    }

    /** The member's pool; null for the baseline, which has none. */
    FactoredPool pool(CoresValue member) {
        return pools.get(member);
    }

    /**
     * Why unmodified parallel code ({@code Cores.call}, {@code Cores.forkJoinPool}) cannot run in turn: the common
     * pool's size is fixed at the JVM's start, a pool of the user's when it is made, and the members need one each.
     */
    static TurnRefused refuse(String cores, String call) {
        Turns.refused();
        return new TurnRefused(call + " runs unmodified parallel code, which cannot run under cores = "
                + cores + " (configurations in turn inside one fork): its pool's size is fixed when it is made (the "
                + "common pool's at the JVM's start), so one fork cannot give each member its own. Measure such a "
                + "benchmark in separate forks: the run's setting shareForks=none (--shareForks=none), or the "
                + "configurations apart, -p cores=" + cores.replace(CoresTurn.JOIN, ","));
    }

    /** Closes every member's pool, each even when another fails. */
    @Override
    public void close() {
        RuntimeException failure = null;
        for (FactoredPool pool : pools.values()) {
            try {
                pool.close();
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        pools.clear();
        if (failure != null) {
            throw failure;
        }
    }
}
