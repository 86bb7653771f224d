package dev.factored.gate.rules;

import dev.factored.contract.CoresValue;
import dev.factored.gate.rules.BusyMachine.Side;
import dev.factored.gate.rules.BusyMachine.Slowed;
import dev.factored.gate.terms.Ratios;
import dev.factored.text.Numbers;
import java.util.List;

/**
 * The words of {@link BusyMachine}'s reasons: which configuration of which run was busy, how much that can explain,
 * and what to do. The maths and the decisions stay in BusyMachine.
 */
public final class BusyMachineWords {

    private BusyMachineWords() {
    }

    static String possessive(Side side) {
        return side == Side.CURRENT ? "the current run's " : "the baseline's ";
    }

    /** What a change in the wrong direction is called: a time's slowdown, a speedup's lower speedup. */
    static String what(boolean lowerIsBetter) {
        return lowerIsBetter ? "slowdown" : "lower speedup";
    }

    /**
     * "the current run's P = 2 was measured while other processes took 25.0% of its 2 CPUs"; for a baseline of
     * several runs "… took up to 25.0% of its 2 CPUs (in 2 of its 5 runs)".
     */
    static String clause(Slowed s) {
        return clause(s.side(), s.cores(), s.share(), s.cpus(), s.disturbedRuns(), s.runs());
    }

    static String clause(Side side, CoresValue cores, double share, int cpus, int disturbedRuns, int runs) {
        String several = runs > 1 ? "up to " : "";
        return possessive(side) + name(cores) + " was measured while other processes took " + several
                + Numbers.percent(Math.max(0, share)) + " of its " + (cpus == 1 ? "CPU" : cpus + " CPUs")
                + (runs > 1 ? " (in " + disturbedRuns + " of its " + runs + " runs)" : "");
    }

    /** How a configuration is named in a sentence: {@code P = 2}, {@code T_s (cores=baseline)}. */
    static String name(CoresValue c) {
        if (c.isBaseline()) {
            return "T_s (cores=baseline)";
        }
        if (c.isElision()) {
            return "T_e (cores=elision)";
        }
        if (c.isParallel()) {
            return "P = " + c.workers();
        }
        return "cores=" + c;
    }

    static String clauses(List<Slowed> slowed) {
        return String.join(", and ", slowed.stream().map(BusyMachineWords::clause).toList());
    }

    /** What the user does: re-run, record the baseline again, or both. */
    static String advice(List<Slowed> slowed) {
        boolean current = slowed.stream().anyMatch(s -> s.side() == Side.CURRENT);
        boolean baseline = slowed.stream().anyMatch(s -> s.side() == Side.BASELINE);
        if (current && baseline) {
            return "re-run on a quiet machine, and record the baseline again on one";
        }
        return baseline ? "record the baseline again on a quiet machine (updateBaseline)" : "re-run on a quiet machine";
    }

    static String factorText(double f) {
        return Numbers.speedup(f);
    }

    /**
     * A judged comparison's reason: the test's own, then what the busy machine does to it.
     *
     * @param reason        the test's reason (without the noise source)
     * @param lowerIsBetter a time (else a speedup)
     * @param tolerance     the accepted change t
     */
    public static String comparison(String reason, Weighed w, boolean lowerIsBetter, double tolerance) {
        return switch (w.busy()) {
            case NONE -> reason;
            case ONLY_LOOK_BETTER -> onlyLookBetter(reason, w.slowed());
            case BEYOND -> beyondMachine(reason, w.factor(), lowerIsBetter, w.slowed(), w.bound());
            case MAY_BE_MACHINE -> mayBeMachine(reason, w.slowed(), w.factor(), lowerIsBetter, w.bound(), tolerance);
            case ONLY_LOOK_WORSE -> onlyLookWorse(reason, w.slowed());
            case PASSES_ALLOWING -> passesAllowing(reason, w.factor(), lowerIsBetter, w.slowed());
            case MAY_HIDE -> mayHide(reason, w.slowed(), w.factor(), lowerIsBetter, w.bound());
            case BESIDES -> besides(reason, w.slowed());
        };
    }

    /** The busy configurations can only have made the checked quantity look better than it is. */
    static String onlyLookBetter(String reason, List<Slowed> slowed) {
        return reason + "; the busy machine (" + clauses(slowed) + ") can only have made it look better";
    }

    static String beyondMachine(String reason, double w, boolean lowerIsBetter, List<Slowed> worse, double limit) {
        return reason + ", and beyond the " + factorText(w) + " " + what(lowerIsBetter)
                + " the busy machine can explain (" + clauses(worse) + "; here a change fails only beyond "
                + Numbers.change(limit) + ")";
    }

    static String mayBeMachine(String reason, List<Slowed> worse, double w, boolean lowerIsBetter, double limit,
            double tolerance) {
        return reason + ", but " + clauses(worse) + ", which alone can explain up to a " + factorText(w) + " "
                + what(lowerIsBetter) + ": here a change fails only beyond " + Numbers.change(limit) + " (the "
                + Ratios.percent(tolerance) + " tolerance and " + factorText(w) + "); " + advice(worse);
    }

    static String onlyLookWorse(String reason, List<Slowed> worse) {
        return reason + "; the busy machine (" + clauses(worse) + ") can only have made it look worse";
    }

    static String passesAllowing(String reason, double b, boolean lowerIsBetter, List<Slowed> better) {
        return reason + "; it passes even allowing for up to a " + factorText(b) + " " + what(lowerIsBetter)
                + " hidden by the busy machine (" + clauses(better) + ")";
    }

    static String mayHide(String reason, List<Slowed> better, double b, boolean lowerIsBetter, double worst) {
        return reason + ", but " + clauses(better) + ", which can hide up to a " + factorText(b) + " "
                + what(lowerIsBetter) + ": allowing for it the change could be as bad as " + Numbers.change(worst) + "; "
                + advice(better);
    }

    static String besides(String reason, List<Slowed> all) {
        return reason + "; besides, " + clauses(all);
    }

    static String withClauses(String reason, List<Slowed> all) {
        return reason + "; " + clauses(all);
    }

    static String stillFails(String reason, double e, List<Slowed> causes, String again) {
        return reason + ", and still after allowing for up to a " + factorText(e) + " slowdown from the busy machine ("
                + clauses(causes) + "): " + again;
    }

    static String ruleMayBeMachine(String reason, List<Slowed> causes, double e, String again) {
        return reason + ", but " + clauses(causes) + ", which alone can explain up to a " + factorText(e)
                + " slowdown: allowing for it, " + again + "; " + advice(causes);
    }

    static String rulePasses(String reason, List<Slowed> all) {
        return reason + "; it passes even allowing for the busy machine (" + clauses(all) + ")";
    }

    static String ruleMayHide(String reason, List<Slowed> hiding, double factor, String worst) {
        return reason + ", but " + clauses(hiding) + ", which can hide up to a " + factorText(factor)
                + " slowdown: allowing for it, " + worst + "; " + advice(hiding);
    }
}
