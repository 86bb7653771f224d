package dev.factored.analysis.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
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
 * @param interferenceSamples the share of the fork's CPUs' time that other processes and steal took, as read (a
 *                     little below 0 on a quiet machine: {@code factored.interferenceReading}, or
 *                     {@code factored.interferenceShare} in a file from before it), same shape as the time samples;
 *                     null when not measured (then not written)
 * @param descheduledSamples the time per operation the program's threads waited to run behind other processes
 *                     ({@code factored.descheduled}), seconds per operation, same shape; null when not measured
 * @param runnableSamples the time per operation the program's threads were runnable, on a CPU or waiting for one
 *                     ({@code factored.runnable}), seconds per operation, same shape; null when not measured
 * @param gcSamples    the time per operation the JVM's stop-the-world collections took ({@code factored.gc}),
 *                     seconds per operation, same shape; null when not measured
 * @param spareThreads the most threads the common pool had beyond its parallelism at an iteration's end
 *                     ({@code factored.spares}): spares that replaced workers blocked in joins; null when none
 * @param jvmShareSamples the share of the measured CPUs' time the JVM's own threads (JIT compilers, concurrent
 *                     collector, service threads) took while the program ran there ({@code factored.jvmShare}), same
 *                     shape; 0 where they ran on spare CPUs; null when not measured (then not written)
 * @param jitSamples   the time the JVM's JIT compilers spent compiling in each iteration, as a share of its wall time
 *                     ({@code factored.jit}), same shape; null when not measured (then not written). A measured
 *                     iteration that compiled ran code that was still changing ({@code Steadiness})
 * @param cpuLabels    what the fork's CPUs were (physical cores, SMT, NUMA nodes, sockets, kinds, quota); null when
 *                     the profiler did not say (then not written)
 */
@JsonPropertyOrder({"cores", "timeSamples", "idleSamples", "workers", "cpus", "pinned", "pinnable", "stealsPerOp",
        "spanSamples", "idleEstimated", "interferenceSamples", "descheduledSamples",
        "runnableSamples", "gcSamples", "spareThreads", "cpuLabels", "jvmShareSamples", "jitSamples"})
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
        @JsonInclude(JsonInclude.Include.NON_NULL) double[][] interferenceSamples,
        @JsonInclude(JsonInclude.Include.NON_NULL) double[][] descheduledSamples,
        @JsonInclude(JsonInclude.Include.NON_NULL) double[][] runnableSamples,
        @JsonInclude(JsonInclude.Include.NON_NULL) double[][] gcSamples,
        @JsonInclude(JsonInclude.Include.NON_NULL) Integer spareThreads,
        @JsonInclude(JsonInclude.Include.NON_NULL) CpuLabels cpuLabels,
        @JsonInclude(JsonInclude.Include.NON_NULL) double[][] jvmShareSamples,
        @JsonInclude(JsonInclude.Include.NON_NULL) double[][] jitSamples) {

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
        requireShapeOfTime(interferenceSamples, "interference", timeSamples, cores);
        requireShapeOfTime(descheduledSamples, "descheduled", timeSamples, cores);
        requireShapeOfTime(runnableSamples, "runnable", timeSamples, cores);
        requireShapeOfTime(gcSamples, "gc", timeSamples, cores);
        requireShapeOfTime(jvmShareSamples, "jvmShare", timeSamples, cores);
        requireShapeOfTime(jitSamples, "jit", timeSamples, cores);
        if ((descheduledSamples == null) != (runnableSamples == null)) {
            throw new IllegalArgumentException("cores=" + cores + ": descheduled and runnable samples come together");
        }
        if (spanSamples != null && !(cores.isSpan() && spanSamples.shapedLike(timeSamples))) {
            throw new IllegalArgumentException("cores=" + cores + ": span samples belong to cores=span and have the "
                    + "shape of its time samples");
        }
        if (stealsPerOp != null && !Double.isFinite(stealsPerOp)) {
            throw new IllegalArgumentException("cores=" + cores + ": stealsPerOp must be finite or null");
        }
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
                && Arrays.deepEquals(interferenceSamples, r.interferenceSamples)
                && Arrays.deepEquals(descheduledSamples, r.descheduledSamples)
                && Arrays.deepEquals(runnableSamples, r.runnableSamples)
                && Arrays.deepEquals(gcSamples, r.gcSamples)
                && Objects.equals(spareThreads, r.spareThreads)
                && Objects.equals(cpuLabels, r.cpuLabels)
                && Arrays.deepEquals(jvmShareSamples, r.jvmShareSamples)
                && Arrays.deepEquals(jitSamples, r.jitSamples);
    }

    @Override
    public int hashCode() {
        return Objects.hash(cores, Arrays.deepHashCode(timeSamples), Arrays.deepHashCode(idleSamples), workers, cpus,
                pinned, stealsPerOp, pinnable, spanSamples, idleEstimated, Arrays.deepHashCode(interferenceSamples),
                Arrays.deepHashCode(descheduledSamples), Arrays.deepHashCode(runnableSamples),
                Arrays.deepHashCode(gcSamples), spareThreads, cpuLabels, Arrays.deepHashCode(jvmShareSamples),
                Arrays.deepHashCode(jitSamples));
    }

    @Override
    public String toString() {
        return "ConfigurationRun[cores=" + cores + ", timeSamples=" + Arrays.deepToString(timeSamples)
                + ", idleSamples=" + Arrays.deepToString(idleSamples) + ", workers=" + workers + ", cpus=" + cpus
                + ", pinned=" + pinned + ", stealsPerOp=" + stealsPerOp + ", pinnable=" + pinnable
                + ", spanSamples=" + spanSamples + ", idleEstimated=" + idleEstimated + ", interferenceSamples="
                + Arrays.deepToString(interferenceSamples) + ", descheduledSamples="
                + Arrays.deepToString(descheduledSamples) + ", runnableSamples=" + Arrays.deepToString(runnableSamples)
                + ", gcSamples=" + Arrays.deepToString(gcSamples) + ", spareThreads=" + spareThreads + ", cpuLabels=" + cpuLabels
                + ", jvmShareSamples=" + Arrays.deepToString(jvmShareSamples) + ", jitSamples="
                + Arrays.deepToString(jitSamples) + "]";
    }
}
