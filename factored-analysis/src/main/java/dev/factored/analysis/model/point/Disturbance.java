package dev.factored.analysis.model.point;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * Whether other processes disturbed a configuration a point rests on (written flat in the point, as analysis.json has
 * always had it, and left out when not disturbed).
 *
 * @param disturbed        a configuration the point rests on (baseline, elision, 1 or P) was measured while other
 *                         processes took more than the threshold of its CPUs: its numbers describe the machine as much
 *                         as the program, and findings drawn from it are tentative or held back
 * @param disturbedBecause one sentence per such configuration, e.g. "other processes took 23 % of the 2 CPUs of
 *                         P = 2"; empty when not disturbed
 */
@JsonPropertyOrder({"disturbed", "disturbedBecause"})
public record Disturbance(@JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean disturbed,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> disturbedBecause) {

    /** Not disturbed. */
    public static final Disturbance NONE = new Disturbance(false, List.of());

    public Disturbance {
        disturbedBecause = List.copyOf(disturbedBecause == null ? List.of() : disturbedBecause);
        if (disturbed == disturbedBecause.isEmpty()) {
            throw new IllegalArgumentException("a point is " + (disturbed ? "" : "not ") + "disturbed but lists "
                    + disturbedBecause.size() + " reasons for it: " + disturbedBecause);
        }
    }

    /** Disturbed for these reasons, or not when there are none. */
    public static Disturbance because(List<String> reasons) {
        return reasons == null || reasons.isEmpty() ? NONE : new Disturbance(true, reasons);
    }
}
