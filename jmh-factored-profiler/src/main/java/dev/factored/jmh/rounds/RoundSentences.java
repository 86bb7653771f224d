package dev.factored.jmh.rounds;

import dev.factored.contract.MoreForks;
import dev.factored.contract.RoundEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * The rounds runner's events ({@link RoundEvent}) in words: the lines a person reads in JMH's output when they start
 * the runner themselves (without {@code --events}), and the notes, the text of those lines that are the runner's own
 * about the run, which the run that started the runner passes on to its console as they are. The plan and the fork
 * lines the run words for itself (its progress lines); the notes exist once, here.
 */
public final class RoundSentences {

    /** The start of a note's line. */
    public static final String NOTE = "# factored: ";

    private RoundSentences() {
    }

    /**
     * The event's line in JMH's output: {@code # Rounds: 3 rounds of 84 configurations, order shuffled with seed 42},
     * {@code # Round 2 of 3, configuration 5 of 84, fork 89 of 252} (a further round: {@code # Round 4 (more), …}, with
     * {@code , 3 configurations in turn} for a turn's fork and {@code , warm-up 6 iterations (learned)} where it has
     * one), {@link MoreForks#ROUND_DONE}, else the note after
     * {@link #NOTE}.
     */
    public static String line(RoundEvent event) {
        if (event instanceof RoundEvent.Plan p) {
            return "# Rounds: " + p.rounds() + (p.rounds() == 1 ? " round" : " rounds") + " of " + p.configurations()
                    + (p.configurations() == 1 ? " configuration" : " configurations") + ", order shuffled with seed "
                    + p.seed();
        }
        if (event instanceof RoundEvent.ForkStarted f) {
            return "# Round " + f.round() + (f.further() ? " (more)" : " of " + f.planned()) + ", configuration "
                    + f.configuration() + " of " + f.configurations() + ", fork " + f.fork() + " of " + f.forks()
                    + (f.members() == 1 ? "" : ", " + f.members() + " configurations in turn")
                    + (f.learnedWarmup() == null ? "" : ", warm-up " + f.learnedWarmup() + " iterations (learned)");
        }
        if (event instanceof RoundEvent.RoundDone) {
            return MoreForks.ROUND_DONE;
        }
        return NOTE + note(event);
    }

    /** The text of the runner's note about the run; null for the plan, a fork's start and a round's end. */
    public static String note(RoundEvent event) {
        if (event instanceof RoundEvent.SparingAhead a) {
            return ahead(a);
        }
        if (event instanceof RoundEvent.Spared s) {
            return spared(s);
        }
        if (event instanceof RoundEvent.RequestsUnreadable u) {
            return "no further rounds: cannot read " + u.file() + ": " + u.reason();
        }
        if (event instanceof RoundEvent.NotInRun n) {
            return "no configuration of this run is " + n.request() + ": not run";
        }
        if (event instanceof RoundEvent.NothingToRun) {
            return "no further rounds: none of the forks asked for can run";
        }
        if (event instanceof RoundEvent.FurtherForkFailed f) {
            return "a further fork of " + f.configuration() + " failed; its earlier forks are kept, and it gets no more";
        }
        if (event instanceof RoundEvent.ForkReplaced r) {
            return "this fork of " + r.configuration() + " takes the place of its fork " + (r.replaced() + 1)
                    + ", whose measurement began before its steady state";
        }
        if (event instanceof RoundEvent.TurnApart t) {
            String fork = t.benchmark() + " " + t.mode() + " " + String.join(" ", t.params());
            String members = String.join(", ", t.members());
            return t.unmodified()
                    ? fork + " is unmodified fork/join code, whose pool is sized once per JVM, so " + members
                            + " cannot run in turn in one fork: they are measured in forks of their own from now on"
                    : "the fork of " + fork + " failed, which measures " + members + " in turn (a member failed): they "
                            + "are measured in forks of their own from now on";
        }
        if (event instanceof RoundEvent.ActivityKept k) {
            return "the activity file of a replaced fork of " + k.configuration() + " could not be deleted: " + k.files()
                    + " (the idle split and timeline of its configuration read it)";
        }
        return null;
    }

    /**
     * Which forks may not run and why: the bandwidth forks of families with no baseline configuration surely not, the
     * elision and span forks and the other bandwidth forks only if the forks before them show that the analysis would
     * drop them. A fork not run counts as settled in the progress, so the run's total stays the one the start said.
     */
    private static String ahead(RoundEvent.SparingAhead a) {
        List<String> parts = new ArrayList<>();
        if (a.noBaseline() > 0) {
            parts.add(a.noBaseline() + " bandwidth fork(s) of families without a baseline in the cores list will not"
                    + " run (the test compares the copies with the baseline)");
        }
        if (a.elisionSpan() > 0) {
            parts.add("up to " + a.elisionSpan() + " elision and span fork(s) will not run if a family's earlier forks"
                    + " show unmodified fork/join code, which has neither");
        }
        if (a.bandwidth() > 0) {
            parts.add("up to " + a.bandwidth() + " bandwidth fork(s) will not run if the family's baseline fork shows"
                    + " one copy per operation, or fails (the test would measure nothing)");
        }
        return "of the " + a.planned() + " planned forks, " + String.join("; ", parts)
                + ". They run last in round one; a fork not run counts as done in the progress";
    }

    /** What was left out and why. */
    private static String spared(RoundEvent.Spared s) {
        List<String> parts = new ArrayList<>();
        if (s.unmodified() > 0) {
            parts.add(s.unmodified() + " elision and span fork(s) of unmodified fork/join code, which has neither (its "
                    + "idle time is estimated; the analysis would leave them out): " + String.join(", ",
                    s.unmodifiedOf()));
        }
        if (s.oneCopy() + s.oneCopyRan() > 0) {
            parts.add(s.oneCopy() + " bandwidth fork(s) whose baseline branch runs one copy per operation, not one per "
                    + "CPU, so the test would measure nothing (write it as `if (cores.isBaseline()) return "
                    + "cores.baseline(copy -> sequential(dataOf(copy)));` to measure it)"
                    + (s.oneCopyRan() > 0 ? ", and left out " + s.oneCopyRan() + " that ran before a baseline fork "
                            + "showed it" : "")
                    + ": " + String.join(", ", s.oneCopyOf()));
        }
        if (s.noBaseline() > 0) {
            parts.add(s.noBaseline() + " bandwidth fork(s) of families without a baseline to compare the copies with "
                    + "(none in the cores list, or it failed): " + String.join(", ", s.noBaselineOf()));
        }
        return "skipped " + String.join("; ", parts);
    }
}
