package dev.factored.analysis;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Map;

/**
 * The factored-speedup analysis of one family: one benchmark method with fixed params, measured in
 * several {@code cores} configurations. Times are seconds per operation; a configuration that was not
 * measured leaves {@code null} in everything it would have fed.
 *
 * @param benchmark           the fully qualified benchmark method name
 * @param params              the JMH params without {@code cores}, in JMH's order
 * @param mode                the JMH mode ({@code avgt}, {@code thrpt}, {@code sample}, {@code ss})
 * @param baselineTime        T_s
 * @param elisionTime         T_e
 * @param oneCoreTime         T_1
 * @param schedulingOverhead  T_1 / T_e − 1: what creating and scheduling tasks adds to the elided code
 * @param algorithmicOverhead T_e / T_s − 1: the extra work of the parallel algorithm over the baseline
 * @param points              one per measured P, ascending
 * @param work                T_1 of the task dag from cores=span: the summed time of its strands
 * @param span                T_∞: its longest chain of dependent strands
 * @param burdenedSpan        T̂_∞: the span with the measured burden on every forked task
 * @param parallelism         T_1/T_∞: the most speedup any number of cores can give (over T_1)
 * @param burdenedParallelism T_1/T̂_∞: the same if every forked task were stolen
 * @param spawns              tasks forked per operation
 * @param averageStrand       work / strands: the average time between two fork/join boundaries
 * @param burden              the burden per forked task, one steal and migration measured on the machine
 * @param bandwidthCopies     P of the bandwidth test (P copies of the baseline at once on P CPUs), null if none
 * @param bandwidthSlowdown   how much slower one of those copies ran than the baseline alone: T_bandwidth / T_s
 * @param bounds              Cilkview's lower and upper bounds on the speedup over T_s for P = 1 … projectTo
 *                            (empty without cores=span, baseline and 1)
 * @param findings            the diagnosis as data, headline first, then by the share of P each accounts for;
 *                            then the warnings as findings of severity {@code warning}
 * @param diagnosis           the texts of the findings that are not warnings, in the same order (kept for
 *                            schema-1 readers)
 * @param warnings            the warnings' texts: what limits trust in the numbers
 * @param environment         JVM and JMH settings of the run
 * @param configurations      the raw samples of every configuration, in the order baseline, elision, 1, 2, …
 * @param idleSource          how the idle time was measured: {@value #IDLE_INSTRUMENTED} (the instrumented pool
 *                            counted it at busy/idle transitions) or {@value #IDLE_ESTIMATED} (unmodified fork/join
 *                            code: estimated from the threads' CPU time, spinning counted as busy and preemption as
 *                            idle); null when no idle time was measured
 * @param timeline            a typical operation's activity (each worker's busy periods) at the largest valid P,
 *                            null when no activity was recorded
 * @param interference        what other processes took from each configuration's CPUs while it was measured, in the
 *                            order of {@code configurations}; empty when the profiler did not measure it
 * @param scalingModels       Amdahl, Karp–Flatt and USL fitted to the valid points, or why not; null in files written
 *                            before the fits existed
 */
@JsonPropertyOrder({"benchmark", "params", "mode", "baselineTime", "elisionTime", "oneCoreTime",
        "schedulingOverhead", "algorithmicOverhead", "idleSource", "points", "work", "span", "burdenedSpan", "parallelism",
        "burdenedParallelism", "spawns", "averageStrand", "burden", "bounds", "scalingModels", "bandwidthCopies", "bandwidthSlowdown", "timeline", "findings",
        "diagnosis", "warnings", "interference", "environment", "configurations"})
