package dev.factored.analysis.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.factored.analysis.model.finding.Explanation;
import dev.factored.analysis.model.finding.Finding;
import dev.factored.analysis.model.measurement.ConfigurationRun;
import dev.factored.analysis.model.measurement.FamilyId;
import dev.factored.analysis.model.measurement.Interference;
import dev.factored.analysis.model.measurement.Measurement;
import dev.factored.analysis.model.measurement.Steadiness;
import dev.factored.analysis.model.point.Point;
import dev.factored.contract.CoresValue;
import java.util.List;

/**
 * The factored-speedup analysis of one family: one benchmark method with fixed params, measured in
 * several {@code cores} configurations. Times are seconds per operation; a configuration that was not
 * measured leaves {@code null} in everything it would have fed. The groups ({@code id}, {@code times},
 * {@code profile}, {@code bandwidth}, {@code explanation}, {@code measurement}) are written flat, their fields side by
 * side with the others, as analysis.json has always had them.
 *
 * @param id             the family's key: the benchmark method, its params without {@code cores}, the JMH mode
 * @param times          T_s, T_e, T_1 and the algorithmic and scheduling overheads they give
 * @param idleSource     how the idle time was measured: {@value #IDLE_INSTRUMENTED} (the instrumented pool counted
 *                       it at busy/idle transitions) or {@value #IDLE_ESTIMATED} (unmodified fork/join code: estimated
 *                       from the threads' CPU time, spinning counted as busy and preemption as idle); null when no
 *                       idle time was measured
 * @param points         one per measured P, ascending
 * @param profile        work, span and Cilkview's bounds from {@code cores=span}
 * @param scalingModels  Amdahl, Karp–Flatt and USL fitted to the valid points, or why not; null in files written
 *                       before the fits existed
 * @param projection     the speedup band projected beyond the largest valid P (a projection, not a measurement);
 *                       null when there is nothing to project from, and in files written before it existed
 * @param bandwidth      the bandwidth test (P copies of the baseline at once)
 * @param timeline       a typical operation's activity (each worker's busy periods) at the largest valid P, null
 *                       when no activity was recorded
 * @param explanation    the findings, the diagnosis's texts and the warnings' texts
 * @param measurement    how it was measured: the raw samples of every configuration, what the machine took from
 *                       them, their steadiness, the JVM and JMH settings
 */
@JsonPropertyOrder({"id", "times", "idleSource", "points", "profile", "scalingModels", "projection", "bandwidth",
        "timeline", "explanation", "measurement"})
public record FamilyAnalysis(
        @JsonUnwrapped FamilyId id,
        @JsonUnwrapped ReferenceTimes times,
        String idleSource,
        @JsonProperty(required = true) List<Point> points,
        @JsonUnwrapped WorkSpanProfile profile,
        @JsonInclude(JsonInclude.Include.NON_NULL) ScalingModels scalingModels,
        @JsonInclude(JsonInclude.Include.NON_NULL) SpeedupProjection projection,
        @JsonUnwrapped Bandwidth bandwidth,
        Timeline timeline,
        @JsonUnwrapped Explanation explanation,
        @JsonUnwrapped Measurement measurement) {

    public static final String IDLE_INSTRUMENTED = "instrumented";
    public static final String IDLE_ESTIMATED = "estimated";

    public FamilyAnalysis {
        // Any other idleSource (a newer file's) is kept as it is: this version shows neither tag for it.
        if (id == null) {
            throw new IllegalArgumentException("a family needs a benchmark name");
        }
        times = times == null ? ReferenceTimes.NONE : times;
        points = List.copyOf(points == null ? List.of() : points);
        for (int i = 1; i < points.size(); i++) {
            if (points.get(i).cores() <= points.get(i - 1).cores()) {
                throw new IllegalArgumentException(id.label() + ": points must be in ascending P without "
                        + "repeats, found P = " + points.get(i).cores() + " after " + points.get(i - 1).cores());
            }
        }
        profile = profile == null ? WorkSpanProfile.NONE : profile;
        bandwidth = bandwidth == null ? Bandwidth.NONE : bandwidth;
        explanation = explanation == null ? Explanation.NONE : explanation;
        measurement = measurement == null ? new Measurement(null, null, null, null) : measurement;
    }

    /** The same family with other findings and texts. */
    public FamilyAnalysis withExplanation(Explanation other) {
        return new FamilyAnalysis(id, times, idleSource, points, profile, scalingModels, projection, bandwidth,
                timeline, other, measurement);
    }

    /** The findings about the program, headline first: every finding that is not a warning. */
    public List<Finding> programFindings() {
        return explanation.programFindings();
    }

    /** What the machine took from one configuration , or null when not measured. */
    public Interference interference(CoresValue cores) {
        for (Interference i : measurement.interference()) {
            if (i.cores().equals(cores)) {
                return i;
            }
        }
        return null;
    }

    /** The points that measure what their P says, ascending. */
    @JsonIgnore
    public List<Point> validPoints() {
        return points.stream().filter(Point::valid).toList();
    }

    /** The valid point with the largest P: where conclusions are drawn. Null when there is none. */
    @JsonIgnore
    public Point largestValidPoint() {
        List<Point> valid = validPoints();
        return valid.isEmpty() ? null : valid.get(valid.size() - 1);
    }

    /**
     * The point a one-line summary (report, log, summary.md) gives the speedup at: the largest valid one, unless only
     * P = 1 is valid while a larger P was measured and is not (a CPU taken throughout, oversubscribed): P = 1 is no
     * answer to whether the program speeds up, so then none, and {@link #noValidPointBecause()} says why.
     */
    @JsonIgnore
    public Point summaryPoint() {
        Point valid = largestValidPoint();
        boolean largerInvalid = points.stream().anyMatch(p -> !p.valid() && p.cores() >= 2);
        return valid != null && valid.cores() < 2 && largerInvalid ? null : valid;
    }

    /**
     * Why there is no {@link #summaryPoint()}, in the words every one-line summary uses (report, log, summary.md);
     * null when there is one.
     */
    @JsonIgnore
    public String noValidPointBecause() {
        if (summaryPoint() != null) {
            return null;
        }
        if (points.isEmpty()) {
            return "no parallel configuration measured";
        }
        String none = largestValidPoint() == null ? "no valid point" : "no valid point at P ≥ 2";
        List<String> why = largestPoint().invalidBecause();
        return why == null || why.isEmpty() ? none + " (see the warnings)" : none + ": " + why.get(0);
    }

    /** The point with the largest P, valid or not; null when no parallel configuration was measured. */
    @JsonIgnore
    public Point largestPoint() {
        return points.isEmpty() ? null : points.get(points.size() - 1);
    }

    /** The point at P, or null. */
    public Point point(int cores) {
        for (Point p : points) {
            if (p.cores() == cores) {
                return p;
            }
        }
        return null;
    }

    /** Whether one configuration  had reached a steady state, or null when not judged. */
    public Steadiness steadiness(CoresValue cores) {
        for (Steadiness s : measurement.steadiness()) {
            if (s.cores().equals(cores)) {
                return s;
            }
        }
        return null;
    }

    /** The raw samples of one configuration , or null when not stored. */
    public ConfigurationRun configuration(CoresValue cores) {
        for (ConfigurationRun run : measurement.configurations()) {
            if (run.cores().equals(cores)) {
                return run;
            }
        }
        return null;
    }
}
