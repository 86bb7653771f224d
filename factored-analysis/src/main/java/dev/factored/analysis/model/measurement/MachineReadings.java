package dev.factored.analysis.model.measurement;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Arrays;
import java.util.Objects;

/**
 * What the machine and the JVM did around one configuration's program while it was measured, as the profiler's
 * secondary metrics read it (written flat in the configuration, as analysis.json has always had it). Samples have the
 * shape of the configuration's time samples, {@code [fork][iteration]} ({@link ConfigurationRun} checks it); each is
 * null when not measured, and then not written.
 *
 * @param interferenceSamples the share of the fork's CPUs' time that other processes and steal took, as read (a
 *                     little below 0 on a quiet machine: {@code factored.interferenceReading}, or
 *                     {@code factored.interferenceShare} in a file from before it)
 * @param descheduledSamples the time per operation the program's threads waited to run behind other processes
 *                     ({@code factored.descheduled}), seconds per operation
 * @param runnableSamples the time per operation the program's threads were runnable, on a CPU or waiting for one
 *                     ({@code factored.runnable}), seconds per operation
 * @param gcSamples    the time per operation the JVM's stop-the-world collections took ({@code factored.gc}),
 *                     seconds per operation
 * @param spareThreads the most threads the common pool had beyond its parallelism at an iteration's end
 *                     ({@code factored.spares}): spares that replaced workers blocked in joins; null when none
 * @param cpuLabels    what the fork's CPUs were (physical cores, SMT, NUMA nodes, sockets, kinds, quota); null when
 *                     the profiler did not say
 * @param jvmShareSamples the share of the measured CPUs' time the JVM's own threads (JIT compilers, concurrent
 *                     collector, service threads) took while the program ran there ({@code factored.jvmShare}); 0
 *                     where they ran on spare CPUs
 * @param jitSamples   the time the JVM's JIT compilers spent compiling in each iteration, as a share of its wall time
 *                     ({@code factored.jit}). A measured iteration that compiled ran code that was still changing
 *                     ({@code Steadiness})
 * @param spareInterferenceSamples the share of the spare CPUs' time (where the JVM's own threads ran apart from the
 *                     program's) that other processes and steal took, as read ({@code factored.spareInterference}, a
 *                     signed reading); null where the fork had no spare CPUs or the profiler did not measure them
 * @param spareWaitSamples the time per operation the JVM's own threads on the spare CPUs waited to run behind other
 *                     processes ({@code factored.spareWait}), seconds per operation; comes with the share
 * @param workerWaitSamples the time per operation the pools' workers were ready to run but not running, of every
 *                     cause ({@code factored.workerWait}), seconds per operation; comes with the descheduled samples,
 *                     null in a file from before the profiler published it
 */
