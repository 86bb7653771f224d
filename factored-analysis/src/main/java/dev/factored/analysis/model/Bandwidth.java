package dev.factored.analysis.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.factored.analysis.model.measurement.Estimate;

/**
 * The bandwidth test with the most copies: P copies of the baseline at once on P CPUs, and how much slower a copy
 * ran than the baseline alone. Both null when it was not measured (or without a baseline).
 *
 * @param copies   P of the test
 * @param slowdown T_bandwidth / T_s
 */
@JsonPropertyOrder({"bandwidthCopies", "bandwidthSlowdown"})
public record Bandwidth(@JsonProperty("bandwidthCopies") Integer copies,
        @JsonProperty("bandwidthSlowdown") Estimate slowdown) {

    /** Not measured. */
    public static final Bandwidth NONE = new Bandwidth(null, null);

    /** Whether the test ran and gave a slowdown. */
    @JsonIgnore
    public boolean measured() {
        return copies != null && slowdown != null;
    }
}
