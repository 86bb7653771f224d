package dev.factored.analysis.model.measurement;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Why an {@link Estimate} is exactly 0 with no interval: never because it was measured to be exactly 0. A bootstrap
 * interval of a measured quantity has no width only when every replicate is the same, and for a zero that means
 * nothing was measured above zero (or the quantity cannot be anything else), which an interval {@code [0, 0]} would
 * misstate as a precise measurement. Views write it in words ({@code dev.factored.text.Numbers}).
 */
public enum Zero {

    /**
     * Nothing measured above zero: every replicate was at or below 0 for a quantity that cannot be negative (a
     * share of the CPUs, a wait, an idle time) and was taken at 0, or every reading was exactly 0. The true value is
     * at most what the measurement can resolve, not known to be 0.
     */
    @JsonProperty("noneMeasured")
    NONE_MEASURED,

    /** Zero by the quantity's definition at this configuration, e.g. a tail of idle time with a single worker. */
    @JsonProperty("byConstruction")
    BY_CONSTRUCTION
}
