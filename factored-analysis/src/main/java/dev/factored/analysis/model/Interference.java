package dev.factored.analysis.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.factored.analysis.AnalysisOptions;
import dev.factored.analysis.Bootstrap;
import dev.factored.analysis.diagnosis.Words;
import dev.factored.contract.CoresValue;

/**
 * What the machine took from one configuration's forks (METHOD.md §9): the share of its CPUs' time that other
 * processes and the hypervisor used while it was measured, and what follows from it.
 *
 * @param cores               the configuration, canonical spelling
 * @param share               that share, mean over its iterations with a bootstrap interval
 * @param cpus                the CPUs each of its forks could use; null when unknown
 * @param disturbed           the share is above the run's threshold ({@link AnalysisOptions#disturbedAbove()}): the
 *                            configuration describes the machine as much as the program
 * @param explainableSlowdown how much slower the interference alone can make this configuration:
 *                            1 / (1 − min(0.9, cpus × share.high)). The worst case puts all foreign time on one CPU
 *                            whose worker everyone else waits for; the gate does not call a change a regression when
 *                            this factor can explain it
 * @param because             the sentence that says it, e.g. "other processes took 23 % of the 2 CPUs of cores=2"
 */
@JsonPropertyOrder({"cores", "share", "cpus", "disturbed", "explainableSlowdown", "because"})
public record Interference(String cores, Estimate share, Integer cpus, boolean disturbed, double explainableSlowdown,
        String because) {

    /** The most of its CPUs a configuration can lose and still have numbers at all, in the slowdown rule. */
    static final double MAX_LOST = 0.9;

    public Interference {
        if (share == null) {
            throw new IllegalArgumentException("cores=" + cores + ": an interference needs its share");
        }
        if (!(explainableSlowdown >= 1) || !Double.isFinite(explainableSlowdown)) {
            throw new IllegalArgumentException("cores=" + cores + ": explainableSlowdown must be >= 1 and finite, got "
                    + explainableSlowdown);
        }
    }

    /** The interference of a configuration, or null when the profiler did not measure it. */
    public static Interference of(FamilyId family, ConfigurationRun run, AnalysisOptions options) {
        if (run.interferenceSamples() == null) {
            return null;
        }
        double[] means = Bootstrap.means(run.interferenceSamples(), (double[][]) null, null, options.resamples(),
                Bootstrap.stream(options.seed(), family.streamKey(), run.cores() + "/interference"));
        Estimate share = Bootstrap.estimate(means, options.confidence(), run.forks() < 2);
        if (share == null) {
            return null;
        }
        boolean disturbed = share.value() > options.disturbedAbove();
        int cpus = run.cpus() == null ? CoresValue.parse(run.cores()).cpus() : run.cpus();
        double lost = Math.min(MAX_LOST, Math.max(0, cpus * share.high()));
        String because = "other processes took " + Words.percent(Math.max(0, share.value())) + " of the "
                + (cpus == 1 ? "CPU" : cpus + " CPUs") + " of " + configuration(run.cores());
        return new Interference(run.cores(), share, run.cpus(), disturbed, 1 / (1 - lost), because);
    }

    /** "cores=2" or "the baseline": how the configuration is named in a sentence. */
    private static String configuration(String cores) {
        CoresValue c = CoresValue.parse(cores);
        if (c.isBaseline()) {
            return "the baseline";
        }
        if (c.isParallel()) {
            return "P = " + c.workers();
        }
        return "cores=" + cores;
    }
}
