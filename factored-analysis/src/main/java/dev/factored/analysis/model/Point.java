package dev.factored.analysis.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * One parallel configuration (P workers) of a family. Times are seconds per operation; every quantity
 * whose inputs were not measured is null.
 *
 * @param cores          P
 * @param valid          whether this point measures P workers on P CPUs of their own: only valid points
 *                       carry conclusions (findings, headline, the gate's {@code cores=max})
 * @param invalidBecause why not, empty when valid: oversubscribed, measured workers ≠ P, not pinned
 *                       although pinning was possible
 * @param time           T_P
 * @param idleTime       I_P, the idle time of all P workers summed, per operation
 * @param workInflation  F_P = P·T_P − I_P − T_1
 * @param speedups       the six curves at P
 * @param losses         the four losses at P (they and the actual speedup add up to P)
 * @param efficiency     actual speedup / P = T_s / (P·T_P)
 * @param idleShare      I_P / (P·T_P): the share of the machine's time spent idle
 * @param inflationShare F_P / (P·T_P): the share of the machine's time lost to work inflation
 * @param factors        Roth's Work / Distribution / Delay fractions of P·T_P
 * @param idleSplit      I_P in four parts (startup, serial, tail, other) from the sampled activity timelines;
 *                       null when no activity was recorded
 * @param oversubscribed P is larger than the CPUs the fork could use
 * @param pinned         the fork was pinned to its CPUs (null: unknown, no profiler data)
 * @param descheduledTime D_P: the time per operation the workers waited to run behind other processes (summed over
 *                       them), taken out of the work inflation: F_P = P·T_P − I_P − T_1 − D_P; null when not measured
 * @param disturbed      a configuration this point rests on (baseline, elision, 1 or P) was measured while other
 *                       processes took more than the threshold of its CPUs: its numbers describe the machine as much
 *                       as the program, and findings drawn from it are tentative or held back
 * @param disturbedBecause one sentence per such configuration, e.g. "other processes took 23 % of the 2 CPUs of
 *                       P = 2"; empty when not disturbed
 * @param gcTime         the time per operation the JVM's stop-the-world collections took at P (every worker waits
 *                       through them); null when not measured
 * @param spareThreads   spare threads the common pool started at P to replace workers blocked in joins (about P
 *                       threads ran at a time, but more than P took part); null when none
 * @param cpuLabels      what the P CPUs of the fork were: physical cores, SMT (a core shared by two workers), NUMA
 *                       nodes and sockets spanned, core kinds, the CPU quota; null when the profiler did not say
 */
@JsonPropertyOrder({"cores", "valid", "invalidBecause", "disturbed", "disturbedBecause", "time", "idleTime",
        "descheduledTime", "workInflation", "speedups", "losses", "efficiency", "idleShare", "inflationShare",
        "factors", "idleSplit", "oversubscribed", "pinned", "gcTime", "spareThreads", "cpuLabels"})
