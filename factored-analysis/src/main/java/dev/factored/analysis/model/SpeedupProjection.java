package dev.factored.analysis.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * A projection, not a measurement: the band the speedup over T_s should fall in at P beyond the largest valid P
 * measured, up to {@code projectTo}, from what the measured points and the span run say (method.md, "Projection to
 * more cores"). With T_P = (W_P + I_P)/P, the busy time of the workers W_P = P·T_P − I_P and their idle time I_P
 * are each carried past the largest measured P, at M:
 * <ul>
 *   <li>lower end (pessimistic): the work grows by the inflation per worker measured between the last two points
 *       (none when it fell), and every added worker idles as long as the average one beyond the first did at M (the
 *       serial-section growth Amdahl's law assumes), longer when the idle per worker grew between the last two
 *       points, and at least 1.7·T̂_∞ (Cilkview's burdened span, scaled to the measured work) where a span run
 *       exists;</li>
 *   <li>upper end (optimistic): the least work measured at any P, and the idle of M growing only by its serial
 *       section's part (the idle split, from M ≥ 3: at P = 2 the split cannot tell a serial section from a worker
 *       waking up);</li>
 *   <li>both ends keep to the span law T_P ≥ W_P/parallelism where a span run exists.</li>
 * </ul>
 * The algorithmic and scheduling overheads are in the work (T_1 = T_s + A + S_1): times that do not grow with P, so
 * their losses grow as T_P shrinks. Each end's interval comes from the same bootstrap replicates as every other
 * estimate. Not capped at P: a speedup over T_s exceeds P where the parallel work is below T_s.
 *
 * @param measuredCores the valid P the projection rests on, ascending; it starts after the last of them
 * @param restsOn       which measurements it rests on: {@value #TIMES}, {@value #IDLE}, {@value #SERIAL_IDLE},
 *                      {@value #SPAN}
 * @param speedups      the band at every P from the largest measured P + 1 to {@code projectTo}, ascending
 */
@JsonPropertyOrder({"measuredCores", "restsOn", "speedups"})
public record SpeedupProjection(@JsonProperty(required = true) List<Integer> measuredCores,
        @JsonProperty(required = true) List<String> restsOn,
        @JsonProperty(required = true) List<ProjectedSpeedup> speedups) {

    /** The times at the measured P: the work and how it grew (always). */
    public static final String TIMES = "times";
    /** The idle time at the measured P; without it the whole of P·T_P is taken as work. */
    public static final String IDLE = "idle";
    /** The serial-section part of the idle split at the largest measured P (3 or more), for the upper end. */
    public static final String SERIAL_IDLE = "serialIdle";
    /** The span run's parallelism and burdened parallelism: Cilkview's span law and burdened idle. */
    public static final String SPAN = "span";

    public SpeedupProjection {
        measuredCores = List.copyOf(measuredCores == null ? List.of() : measuredCores);
        restsOn = List.copyOf(restsOn == null ? List.of() : restsOn);
        speedups = List.copyOf(speedups == null ? List.of() : speedups);
        int after = measuredCores.isEmpty() ? 0 : measuredCores.get(measuredCores.size() - 1);
        for (ProjectedSpeedup s : speedups) {
            if (s.cores() <= after) {
                throw new IllegalArgumentException("a projection starts beyond the measured P, found P = " + s.cores()
                        + " after " + after);
            }
            after = s.cores();
        }
    }

    /** The band at P, or null when not projected there. */
    public ProjectedSpeedup at(int cores) {
        for (ProjectedSpeedup s : speedups) {
            if (s.cores() == cores) {
                return s;
            }
        }
        return null;
    }

    /**
     * The projected speedup over T_s at P: between {@code lower} and {@code upper}, each with the interval of its
     * bootstrap replicates.
     */
    @JsonPropertyOrder({"cores", "lower", "upper"})
    public record ProjectedSpeedup(@JsonProperty(required = true) int cores,
            @JsonProperty(required = true) Estimate lower, @JsonProperty(required = true) Estimate upper) {

        public ProjectedSpeedup {
            if (lower == null || upper == null) {
                throw new IllegalArgumentException("the projected speedup at P = " + cores + " needs both ends: one "
                        + "that cannot be computed is left out of the list");
            }
            if (lower.value() > upper.value()) {
                throw new IllegalArgumentException("the projected speedup at P = " + cores + " has its lower end "
                        + lower.value() + " above its upper end " + upper.value());
            }
        }
    }
}
