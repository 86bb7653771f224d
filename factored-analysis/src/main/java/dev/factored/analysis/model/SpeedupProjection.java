package dev.factored.analysis.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.factored.analysis.model.measurement.Estimate;
import java.util.List;

/**
 * A projection, not a measurement: the band the speedup over T_s should fall in at P beyond the largest valid P
 * measured, M, up to {@code projectTo}, from what the measured points and the span run say (method.md, "Projection to
 * more cores"). With P·T_P = W_P + I_P, the busy time of the workers W_P = P·T_P − I_P and their idle time I_P are each
 * carried past M:
 * <ul>
 *   <li>lower edge (pessimistic, {@value #MODEL}): the work of M, growing by the last step's inflation per worker only
 *       where it grew beyond its interval ({@value #WORK_GROWTH}), or by W_1·(s − 1)/(c − 1) per worker where the
 *       bandwidth test's c copies slowed each other by s beyond its interval ({@value #SHARED_MEMORY}); the idle per
 *       worker I_M/M, growing only as a serial section σ would, by σ·((P − 1)/P − (M − 1)/M), with σ the split's
 *       serial section at M (at M = 2 it holds a worker's wake-up too, which only lowers the edge), or the growth of
 *       the idle per worker between the last two parallel points where that is larger, or the whole idle of M = 2
 *       where no split tells it from a serial section ({@value #UNSPLIT_IDLE}); but never below Cilkview's burdened
 *       bound ({@value #GREEDY_BOUND}) where a span run exists;</li>
 *   <li>upper edge (optimistic, {@value #MODEL}): the least work measured at any P and the idle worker-time of M,
 *       growing only by the split's serial section from M ≥ 3; never above P ({@value #WORK_LAW}: a speedup above P
 *       would need the parallel code to do less work than the best sequential code) nor above the span law's
 *       (T_s/T_1)·parallelism ({@value #SPAN_LAW});</li>
 *   <li>both model edges keep to the span law T_P ≥ W_P/parallelism where a span run exists.</li>
 * </ul>
 * The algorithmic and scheduling overheads are in the work (T_1 = T_s + A + S_1): times that do not grow with P, so
 * their losses grow as T_P shrinks. Each edge's interval comes from the same bootstrap replicates as every other
 * estimate.
 *
 * @param measuredCores the valid P the projection rests on, ascending; it starts after the last of them
 * @param restsOn       which measurements it rests on: {@value #TIMES}, {@value #IDLE}, {@value #SERIAL_IDLE},
 *                      {@value #SPAN}
 * @param speedups      the band at every P from the largest measured P + 1 to {@code projectTo}, ascending
 * @param widenedBy     what the measurements could not settle, so that the lower edge takes the worst case:
 *                      {@value #WORK_GROWTH}, {@value #UNSPLIT_IDLE}, {@value #SHARED_MEMORY}; empty when nothing
 *                      (and in older files)
 */
@JsonPropertyOrder({"measuredCores", "restsOn", "widenedBy", "speedups"})
public record SpeedupProjection(@JsonProperty(required = true) List<Integer> measuredCores,
        @JsonProperty(required = true) List<String> restsOn,
        @JsonProperty(required = true) List<ProjectedSpeedup> speedups,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> widenedBy) {

    /** The times at the measured P: the work and how it grew (always). */
    public static final String TIMES = "times";
    /** The idle time at the measured P; without it the whole of P·T_P is taken as work. */
    public static final String IDLE = "idle";
    /** The serial-section part of the idle split at the largest measured P. */
    public static final String SERIAL_IDLE = "serialIdle";
    /** The span run's parallelism and burdened parallelism: the span law and Cilkview's burdened bound. */
    public static final String SPAN = "span";

    /** An edge from the measured work and idle carried on past M. */
    public static final String MODEL = "model";
    /** The lower edge is Cilkview's burdened bound (T_s/T_1)·T_1/(T_1/P + (1 − 1/P)·1.7·T̂_∞). */
    public static final String GREEDY_BOUND = "greedyBound";
    /** The upper edge is P: the work law. */
    public static final String WORK_LAW = "workLaw";
    /** The edge is (T_s/T_1)·parallelism, or the model's time held up to W/parallelism: the span law. */
    public static final String SPAN_LAW = "spanLaw";

    /** The work grew between the last two points beyond its interval, and the lower edge lets it go on growing. */
    public static final String WORK_GROWTH = "workGrowth";
    /** No idle split at M = 2 told the idle from a serial section: the lower edge takes all of it as one. */
    public static final String UNSPLIT_IDLE = "unsplitIdle";
    /**
     * The bandwidth test's copies of the baseline slowed each other beyond its interval (memory or cache shared): the
     * lower edge lets the work grow with every added worker by that slowdown's share of W_1, per added copy.
     */
    public static final String SHARED_MEMORY = "sharedMemory";

public SpeedupProjection {
        measuredCores = List.copyOf(measuredCores == null ? List.of() : measuredCores);
        restsOn = List.copyOf(restsOn == null ? List.of() : restsOn);
        speedups = List.copyOf(speedups == null ? List.of() : speedups);
        widenedBy = List.copyOf(widenedBy == null ? List.of() : widenedBy);
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
     * bootstrap replicates, and what decided each edge at the point estimate.
     *
     * @param lowerFrom {@value #MODEL}, {@value #GREEDY_BOUND} or {@value #SPAN_LAW} (the model's time held up by
     *                  T_∞), or the upper edge's where a bound put the lower edge above it; null in older files
     * @param upperFrom {@value #MODEL}, {@value #WORK_LAW} or {@value #SPAN_LAW}; null in older files
     */
    @JsonPropertyOrder({"cores", "lower", "upper", "lowerFrom", "upperFrom"})
    public record ProjectedSpeedup(@JsonProperty(required = true) int cores,
            @JsonProperty(required = true) Estimate lower, @JsonProperty(required = true) Estimate upper,
            @JsonInclude(JsonInclude.Include.NON_NULL) String lowerFrom,
            @JsonInclude(JsonInclude.Include.NON_NULL) String upperFrom) {

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
