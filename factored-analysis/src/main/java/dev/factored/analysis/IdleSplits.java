package dev.factored.analysis;

import dev.factored.analysis.input.ActivitySamples;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.measurement.FamilyId;
import dev.factored.analysis.model.point.IdleSplit;
import dev.factored.analysis.stats.Bootstrap;
import dev.factored.contract.ActivityLog;
import dev.factored.contract.CoresValue;
import java.util.List;

/**
 * I_P split by the shares of its parts in the sampled operations (ratio of sums, resampled by fork and operation),
 * replicate by replicate: each part is share × I_P, so the parts add up to I_P.
 */
final class IdleSplits {

    /** A point's split, and its serial-section part replicate by replicate (the projection reads it). */
    record Split(IdleSplit split, double[] serial) {
    }

    private IdleSplits() {
    }

    /**
     * @param idle I_P's replicate means, or null when not measured
     * @return null without idle time or without sampled operations of this configuration
     */
    static Split of(FamilyId id, CoresValue cores, double[] idle, boolean singleFork, boolean disturbed,
            ActivitySamples activity, AnalysisOptions options) {
        List<List<ActivityLog.Operation>> sampled = activity.of(id.benchmark(), id.params(), id.mode(), cores);
        if (idle == null || sampled.isEmpty()) {
            return null;
        }
        double[][][] parts = new double[sampled.size()][][];
        int operations = 0;
        for (int f = 0; f < sampled.size(); f++) {
            parts[f] = sampled.get(f).stream().map(IdleSplit::partsOf).toArray(double[][]::new);
            operations += parts[f].length;
        }
        double[][] shares = Bootstrap.shares(parts, IdleSplit.PARTS, options.resamples(),
                Bootstrap.stream(options.seed(), id.streamKey(), cores + "/activity"));
        if (shares == null) {
            return null;
        }
        boolean single = singleFork || sampled.size() < 2;
        double[][] byPart = new double[IdleSplit.PARTS][idle.length];
        Estimate[] split = new Estimate[IdleSplit.PARTS];
        for (int k = 0; k < split.length; k++) {
            for (int b = 0; b < idle.length; b++) {
                byPart[k][b] = shares[k][b] * idle[b];
            }
            split[k] = cores.equals(CoresValue.workers(1)) && IdleSplit.zeroWithOneWorker(k)
                    ? Estimate.byConstruction(single, disturbed)
                    : Estimate.fromReplicates(byPart[k], options.confidence(), single, disturbed);
            if (split[k] == null) {
                return null;
            }
        }
        return new Split(new IdleSplit(split[IdleSplit.STARTUP], split[IdleSplit.SERIAL], split[IdleSplit.TAIL],
                split[IdleSplit.OTHER], operations, split[IdleSplit.HAND_BACK]), byPart[IdleSplit.SERIAL]);
    }
}
