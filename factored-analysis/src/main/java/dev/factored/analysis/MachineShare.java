package dev.factored.analysis;

import dev.factored.analysis.diagnosis.Words;
import dev.factored.analysis.model.ConfigurationRun;
import dev.factored.analysis.model.Estimate;
import dev.factored.analysis.model.FamilyId;
import dev.factored.analysis.model.Interference;
import dev.factored.analysis.stats.Bootstrap;
import dev.factored.contract.CoresValue;

/** Estimates what the machine took from one configuration's forks ({@link Interference}, METHOD.md §9). */
final class MachineShare {

    /** The most of its CPUs a configuration can lose and still have numbers at all, in the slowdown rule. */
    static final double MAX_LOST = 0.9;

    private MachineShare() {
    }

    /** The interference of one configuration from its samples; null when the profiler did not measure it. */
    static Interference of(FamilyId family, ConfigurationRun run, AnalysisOptions options) {
        if (run.interferenceSamples() == null) {
            return null;
        }
        double[] means = Bootstrap.means(run.interferenceSamples(), (double[][]) null, null, options.resamples(),
                Bootstrap.stream(options.seed(), family.streamKey(), run.cores() + "/interference"));
        Estimate share = Estimate.fromReplicates(means, options.confidence(), run.forks() < 2);
        if (share == null) {
            return null;
        }
        boolean disturbed = share.value() > options.disturbedAbove();
        int cpus = run.cpus() == null ? CoresValue.parse(run.cores()).cpus() : run.cpus();
        double lost = Math.min(MAX_LOST, Math.max(0, cpus * share.high()));
        String because = Words.machineTook(share.value(), cpus, run.cores());
        return new Interference(run.cores(), share, run.cpus(), disturbed, 1 / (1 - lost), because);
    }
}
