package dev.factored.analysis.model.point;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.factored.analysis.model.measurement.Estimate;
import java.util.List;

/**
 * One parallel configuration (P workers) of a family. Times are seconds per operation; every quantity
 * whose inputs were not measured is null. The groups ({@code disturbance}, {@code times}, {@code shares},
 * {@code conditions}) are written flat, their fields side by side with the others, as analysis.json has always had
 * them.
 *
 * @param cores          P
 * @param valid          whether this point measures P workers on P CPUs of their own: only valid points
 *                       carry conclusions (findings, headline, the gate's {@code cores=max})
 * @param invalidBecause why not, empty when valid: oversubscribed, measured workers ≠ P, not pinned
 *                       although pinning was possible
 * @param disturbance    whether other processes disturbed a configuration this point rests on, and why
 * @param times          T_P and where the workers' time went: idle, descheduled, work inflation
 * @param speedups       the six curves at P
 * @param losses         the four losses at P (they and the actual speedup add up to P)
 * @param shares         how P·T_P divides: efficiency, idle share, inflation share
 * @param factors        Roth's Work / Distribution / Delay fractions of P·T_P
 * @param idleSplit      I_P in four parts (startup, serial, tail, other) from the sampled activity timelines;
 *                       null when no activity was recorded
 * @param conditions     what the workers ran on (oversubscribed, pinned, the CPUs' labels) and what the JVM took
 *                       besides the program (GC time, spare threads)
 */
@JsonPropertyOrder({"cores", "valid", "invalidBecause", "disturbance", "times", "speedups", "losses", "shares",
        "factors", "idleSplit", "conditions"})
public record Point(
        int cores,
        boolean valid,
        List<String> invalidBecause,
        @JsonUnwrapped Disturbance disturbance,
        @JsonUnwrapped PointTimes times,
        Speedups speedups,
        Losses losses,
        @JsonUnwrapped MachineShares shares,
        Factors factors,
        IdleSplit idleSplit,
        @JsonUnwrapped PointConditions conditions) {

    /** The first word of the reason a point with more workers than CPUs (or than its CPU quota) is invalid. */
    public static final String OVERSUBSCRIBED = "oversubscribed";

    public Point {
        if (cores < 1) {
            throw new IllegalArgumentException("a point needs P >= 1, got " + cores);
        }
        if (times == null || times.time() == null) {
            throw new IllegalArgumentException("the point at P = " + cores + " has no time T_P");
        }
        invalidBecause = List.copyOf(invalidBecause == null ? List.of() : invalidBecause);
        if (valid != invalidBecause.isEmpty()) {
            throw new IllegalArgumentException("the point at P = " + cores + " is " + (valid ? "valid" : "invalid")
                    + " but lists " + invalidBecause.size() + " reasons against it: " + invalidBecause);
        }
        disturbance = disturbance == null ? Disturbance.NONE : disturbance;
        speedups = speedups == null ? Speedups.NONE : speedups;
        losses = losses == null ? Losses.NONE : losses;
        shares = shares == null ? MachineShares.NONE : shares;
        factors = factors == null ? Factors.NONE : factors;
        conditions = conditions == null ? PointConditions.NONE : conditions;
        if (idleSplit != null) {
            double sum = 0;
            for (Estimate part : idleSplit.parts()) {
                sum += part.value();
            }
            Estimate idleTime = times.idleTime();
            if (idleTime == null
                    || Math.abs(sum - idleTime.value()) > 1e-9 * (Math.abs(idleTime.value()) + Math.abs(sum)) + 1e-15) {
                throw new IllegalArgumentException("the idle split at P = " + cores + " must add up to idleTime ("
                        + (idleTime == null ? "missing" : idleTime.value()) + "), its parts add up to " + sum);
            }
        }
    }

    /**
     * Reads a point of any schema-1 file: one written before validity existed has no {@code valid}, and
     * then only the oversubscription it recorded can make it invalid.
     */
    @JsonCreator
    static Point read(@JsonProperty(value = "cores", required = true) int cores,
            @JsonProperty("valid") Boolean valid,
            @JsonProperty("invalidBecause") List<String> invalidBecause,
            @JsonUnwrapped Disturbance disturbance,
            @JsonUnwrapped PointTimes times,
            @JsonProperty("speedups") Speedups speedups,
            @JsonProperty("losses") Losses losses,
            @JsonUnwrapped MachineShares shares,
            @JsonProperty("factors") Factors factors,
            @JsonProperty("idleSplit") IdleSplit idleSplit,
            @JsonUnwrapped PointConditions conditions) {
        List<String> reasons = invalidBecause;
        if (valid == null && reasons == null) {
            boolean oversubscribed = conditions != null && conditions.oversubscribed();
            reasons = oversubscribed ? List.of(OVERSUBSCRIBED + ": more workers than CPUs") : List.of();
        }
        reasons = reasons == null ? List.of() : reasons;
        return new Point(cores, valid == null ? reasons.isEmpty() : valid, reasons, disturbance, times, speedups,
                losses, shares, factors, idleSplit, conditions);
    }
}
