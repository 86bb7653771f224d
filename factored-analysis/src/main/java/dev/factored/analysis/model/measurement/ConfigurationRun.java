package dev.factored.analysis.model.measurement;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.factored.contract.CoresTurn;
import dev.factored.contract.CoresValue;
import java.util.Arrays;
import java.util.Objects;

/**
 * The raw measurements of one configuration of a family, kept in analysis.json so that a later run
 * (the gate's baseline comparison) can resample them. Samples are per fork, per measurement
 * iteration, normalised to seconds per operation.
 *
 * @param cores        the {@code cores} configuration (written as its canonical spelling: {@code baseline},
 *                     {@code elision}, {@code span}, P or {@code bandwidth-P})
 * @param timeSamples  time per operation, {@code [fork][iteration]}, positive and finite
 * @param idleSamples  idle time per operation from {@code factored.idle}, same shape; null if absent
 * @param workers      workers of the pool (0 for baseline and elision); null if unknown
 * @param cpus         CPUs the fork could use; null if unknown
 * @param pinned       whether the fork was pinned; null if unknown
 * @param stealsPerOp  steals per operation; null if unknown
 * @param pinnable     whether pinning was possible on the host; null if unknown
 * @param spanSamples  the strand timing of {@code cores=span}; null for the other configurations or when the
 *                     profiler reported none
 * @param idleEstimated true when the operations were unmodified fork/join code whose idle time was estimated
 *                     from the threads' CPU time ({@code factored.estimated}); null when the profiler said nothing
 *                     (then not written)
 * @param readings     what the machine and the JVM did around the program while it was measured (other processes'
 *                     share, waits, GC, spare threads, the CPUs' labels, the JVM's own threads, the JIT), written flat
 * @param sharedForks  the configurations measured in turn with this one inside the same forks ({@code 1+2}): fork f of
 *                     every configuration of the family with the same turn is the same JVM, so ratios of them are
 *                     paired comparisons; null (then not written) when the configuration had forks of its own
 */
@JsonPropertyOrder({"cores", "sharedForks", "timeSamples", "idleSamples", "workers", "cpus", "pinned", "pinnable",
        "stealsPerOp", "spanSamples", "idleEstimated", "readings"})
