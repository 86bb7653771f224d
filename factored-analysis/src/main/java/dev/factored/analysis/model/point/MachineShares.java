package dev.factored.analysis.model.point;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.factored.analysis.model.measurement.Estimate;

/**
 * How the machine's time at one point, P·T_P, divides (written flat in the point, as analysis.json has always had
 * it); null where an input was not measured.
 *
 * @param efficiency     actual speedup / P = T_s / (P·T_P): the share doing the baseline's work
 * @param idleShare      I_P / (P·T_P): the share spent idle
 * @param inflationShare F_P / (P·T_P): the share lost to work inflation
 */
@JsonPropertyOrder({"efficiency", "idleShare", "inflationShare"})
public record MachineShares(Estimate efficiency, Estimate idleShare, Estimate inflationShare) {

    /** Nothing measured. */
    public static final MachineShares NONE = new MachineShares(null, null, null);
}
