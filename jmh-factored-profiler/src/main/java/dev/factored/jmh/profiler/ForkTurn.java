package dev.factored.jmh.profiler;

import dev.factored.contract.CoresTurn;
import dev.factored.contract.CoresValue;
import dev.factored.jmh.machine.ForkCores;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The turn of a fork whose {@code cores} param is one ({@link CoresTurn}, {@code cores=1+2}): the member of the
 * iteration under way, taken from the trial's schedule ({@link Turns}) before each iteration. In a fork of one
 * configuration there is none.
 */
final class ForkTurn {

    private Turns turns;
    /** The trial {@link #turns} is the schedule of: each trial has its own. */
    private BenchmarkParams trial;
    private CoresValue member;

    /**
     * The member of the iteration that begins now; null when the trial runs one configuration.
     *
     * @param cores the trial's {@code cores} param ({@link TrialCores})
     */
    CoresValue begin(BenchmarkParams params, ForkCores cores) {
        CoresTurn turn = cores.turn();
        if (turn == null) {
            turns = null;
            member = null;
        } else {
            if (turns == null || trial != params) {
                trial = params;
                turns = Turns.ofThisFork(turn);
            }
            member = turns.advance();
        }
        return member;
    }

    /** The member of the iteration under way; null when the trial runs one configuration. */
    CoresValue member() {
        return member;
    }

    /**
     * Whether the turn runs the baseline: then every iteration reports the heap the baseline's fork would, so that the
     * bandwidth test can size its own, and the figures line up with the fork's other iterations.
     */
    boolean hasBaseline() {
        return turns != null && turns.turn().members().contains(CoresValue.BASELINE_VALUE);
    }
}
