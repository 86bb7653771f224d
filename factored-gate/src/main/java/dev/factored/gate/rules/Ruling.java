package dev.factored.gate.rules;

import dev.factored.gate.rules.BusyMachine.Slowed;
import dev.factored.gate.terms.Status;
import java.util.List;

/**
 * A rule's decision on a family, as data: the plain {@link Judgement} of the measured estimate and, where it rests
 * on configurations measured on a busy machine, what allowing for them decided ({@link BusyMachine#rule}). Its words
 * are {@link RuleWords}'.
 *
 * @param plain   the judgement of the measured estimate
 * @param busy    what the busy machine does to it; {@link Busy#NONE} on a quiet one
 * @param slowed  the busy configurations the words name (for {@link Busy#STILL_FAILS}, {@link Busy#MAY_BE_MACHINE}
 *                and {@link Busy#MAY_HIDE} those that moved the estimate; else every one the check rests on)
 * @param factor  the explainable slowdown E of the configurations that moved the estimate (1 when none did)
 * @param again   the judgement of the corrected estimate; null where none was made
 */
record Ruling(Judgement plain, Busy busy, List<Slowed> slowed, double factor, Judgement again) {

    /** What the busy machine does to a plain judgement. */
    enum Busy {
        /** Nothing: no busy configuration, or nothing to correct. */
        NONE,
        /** A failure the busy configurations can only have made look better: it stands. */
        ONLY_LOOK_BETTER,
        /** A failure that still fails after crediting the explainable slowdown. */
        STILL_FAILS,
        /** A failure the explainable slowdown can account for: inconclusive. */
        MAY_BE_MACHINE,
        /** A pass that still passes after charging every explainable slowdown. */
        PASSES,
        /** A pass the explainable slowdown may have made up: inconclusive. */
        MAY_HIDE
    }

    Ruling {
        slowed = List.copyOf(slowed);
    }

    /** A judgement on a quiet machine, or one the busy machine does not change. */
    static Ruling plain(Judgement judgement) {
        return new Ruling(judgement, Busy.NONE, List.of(), 1, null);
    }

    /** The rule's status: the plain one, unless the busy machine leaves the rule inconclusive. */
    Status status() {
        return switch (busy) {
            case NONE -> plain.status();
            case ONLY_LOOK_BETTER, STILL_FAILS -> Status.FAIL;
            case PASSES -> Status.PASS;
            case MAY_BE_MACHINE, MAY_HIDE -> Status.INCONCLUSIVE;
        };
    }
}