public record Point(
        int cores,
        boolean valid,
        List<String> invalidBecause,
        Estimate time,
        Estimate idleTime,
        Estimate workInflation,
        Speedups speedups,
        Losses losses,
        Estimate efficiency,
        Estimate idleShare,
        Estimate inflationShare,
        Factors factors,
        IdleSplit idleSplit,
        boolean oversubscribed,
        Boolean pinned,
        @JsonInclude(JsonInclude.Include.NON_NULL) Estimate descheduledTime,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean disturbed,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> disturbedBecause,
        @JsonInclude(JsonInclude.Include.NON_NULL) Estimate gcTime,
        @JsonInclude(JsonInclude.Include.NON_NULL) Integer spareThreads,
        @JsonInclude(JsonInclude.Include.NON_NULL) CpuLabels cpuLabels) {

    /** The first word of the reason a point with more workers than CPUs (or than its CPU quota) is invalid. */
    public static final String OVERSUBSCRIBED = "oversubscribed";

    public Point {
        if (cores < 1) {
            throw new IllegalArgumentException("a point needs P >= 1, got " + cores);
        }
        if (time == null) {
            throw new IllegalArgumentException("the point at P = " + cores + " has no time T_P");
        }
        invalidBecause = List.copyOf(invalidBecause == null ? List.of() : invalidBecause);
        disturbedBecause = List.copyOf(disturbedBecause == null ? List.of() : disturbedBecause);
        if (disturbed == disturbedBecause.isEmpty()) {
            throw new IllegalArgumentException("the point at P = " + cores + " is " + (disturbed ? "" : "not ")
                    + "disturbed but lists " + disturbedBecause.size() + " reasons for it: " + disturbedBecause);
        }
        if (valid != invalidBecause.isEmpty()) {
            throw new IllegalArgumentException("the point at P = " + cores + " is " + (valid ? "valid" : "invalid")
                    + " but lists " + invalidBecause.size() + " reasons against it: " + invalidBecause);
        }
        speedups = speedups == null ? Speedups.NONE : speedups;
        losses = losses == null ? Losses.NONE : losses;
        factors = factors == null ? Factors.NONE : factors;
        if (idleSplit != null) {
            double sum = 0;
            for (Estimate part : idleSplit.parts()) {
                sum += part.value();
            }
            if (idleTime == null
                    || Math.abs(sum - idleTime.value()) > 1e-9 * (Math.abs(idleTime.value()) + Math.abs(sum)) + 1e-15) {
                throw new IllegalArgumentException("the idle split at P = " + cores + " must add up to idleTime ("
                        + (idleTime == null ? "missing" : idleTime.value()) + "), its parts add up to " + sum);
            }
        }
    }

    /** A point without the CPUs' labels (results from before the profiler read the topology). */
    public Point(int cores, boolean valid, List<String> invalidBecause, Estimate time, Estimate idleTime,
            Estimate workInflation, Speedups speedups, Losses losses, Estimate efficiency, Estimate idleShare,
            Estimate inflationShare, Factors factors, IdleSplit idleSplit, boolean oversubscribed, Boolean pinned,
            Estimate descheduledTime, boolean disturbed, List<String> disturbedBecause, Estimate gcTime,
            Integer spareThreads) {
        this(cores, valid, invalidBecause, time, idleTime, workInflation, speedups, losses, efficiency, idleShare,
                inflationShare, factors, idleSplit, oversubscribed, pinned, descheduledTime, disturbed, disturbedBecause,
                gcTime, spareThreads, null);
    }

    /** A point without GC time and spares (results from before the profiler measured them). */
    public Point(int cores, boolean valid, List<String> invalidBecause, Estimate time, Estimate idleTime,
            Estimate workInflation, Speedups speedups, Losses losses, Estimate efficiency, Estimate idleShare,
            Estimate inflationShare, Factors factors, IdleSplit idleSplit, boolean oversubscribed, Boolean pinned,
            Estimate descheduledTime, boolean disturbed, List<String> disturbedBecause) {
        this(cores, valid, invalidBecause, time, idleTime, workInflation, speedups, losses, efficiency, idleShare,
                inflationShare, factors, idleSplit, oversubscribed, pinned, descheduledTime, disturbed, disturbedBecause,
                null, null);
    }

    /** A point without interference figures (results from before the profiler measured them). */
    public Point(int cores, boolean valid, List<String> invalidBecause, Estimate time, Estimate idleTime,
            Estimate workInflation, Speedups speedups, Losses losses, Estimate efficiency, Estimate idleShare,
            Estimate inflationShare, Factors factors, IdleSplit idleSplit, boolean oversubscribed, Boolean pinned) {
        this(cores, valid, invalidBecause, time, idleTime, workInflation, speedups, losses, efficiency, idleShare,
                inflationShare, factors, idleSplit, oversubscribed, pinned, null, false, List.of());
    }

    /** A point without an idle split (no activity recorded). */
    public Point(int cores, boolean valid, List<String> invalidBecause, Estimate time, Estimate idleTime,
            Estimate workInflation, Speedups speedups, Losses losses, Estimate efficiency, Estimate idleShare,
            Estimate inflationShare, Factors factors, boolean oversubscribed, Boolean pinned) {
        this(cores, valid, invalidBecause, time, idleTime, workInflation, speedups, losses, efficiency, idleShare,
                inflationShare, factors, null, oversubscribed, pinned);
    }

    /**
     * Reads a point of any schema-1 file: one written before validity existed has no {@code valid}, and
     * then only the oversubscription it recorded can make it invalid.
     */
    @JsonCreator
    static Point read(@JsonProperty(value = "cores", required = true) int cores,
            @JsonProperty("valid") Boolean valid,
            @JsonProperty("invalidBecause") List<String> invalidBecause,
            @JsonProperty(value = "time", required = true) Estimate time,
            @JsonProperty("idleTime") Estimate idleTime,
            @JsonProperty("workInflation") Estimate workInflation,
            @JsonProperty("speedups") Speedups speedups,
            @JsonProperty("losses") Losses losses,
            @JsonProperty("efficiency") Estimate efficiency,
            @JsonProperty("idleShare") Estimate idleShare,
            @JsonProperty("inflationShare") Estimate inflationShare,
            @JsonProperty("factors") Factors factors,
            @JsonProperty("idleSplit") IdleSplit idleSplit,
            @JsonProperty("oversubscribed") boolean oversubscribed,
            @JsonProperty("pinned") Boolean pinned,
            @JsonProperty("descheduledTime") Estimate descheduledTime,
            @JsonProperty("disturbed") boolean disturbed,
            @JsonProperty("disturbedBecause") List<String> disturbedBecause,
            @JsonProperty("gcTime") Estimate gcTime,
            @JsonProperty("spareThreads") Integer spareThreads,
            @JsonProperty("cpuLabels") CpuLabels cpuLabels) {
        List<String> reasons = invalidBecause;
        if (valid == null && reasons == null) {
            reasons = oversubscribed ? List.of(OVERSUBSCRIBED + ": more workers than CPUs") : List.of();
        }
        reasons = reasons == null ? List.of() : reasons;
        return new Point(cores, valid == null ? reasons.isEmpty() : valid, reasons, time, idleTime, workInflation,
                speedups, losses, efficiency, idleShare, inflationShare, factors, idleSplit, oversubscribed, pinned,
                descheduledTime, disturbed, disturbedBecause, gcTime, spareThreads, cpuLabels);
    }
}