public record ConfigurationRun(
        @JsonProperty(required = true) CoresValue cores,
        @JsonProperty(required = true) double[][] timeSamples,
        double[][] idleSamples,
        Integer workers,
        Integer cpus,
        Boolean pinned,
        Double stealsPerOp,
        Boolean pinnable,
        SpanSamples spanSamples,
        @JsonInclude(JsonInclude.Include.NON_NULL) Boolean idleEstimated,
        @JsonUnwrapped MachineReadings readings,
        @JsonInclude(JsonInclude.Include.NON_NULL) CoresTurn sharedForks) {

    public ConfigurationRun {
        if (cores == null) {
            throw new IllegalArgumentException("a configuration needs its cores value");
        }
        if (timeSamples == null || timeSamples.length == 0) {
            throw new IllegalArgumentException("cores=" + cores + " needs time samples");
        }
        for (int f = 0; f < timeSamples.length; f++) {
            if (timeSamples[f] == null || timeSamples[f].length == 0) {
                throw new IllegalArgumentException("cores=" + cores + ": fork " + f + " has no time sample");
            }
            for (double t : timeSamples[f]) {
                if (!(t > 0) || !Double.isFinite(t)) {
                    throw new IllegalArgumentException("cores=" + cores + ": fork " + f + " has the time " + t
                            + ", not a positive finite time per operation");
                }
            }
        }
        requireShapeOfTime(idleSamples, "idle", timeSamples, cores);
        readings = readings == null ? MachineReadings.NONE : readings;
        requireShapeOfTime(readings.interferenceSamples(), "interference", timeSamples, cores);
        requireShapeOfTime(readings.descheduledSamples(), "descheduled", timeSamples, cores);
        requireShapeOfTime(readings.runnableSamples(), "runnable", timeSamples, cores);
        requireShapeOfTime(readings.gcSamples(), "gc", timeSamples, cores);
        requireShapeOfTime(readings.jvmShareSamples(), "jvmShare", timeSamples, cores);
        requireShapeOfTime(readings.jitSamples(), "jit", timeSamples, cores);
        requireShapeOfTime(readings.spareInterferenceSamples(), "spareInterference", timeSamples, cores);
        requireShapeOfTime(readings.spareWaitSamples(), "spareWait", timeSamples, cores);
        requireShapeOfTime(readings.workerWaitSamples(), "workerWait", timeSamples, cores);
        if (spanSamples != null && !(cores.isSpan() && spanSamples.shapedLike(timeSamples))) {
            throw new IllegalArgumentException("cores=" + cores + ": span samples belong to cores=span and have the "
                    + "shape of its time samples");
        }
        if (stealsPerOp != null && !Double.isFinite(stealsPerOp)) {
            throw new IllegalArgumentException("cores=" + cores + ": stealsPerOp must be finite or null");
        }
        if (sharedForks != null && !sharedForks.members().contains(cores)) {
            throw new IllegalArgumentException("cores=" + cores + " is not a member of the turn " + sharedForks
                    + " it shares its forks with");
        }
    }

    /** A configuration measured in forks of its own. */
    public ConfigurationRun(CoresValue cores, double[][] timeSamples, double[][] idleSamples, Integer workers,
            Integer cpus, Boolean pinned, Double stealsPerOp, Boolean pinnable, SpanSamples spanSamples,
            Boolean idleEstimated, MachineReadings readings) {
        this(cores, timeSamples, idleSamples, workers, cpus, pinned, stealsPerOp, pinnable, spanSamples, idleEstimated,
                readings, null);
    }

    private static void requireShapeOfTime(double[][] samples, String what, double[][] timeSamples, CoresValue cores) {
        if (samples == null) {
            return;
        }
        boolean same = samples.length == timeSamples.length;
        for (int f = 0; same && f < samples.length; f++) {
            same = samples[f] != null && samples[f].length == timeSamples[f].length
                    && Arrays.stream(samples[f]).allMatch(Double::isFinite);
        }
        if (!same) {
            throw new IllegalArgumentException("cores=" + cores + ": the " + what + " samples must be finite and have "
                    + "the shape of the time samples");
        }
    }

    public int sampleCount() {
        int n = 0;
        for (double[] fork : timeSamples) {
            n += fork.length;
        }
        return n;
    }

    /**
     * The copies of the baseline a bandwidth test ran at once, 0 when this is not one or ran fewer than two. One copy:
     * the baseline branch does not run through cores.baseline (see Warnings). Fewer than P but two or more: the host
     * ran as many as fit in the machine's memory, a bandwidth test of that many.
     */
    public int bandwidthCopies() {
        int copies = workers == null ? cores.workers() : Math.min(workers, cores.workers());
        return cores.isBandwidth() && copies >= 2 ? copies : 0;
    }

    /** JVM forks measured: with one, the noise between forks is unknown. */
    public int forks() {
        return timeSamples.length;
    }

    /** Compares the samples by content (a record's default equals compares arrays by identity). */
    @Override
    public boolean equals(Object o) {
        return o instanceof ConfigurationRun r
                && cores.equals(r.cores)
                && Arrays.deepEquals(timeSamples, r.timeSamples)
                && Arrays.deepEquals(idleSamples, r.idleSamples)
                && Objects.equals(workers, r.workers)
                && Objects.equals(cpus, r.cpus)
                && Objects.equals(pinned, r.pinned)
                && Objects.equals(stealsPerOp, r.stealsPerOp)
                && Objects.equals(pinnable, r.pinnable)
                && Objects.equals(spanSamples, r.spanSamples)
                && Objects.equals(idleEstimated, r.idleEstimated)
                && readings.equals(r.readings)
                && Objects.equals(sharedForks, r.sharedForks);
    }

    @Override
    public int hashCode() {
        return Objects.hash(cores, Arrays.deepHashCode(timeSamples), Arrays.deepHashCode(idleSamples), workers, cpus,
                pinned, stealsPerOp, pinnable, spanSamples, idleEstimated, readings, sharedForks);
    }

    @Override
    public String toString() {
        return "ConfigurationRun[cores=" + cores + ", timeSamples=" + Arrays.deepToString(timeSamples)
                + ", idleSamples=" + Arrays.deepToString(idleSamples) + ", workers=" + workers + ", cpus=" + cpus
                + ", pinned=" + pinned + ", stealsPerOp=" + stealsPerOp + ", pinnable=" + pinnable
                + ", spanSamples=" + spanSamples + ", idleEstimated=" + idleEstimated + ", readings=" + readings
                + ", sharedForks=" + sharedForks + "]";
    }
}
