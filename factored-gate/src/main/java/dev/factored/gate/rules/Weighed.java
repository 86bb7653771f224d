package dev.factored.gate.rules;

import dev.factored.gate.rules.BusyMachine.Slowed;
import dev.factored.gate.terms.Status;
import java.util.List;

/**
 * What the busy machine does to a judged comparison, as data ({@link BusyMachine#comparison}): the status that
 * stands, why (a {@link Busy} code), the busy configurations the words name, their factor and the bound it gives.
 * Its words are {@link BusyMachineWords#comparison}'s; nothing here is formatted.
 *
 * @param status the comparison's status after allowing for the busy machine
 * @param busy   why
 * @param slowed the busy configurations the words name
 * @param factor the product of their explainable slowdowns (W or B of the class documentation of BusyMachine); 1
 *               where none is used
 * @param bound  for {@link Busy#BEYOND} and {@link Busy#MAY_BE_MACHINE} the ratio beyond which a change fails; for
 *               {@link Busy#MAY_HIDE} how bad the change could be; else NaN
 */
public record Weighed(Status status, Busy busy, List<Slowed> slowed, double factor, double bound) {

    /** What the busy machine does to what the test alone decided. */
    enum Busy {
        /** Nothing: no busy configuration. */
        NONE,
        /** A failure the busy configurations can only have made look better. */
        ONLY_LOOK_BETTER,
        /** A failure beyond what the busy machine can explain. */
        BEYOND,
        /** A failure the busy machine can explain: inconclusive. */
        MAY_BE_MACHINE,
        /** A pass the busy configurations can only have made look worse. */
        ONLY_LOOK_WORSE,
        /** A pass that stands even allowing for what the busy machine can hide. */
        PASSES_ALLOWING,
        /** A pass the busy machine may have made up: inconclusive. */
        MAY_HIDE,
        /** Neither a pass nor a failure: the busy configurations are named besides. */
        BESIDES
    }

    public Weighed {
        slowed = List.copyOf(slowed);
    }
}