@JsonPropertyOrder({"interferenceSamples", "descheduledSamples", "runnableSamples", "gcSamples", "spareThreads",
        "cpuLabels", "jvmShareSamples", "jitSamples", "spareInterferenceSamples", "spareWaitSamples", "workerWaitSamples"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MachineReadings(
        double[][] interferenceSamples,
        double[][] descheduledSamples,
        double[][] runnableSamples,
        double[][] gcSamples,
        Integer spareThreads,
        CpuLabels cpuLabels,
        double[][] jvmShareSamples,
        double[][] jitSamples,
        double[][] spareInterferenceSamples,
        double[][] spareWaitSamples,
        double[][] workerWaitSamples) {

    /** Nothing measured. */
    public static final MachineReadings NONE = new MachineReadings(null, null, null, null, null, null, null, null);

    public MachineReadings {
        if ((descheduledSamples == null) != (runnableSamples == null)) {
            throw new IllegalArgumentException("descheduled and runnable samples come together");
        }
        if ((spareInterferenceSamples == null) != (spareWaitSamples == null)) {
            throw new IllegalArgumentException("the spare CPUs' interference and wait samples come together");
        }
        if (workerWaitSamples != null && descheduledSamples == null) {
            throw new IllegalArgumentException("the workers' wait samples come with the descheduled samples");
        }
    }

    /** Without the workers' wait of every cause (a profiler from before it published it). */
    public MachineReadings(double[][] interferenceSamples, double[][] descheduledSamples, double[][] runnableSamples,
            double[][] gcSamples, Integer spareThreads, CpuLabels cpuLabels, double[][] jvmShareSamples,
            double[][] jitSamples, double[][] spareInterferenceSamples, double[][] spareWaitSamples) {
        this(interferenceSamples, descheduledSamples, runnableSamples, gcSamples, spareThreads, cpuLabels,
                jvmShareSamples, jitSamples, spareInterferenceSamples, spareWaitSamples, null);
    }

    /** Without the spare CPUs' figures (a fork without spare CPUs, or a profiler from before it measured them). */
    public MachineReadings(double[][] interferenceSamples, double[][] descheduledSamples, double[][] runnableSamples,
            double[][] gcSamples, Integer spareThreads, CpuLabels cpuLabels, double[][] jvmShareSamples,
            double[][] jitSamples) {
        this(interferenceSamples, descheduledSamples, runnableSamples, gcSamples, spareThreads, cpuLabels,
                jvmShareSamples, jitSamples, null, null);
    }

    /** These readings with the spare CPUs' figures. */
    public MachineReadings withSpare(double[][] spareInterference, double[][] spareWait) {
        return new MachineReadings(interferenceSamples, descheduledSamples, runnableSamples, gcSamples, spareThreads,
                cpuLabels, jvmShareSamples, jitSamples, spareInterference, spareWait, workerWaitSamples);
    }

    /** These readings with the workers' wait of every cause. */
    public MachineReadings withWorkerWait(double[][] workerWait) {
        return new MachineReadings(interferenceSamples, descheduledSamples, runnableSamples, gcSamples, spareThreads,
                cpuLabels, jvmShareSamples, jitSamples, spareInterferenceSamples, spareWaitSamples, workerWait);
    }

    /** Compares the samples by content (a record's default equals compares arrays by identity). */
    @Override
    public boolean equals(Object o) {
        return o instanceof MachineReadings r
                && Arrays.deepEquals(interferenceSamples, r.interferenceSamples)
                && Arrays.deepEquals(descheduledSamples, r.descheduledSamples)
                && Arrays.deepEquals(runnableSamples, r.runnableSamples)
                && Arrays.deepEquals(gcSamples, r.gcSamples)
                && Objects.equals(spareThreads, r.spareThreads)
                && Objects.equals(cpuLabels, r.cpuLabels)
                && Arrays.deepEquals(jvmShareSamples, r.jvmShareSamples)
                && Arrays.deepEquals(jitSamples, r.jitSamples)
                && Arrays.deepEquals(spareInterferenceSamples, r.spareInterferenceSamples)
                && Arrays.deepEquals(spareWaitSamples, r.spareWaitSamples)
                && Arrays.deepEquals(workerWaitSamples, r.workerWaitSamples);
    }

    @Override
    public int hashCode() {
        return Objects.hash(Arrays.deepHashCode(interferenceSamples), Arrays.deepHashCode(descheduledSamples),
                Arrays.deepHashCode(runnableSamples), Arrays.deepHashCode(gcSamples), spareThreads, cpuLabels,
                Arrays.deepHashCode(jvmShareSamples), Arrays.deepHashCode(jitSamples),
                Arrays.deepHashCode(spareInterferenceSamples), Arrays.deepHashCode(spareWaitSamples),
                Arrays.deepHashCode(workerWaitSamples));
    }

    @Override
    public String toString() {
        return "MachineReadings[interferenceSamples=" + Arrays.deepToString(interferenceSamples)
                + ", descheduledSamples=" + Arrays.deepToString(descheduledSamples) + ", runnableSamples="
                + Arrays.deepToString(runnableSamples) + ", gcSamples=" + Arrays.deepToString(gcSamples)
                + ", spareThreads=" + spareThreads + ", cpuLabels=" + cpuLabels + ", jvmShareSamples="
                + Arrays.deepToString(jvmShareSamples) + ", jitSamples=" + Arrays.deepToString(jitSamples)
                + ", spareInterferenceSamples=" + Arrays.deepToString(spareInterferenceSamples) + ", spareWaitSamples="
                + Arrays.deepToString(spareWaitSamples) + ", workerWaitSamples="
                + Arrays.deepToString(workerWaitSamples) + "]";
    }
}
