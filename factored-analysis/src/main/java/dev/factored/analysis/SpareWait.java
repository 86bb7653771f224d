package dev.factored.analysis;

import dev.factored.analysis.model.measurement.ConfigurationRun;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.measurement.FamilyId;
import dev.factored.analysis.model.measurement.Interference;
import dev.factored.analysis.stats.Bootstrap;

/**
 * What other processes cost a configuration on the spare CPUs its JVM's own threads ran on, apart from the program's
 * (METHOD.md §9): the machine's, not the program's.
 *
 * <p>The rule: the configuration is disturbed when the time the JVM's threads there waited behind other processes, as a
 * share of the configuration's time per operation, is above the run's threshold ({@code disturbedAbove}, the same as
 * for the measured CPUs) over its whole interval. It rests on the wait, not on how busy the spare CPUs were: the
 * program never runs there, and a neighbour that took a spare CPU while the compilers and the collector had nothing to
 * do, or had the other spare CPU, cost it nothing; a one-worker fork beside a busy neighbour would otherwise always
 * read disturbed. A wait is what the program can feel (a safepoint waits for the VM thread, a collection for its
 * concurrent threads, code stays interpreted while its compiler waits), and at most as long as the wait: a share of
 * the configuration's time above the threshold can move its time by that much. The profiler counts only the part of
 * the wait other processes caused (the JVM's threads waiting behind each other are the JVM's).
 */
final class SpareWait {

    private SpareWait() {
    }

    /** The spare CPUs' figures of one configuration; null when the profiler did not measure them. */
    static Interference.SpareCpus of(FamilyId family, ConfigurationRun run, AnalysisOptions options) {
        double[][] share = run.readings().spareInterferenceSamples();
        double[][] wait = run.readings().spareWaitSamples();
        if (share == null || wait == null) {
            return null;
        }
        double[][] waitShare = new double[wait.length][];
        for (int f = 0; f < wait.length; f++) {
            waitShare[f] = new double[wait[f].length];
            for (int i = 0; i < wait[f].length; i++) {
                // per iteration: the wait and the time are that iteration's, per operation
                waitShare[f][i] = wait[f][i] / run.timeSamples()[f][i];
            }
        }
        Estimate busy = MachineShare.shareOfCpus(estimate(family, run, share, "/spareInterference", options));
        Estimate waited = Estimate.nonNegative(estimate(family, run, wait, "/spareWait", options));
        Estimate ofTime = Estimate.nonNegative(estimate(family, run, waitShare, "/spareWaitShare", options));
        if (busy == null || waited == null || ofTime == null) {
            return null;
        }
        return new Interference.SpareCpus(busy, waited, ofTime, Interference.above(ofTime, options.disturbedAbove()));
    }

    /** The mean over the iterations with the bootstrap's interval, on a stream of its own. */
    private static Estimate estimate(FamilyId family, ConfigurationRun run, double[][] samples, String stream,
            AnalysisOptions options) {
        double[] means = Bootstrap.means(samples, (double[][]) null, null, options.resamples(),
                Bootstrap.stream(options.seed(), family.streamKey(), run.cores() + stream));
        return Estimate.fromReplicates(means, options.confidence(), run.forks() < 2);
    }
}