public record FamilyAnalysis(
        @JsonProperty(required = true) String benchmark,
        Map<String, String> params,
        @JsonProperty(required = true) String mode,
        Estimate baselineTime,
        Estimate elisionTime,
        Estimate oneCoreTime,
        Estimate schedulingOverhead,
        Estimate algorithmicOverhead,
        @JsonProperty(required = true) List<Point> points,
        Estimate work,
        Estimate span,
        Estimate burdenedSpan,
        Estimate parallelism,
        Estimate burdenedParallelism,
        Estimate spawns,
        Estimate averageStrand,
        Estimate burden,
        List<Bound> bounds,
        Integer bandwidthCopies,
        Estimate bandwidthSlowdown,
        List<Finding> findings,
        List<String> diagnosis,
        List<String> warnings,
        Environment environment,
        List<ConfigurationRun> configurations,
        Timeline timeline,
        String idleSource,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Interference> interference,
        @JsonInclude(JsonInclude.Include.NON_NULL) ScalingModels scalingModels) {

    public static final String IDLE_INSTRUMENTED = "instrumented";
    public static final String IDLE_ESTIMATED = "estimated";

    /** The findings about the program, headline first: every finding that is not a warning. */
    @JsonIgnore
    public List<Finding> programFindings() {
        return findings.stream().filter(f -> f.severity() != Severity.WARNING).toList();
    }

    public FamilyAnalysis {
        // Any other idleSource (a newer file's) is kept as it is: this version shows neither tag for it.
        FamilyId checked = new FamilyId(benchmark, params, mode);
        params = checked.params();
        points = List.copyOf(points == null ? List.of() : points);
        for (int i = 1; i < points.size(); i++) {
            if (points.get(i).cores() <= points.get(i - 1).cores()) {
                throw new IllegalArgumentException(checked.label() + ": points must be in ascending P without "
                        + "repeats, found P = " + points.get(i).cores() + " after " + points.get(i - 1).cores());
            }
        }
        bounds = List.copyOf(bounds == null ? List.of() : bounds);
        for (int i = 1; i < bounds.size(); i++) {
            if (bounds.get(i).cores() <= bounds.get(i - 1).cores()) {
                throw new IllegalArgumentException(checked.label() + ": bounds must be in ascending P without repeats");
            }
        }
        findings = List.copyOf(findings == null ? List.of() : findings);
        diagnosis = List.copyOf(diagnosis == null ? findings.stream().filter(f -> f.severity() != Severity.WARNING)
                .map(Finding::text).toList() : diagnosis);
        warnings = List.copyOf(warnings == null ? List.of() : warnings);
        configurations = List.copyOf(configurations == null ? List.of() : configurations);
        interference = List.copyOf(interference == null ? List.of() : interference);
    }

    /** Without scaling models (an analysis written before they were fitted). */
    public FamilyAnalysis(String benchmark, Map<String, String> params, String mode, Estimate baselineTime,
            Estimate elisionTime, Estimate oneCoreTime, Estimate schedulingOverhead, Estimate algorithmicOverhead,
            List<Point> points, Estimate work, Estimate span, Estimate burdenedSpan, Estimate parallelism,
            Estimate burdenedParallelism, Estimate spawns, Estimate averageStrand, Estimate burden, List<Bound> bounds,
            Integer bandwidthCopies, Estimate bandwidthSlowdown, List<Finding> findings, List<String> diagnosis,
            List<String> warnings, Environment environment, List<ConfigurationRun> configurations, Timeline timeline,
            String idleSource, List<Interference> interference) {
        this(benchmark, params, mode, baselineTime, elisionTime, oneCoreTime, schedulingOverhead, algorithmicOverhead,
                points, work, span, burdenedSpan, parallelism, burdenedParallelism, spawns, averageStrand, burden,
                bounds, bandwidthCopies, bandwidthSlowdown, findings, diagnosis, warnings, environment, configurations,
                timeline, idleSource, interference, null);
    }

    /** Without interference figures (an analysis written before the profiler measured them). */
    public FamilyAnalysis(String benchmark, Map<String, String> params, String mode, Estimate baselineTime,
            Estimate elisionTime, Estimate oneCoreTime, Estimate schedulingOverhead, Estimate algorithmicOverhead,
            List<Point> points, Estimate work, Estimate span, Estimate burdenedSpan, Estimate parallelism,
            Estimate burdenedParallelism, Estimate spawns, Estimate averageStrand, Estimate burden, List<Bound> bounds,
            Integer bandwidthCopies, Estimate bandwidthSlowdown, List<Finding> findings, List<String> diagnosis,
            List<String> warnings, Environment environment, List<ConfigurationRun> configurations, Timeline timeline,
            String idleSource) {
        this(benchmark, params, mode, baselineTime, elisionTime, oneCoreTime, schedulingOverhead, algorithmicOverhead,
                points, work, span, burdenedSpan, parallelism, burdenedParallelism, spawns, averageStrand, burden,
                bounds, bandwidthCopies, bandwidthSlowdown, findings, diagnosis, warnings, environment, configurations,
                timeline, idleSource, List.of());
    }

    /** What the machine took from one configuration (canonical {@code cores} spelling), or null when not measured. */
    public Interference interference(String cores) {
        for (Interference i : interference) {
            if (i.cores().equals(cores)) {
                return i;
            }
        }
        return null;
    }

    /** Without the span run's numbers (work, span, bounds …): an analysis as written before they existed. */
    public FamilyAnalysis(String benchmark, Map<String, String> params, String mode, Estimate baselineTime,
            Estimate elisionTime, Estimate oneCoreTime, Estimate schedulingOverhead, Estimate algorithmicOverhead,
            List<Point> points, List<Finding> findings, List<String> diagnosis, List<String> warnings,
            Environment environment, List<ConfigurationRun> configurations) {
        this(benchmark, params, mode, baselineTime, elisionTime, oneCoreTime, schedulingOverhead, algorithmicOverhead,
                points, null, null, null, null, null, null, null, null, List.of(), null, null, findings, diagnosis,
                warnings, environment, configurations, null, null);
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

    /** The family's key: benchmark, params, mode. */
    @JsonIgnore
    public FamilyId id() {
        return new FamilyId(benchmark, params, mode);
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
     * Why there is no {@link #largestValidPoint()}, in the words every one-line summary uses (report, log,
     * summary.md); null when there is one.
     */
    @JsonIgnore
    public String noValidPointBecause() {
        if (largestValidPoint() != null) {
            return null;
        }
        return points.isEmpty() ? "no parallel configuration measured" : "no valid point (see the warnings)";
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

    /** The raw samples of one configuration (canonical {@code cores} spelling), or null when not stored. */
    public ConfigurationRun configuration(String cores) {
        for (ConfigurationRun run : configurations) {
            if (run.cores().equals(cores)) {
                return run;
            }
        }
        return null;
    }
}
