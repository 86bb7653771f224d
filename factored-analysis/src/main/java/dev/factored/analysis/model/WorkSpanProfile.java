package dev.factored.analysis.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.factored.analysis.model.measurement.Estimate;
import java.util.List;

/**
 * The task dag's parallelism profile from the {@code span} configuration (METHOD.md §5) and Cilkview's bounds;
 * every number is null (and the bounds empty) where the span run, or T_s and T_1 for the bounds, is missing.
 *
 * @param work                T_1 of the task dag: the summed time of its strands
 * @param span                T_∞: its longest chain of dependent strands
 * @param burdenedSpan        T̂_∞: the span with the measured burden on every forked task
 * @param parallelism         T_1/T_∞: the most speedup any number of cores can give (over T_1)
 * @param burdenedParallelism T_1/T̂_∞: the same if every forked task were stolen
 * @param spawns              tasks forked per operation
 * @param averageStrand       work / strands: the average time between two fork/join boundaries
 * @param burden              the burden per forked task, one steal and migration measured on the machine
 * @param bounds              Cilkview's lower and upper bounds on the speedup over T_s for P = 1 … projectTo,
 *                            ascending
 */
@JsonPropertyOrder({"work", "span", "burdenedSpan", "parallelism", "burdenedParallelism", "spawns", "averageStrand",
        "burden", "bounds"})
public record WorkSpanProfile(Estimate work, Estimate span, Estimate burdenedSpan, Estimate parallelism,
        Estimate burdenedParallelism, Estimate spawns, Estimate averageStrand, Estimate burden, List<Bound> bounds) {

    /** No span run. */
    public static final WorkSpanProfile NONE = new WorkSpanProfile(null, null, null, null, null, null, null, null,
            List.of());

    public WorkSpanProfile {
        bounds = List.copyOf(bounds == null ? List.of() : bounds);
        for (int i = 1; i < bounds.size(); i++) {
            if (bounds.get(i).cores() <= bounds.get(i - 1).cores()) {
                throw new IllegalArgumentException("bounds must be in ascending P without repeats, found P = "
                        + bounds.get(i).cores() + " after " + bounds.get(i - 1).cores());
            }
        }
    }

    /** The bound at P, or null when not projected. */
    public Bound bound(int cores) {
        for (Bound b : bounds) {
            if (b.cores() == cores) {
                return b;
            }
        }
        return null;
    }
}
