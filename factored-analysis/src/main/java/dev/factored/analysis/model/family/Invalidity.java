package dev.factored.analysis.model.family;

import dev.factored.analysis.model.measurement.Interference;
import dev.factored.analysis.model.point.Point;

/**
 * Why a point measures something other than its {@code cores} value says, as data: the fixed word that starts its
 * reason in {@link Point#invalidBecause()} (e.g. {@code busy}, {@link Point#OVERSUBSCRIBED}) and what it measured
 * instead. The diagnosis' words write both the point's reason and the headline of a P that could not be measured from
 * it, so that neither is cut out of the other.
 *
 * @param code   the fixed word a machine tells the reasons apart by
 * @param clause what was measured instead, e.g. "4 workers shared 2 CPUs"; for {@code busy}, what other processes
 *               took ({@link Interference#because()})
 */
public record Invalidity(String code, String clause) {

    /** The reason of a configuration measured while other processes took its CPUs. */
    public static final String BUSY = "busy";
}
