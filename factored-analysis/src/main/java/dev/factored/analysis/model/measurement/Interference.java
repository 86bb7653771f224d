package dev.factored.analysis.model.measurement;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.factored.contract.CoresValue;
import java.util.List;

/**
 * What the machine took from one configuration's forks (METHOD.md §9): the share of its CPUs' time that other
 * processes and the hypervisor used while it was measured, and what follows from it.
 *
 * @param cores               the configuration
 * @param share               that share, mean over its iterations with a bootstrap interval
 * @param cpus                the CPUs each of its forks could use; null when unknown
 * @param disturbed           the share (or the JVM's share, or the spare CPUs' waits' share of the time, {@link
 *                            SpareCpus}) is above the run's threshold ({@code disturbedAbove} of the analysis options)
 *                            over its whole interval: the configuration describes the machine as much as the program
 * @param explainableSlowdown how much slower the interference alone can make this configuration:
 *                            1 / (1 − min(0.9, cpus × (share.high + jvmShare.high) + spare.waitShare.high)). The worst
 *                            case puts all foreign time on one CPU whose worker everyone else waits for, and the spare
 *                            CPUs' waits all on the program's time; the gate does not call a change a regression when
 *                            this factor can explain it
 * @param because             the sentence that says it, e.g. "other processes took 23 % of the 2 CPUs of cores=2":
 *                            analysis.json's words, written by the diagnosis' words from what the analysis decided
 *                            (the shares, which of them disturbed the configuration, the processes named), never read
 *                            back by code: a view quotes it whole
 * @param takenBy             the processes the profiler saw take the most of those CPUs, largest first (at most 3);
 *                            empty when none was named (a quiet configuration, or a profiler before they were)
 * @param jvmShare            the share of the same CPUs' time the JVM's own threads took while the program ran there
 *                            (its JIT compilers, concurrent collector and service threads): not the program's time
 *                            either, and disturbing like a neighbour above the same threshold; 0 where they ran on
 *                            spare CPUs; null when not measured
 * @param spare               what other processes took from the spare CPUs the JVM's own threads ran on, apart from
 *                            the program's, and what it cost those threads; null where the fork had no spare CPUs or
 *                            the profiler did not measure them (then not written)
 */
@JsonPropertyOrder({"cores", "share", "cpus", "disturbed", "explainableSlowdown", "because", "takenBy", "jvmShare",
        "spare"})
public record Interference(CoresValue cores, Estimate share, Integer cpus, boolean disturbed, double explainableSlowdown,
        String because, @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Taker> takenBy,
        @JsonInclude(JsonInclude.Include.NON_NULL) Estimate jvmShare,
        @JsonInclude(JsonInclude.Include.NON_NULL) SpareCpus spare) {

    /**
     * The spare CPUs (METHOD.md §9, "the spare CPUs"): the machine's, not the program's.
     *
     * @param share     the share of the spare CPUs' time other processes and steal took, mean over the iterations
     *                  with a bootstrap interval, in [0, 1]; said, never decisive (a busy spare CPU on which the JVM's
     *                  threads never waited cost the program nothing)
     * @param waited    the time per operation the JVM's own threads there waited to run behind other processes,
     *                  seconds per operation
     * @param waitShare that wait as a share of the configuration's time per operation, mean over the iterations: the
     *                  rule's quantity: above the analysis' {@code disturbedAbove} over its whole interval, the
     *                  configuration is disturbed
     * @param disturbed the spare CPUs' waits disturbed the configuration
     */
    @JsonPropertyOrder({"share", "waited", "waitShare", "disturbed"})
    public record SpareCpus(Estimate share, Estimate waited, Estimate waitShare, boolean disturbed) {

        public SpareCpus {
            if (share == null || waited == null || waitShare == null) {
                throw new IllegalArgumentException("the spare CPUs' figures need their share, waited and waitShare");
            }
        }
    }

    /**
     * The rule of {@code disturbed}, once: a share (of other processes, of the JVM's own threads, or the spare CPUs'
     * waits' share of the time) disturbs a configuration when it is above the threshold over its whole interval.
     */
    public static boolean above(Estimate share, double disturbedAbove) {
        return share != null && share.low() > disturbedAbove;
    }

    /**
     * Whether {@link #disturbed} is what this threshold decides: a stored analysis tells by it whether it was made
     * with the threshold asked for now.
     */
    public boolean disturbedAt(double disturbedAbove) {
        return disturbed == (above(share, disturbedAbove) || above(jvmShare, disturbedAbove)
                || (spare != null && above(spare.waitShare(), disturbedAbove)));
    }

    /** Without the spare CPUs' figures. */
    public Interference(CoresValue cores, Estimate share, Integer cpus, boolean disturbed, double explainableSlowdown,
            String because, List<Taker> takenBy, Estimate jvmShare) {
        this(cores, share, cpus, disturbed, explainableSlowdown, because, takenBy, jvmShare, null);
    }

    /**
     * A process that took the configuration's CPUs.
     *
     * @param command its command name as the kernel keeps it (untrusted text)
     * @param pid     its process id
     * @param share   its share of the configuration's CPUs' time over the measured iterations
     */
    public record Taker(String command, long pid, double share) {
    }

    /** Without the processes that took the CPUs. */
    public Interference(CoresValue cores, Estimate share, Integer cpus, boolean disturbed, double explainableSlowdown,
            String because) {
        this(cores, share, cpus, disturbed, explainableSlowdown, because, List.of(), null);
    }

    /** Without the JVM's share (results from before the profiler measured it). */
    public Interference(CoresValue cores, Estimate share, Integer cpus, boolean disturbed, double explainableSlowdown,
            String because, List<Taker> takenBy) {
        this(cores, share, cpus, disturbed, explainableSlowdown, because, takenBy, null);
    }

    public Interference {
        takenBy = takenBy == null ? List.of() : List.copyOf(takenBy);
        if (share == null) {
            throw new IllegalArgumentException("cores=" + cores + ": an interference needs its share");
        }
        if (!(explainableSlowdown >= 1) || !Double.isFinite(explainableSlowdown)) {
            throw new IllegalArgumentException("cores=" + cores + ": explainableSlowdown must be >= 1 and finite, got "
                    + explainableSlowdown);
        }
    }
}
