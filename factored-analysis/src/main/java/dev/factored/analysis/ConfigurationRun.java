package dev.factored.analysis;

import java.util.Arrays;
import java.util.Objects;

/**
 * The raw measurements of one configuration of a family, kept in analysis.json so that a later run
 * (the gate's baseline comparison) can resample them. Samples are per fork, per measurement
 * iteration, normalised to seconds per operation.
 *
 * @param cores        the {@code cores} param value: {@code baseline}, {@code elision} or an integer
 * @param timeSamples  time per operation, {@code [fork][iteration]}
 * @param idleSamples  idle time per operation from {@code factored.idle}, same shape; null if absent
 * @param workers      workers of the pool (0 for baseline and elision); null if unknown
 * @param cpus         CPUs the fork could use; null if unknown
 * @param pinned       whether the fork was pinned; null if unknown
 * @param stealsPerOp  steals per operation; null if unknown
 */
public record ConfigurationRun(
        String cores,
        double[][] timeSamples,
        double[][] idleSamples,
        Integer workers,
        Integer cpus,
        Boolean pinned,
        Double stealsPerOp) {

    public int sampleCount() {
        int n = 0;
        for (double[] fork : timeSamples) {
            n += fork.length;
        }
        return n;
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
                && Objects.equals(stealsPerOp, r.stealsPerOp);
    }

    @Override
    public int hashCode() {
        return Objects.hash(cores, Arrays.deepHashCode(timeSamples), Arrays.deepHashCode(idleSamples), workers, cpus,
                pinned, stealsPerOp);
    }

    @Override
    public String toString() {
        return "ConfigurationRun[cores=" + cores + ", timeSamples=" + Arrays.deepToString(timeSamples)
                + ", idleSamples=" + Arrays.deepToString(idleSamples) + ", workers=" + workers + ", cpus=" + cpus
                + ", pinned=" + pinned + ", stealsPerOp=" + stealsPerOp + "]";
    }
}
