package dev.factored.analysis;

import dev.factored.analysis.diagnosis.words.Words;
import dev.factored.analysis.input.JmhEntry;
import dev.factored.analysis.model.measurement.ConfigurationRun;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.measurement.FamilyId;
import dev.factored.analysis.model.measurement.Interference;
import dev.factored.analysis.stats.Bootstrap;
import dev.factored.contract.ForeignProcess;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Estimates what the machine took from one configuration's forks ({@link Interference}, METHOD.md §9). */
final class MachineShare {

    /** The most of its CPUs a configuration can lose and still have numbers at all, in the slowdown rule. */
    static final double MAX_LOST = 0.9;

    private MachineShare() {
    }

    /**
     * /proc/stat's tick, 10 ms: a busy count can be off by up to a tick per CPU at each end of an iteration, more than
     * the iterations' spread shows when they all read alike.
     */
    static final double TICK_SECONDS = 0.01;

    /**
     * The interference of one configuration from its samples; null when the profiler did not measure it. The share's
     * interval is the bootstrap's over the iterations widened by the ticks' resolution, and the configuration is
     * disturbed only when the whole interval is above the threshold: a reading inside its own noise decides nothing.
     * The JVM's own threads on the same CPUs (where the fork had no spare CPU for them) disturb it the same way: their
     * time is not the program's either. Where they had spare CPUs, their waits there behind other processes disturb it
     * by {@link SpareWait}'s rule.
     *
     * @param entry the configuration's JMH entry, for the iteration length and the processes named; may be null
     */
    static Interference of(FamilyId family, ConfigurationRun run, JmhEntry entry, AnalysisOptions options) {
        if (run.readings().interferenceSamples() == null) {
            return null;
        }
        double[] means = Bootstrap.means(run.readings().interferenceSamples(), (double[][]) null, null,
                options.resamples(),
                Bootstrap.stream(options.seed(), family.streamKey(), run.cores() + "/interference"));
        Estimate measured = Estimate.fromReplicates(means, options.confidence(), run.forks() < 2);
        if (measured == null) {
            return null;
        }
        int cpus = run.cpus() == null ? run.cores().cpus() : run.cpus();
        double tick = tickResolution(entry, cpus, run.readings().interferenceSamples());
        Estimate share = shareOfCpus(new Estimate(measured.value(), Math.min(measured.low(), measured.value() - tick),
                Math.max(measured.high(), measured.value() + tick), measured.singleFork(), measured.disturbed()));
        Estimate jvm = jvmShare(family, run, options);
        Interference.SpareCpus spare = SpareWait.of(family, run, options);
        boolean machineDisturbed = Interference.above(share, options.disturbedAbove());
        boolean jvmDisturbed = Interference.above(jvm, options.disturbedAbove());
        boolean spareDisturbed = spare != null && spare.disturbed();
        boolean disturbed = machineDisturbed || jvmDisturbed || spareDisturbed;
        // the spare CPUs' waits are already a share of the configuration's time, not of one of its CPUs'
        double lost = Math.min(MAX_LOST, Math.max(0, cpus * (share.high() + (jvm == null ? 0 : jvm.high()))
                + (spare == null ? 0 : spare.waitShare().high())));
        List<Interference.Taker> takers = new ArrayList<>();
        if (entry != null) {
            for (Map.Entry<ForeignProcess, Double> taker : entry.foreignProcesses()) {
                if (takers.size() < 3) {
                    takers.add(new Interference.Taker(taker.getKey().command(), taker.getKey().pid(),
                            taker.getValue()));
                }
            }
        }
        String because = Words.interference(new Words.Took(run.cores(), cpus, share.value(),
                machineDisturbed ? takers : List.of(), jvmDisturbed ? jvm.value() : Double.NaN, machineDisturbed,
                spareDisturbed ? spare : null));
        return new Interference(run.cores(), share, run.cpus(), disturbed, 1 / (1 - lost), because, takers, jvm,
                spare);
    }

    /**
     * The JVM's own threads' share of the configuration's CPUs while the program ran there, with the bootstrap's
     * interval over the iterations; null when the profiler did not measure it. Its numerator is the threads' own
     * schedstat time (nanoseconds), so the ticks' resolution is not added to it.
     */
    static Estimate jvmShare(FamilyId family, ConfigurationRun run, AnalysisOptions options) {
        if (run.readings().jvmShareSamples() == null) {
            return null;
        }
        double[] means = Bootstrap.means(run.readings().jvmShareSamples(), (double[][]) null, null, options.resamples(),
                Bootstrap.stream(options.seed(), family.streamKey(), run.cores() + "/jvmShare"));
        return shareOfCpus(Estimate.fromReplicates(means, options.confidence(), run.forks() < 2));
    }

    /**
     * A share of the CPUs' time between 0 and 1, its interval too. The profiler's readings are never clamped (the
     * ticks' rounding averages out over iterations), so a quiet configuration's mean can read slightly below 0 and
     * its interval reach below: that is the resolution, a reason for a wide interval, not a negative share. An
     * interval wholly at or below 0 is none measured ({@link Estimate#nonNegative}), not a share of exactly 0.
     */
    static Estimate shareOfCpus(Estimate e) {
        Estimate atLeastZero = Estimate.nonNegative(e);
        if (atLeastZero == null || atLeastZero.zero() != null) {
            return atLeastZero;
        }
        return new Estimate(Math.min(1, atLeastZero.value()), Math.min(1, atLeastZero.low()),
                Math.min(1, atLeastZero.high()), e.singleFork(), e.disturbed());
    }

    /**
     * The ticks' part of the uncertainty of a mean share: one iteration's share can be off by a tick per CPU at each
     * end (uniform rounding, standard deviation tick/√6 per CPU), and n iterations' mean by 1/√n of that; two
     * standard deviations, 0 when the iteration's length is unknown.
     */
    static double tickResolution(JmhEntry entry, int cpus, double[][] samples) {
        double seconds = entry == null ? Double.NaN : entry.measurementSeconds();
        int n = 0;
        for (double[] fork : samples) {
            n += fork.length;
        }
        if (!(seconds > 0) || n == 0 || cpus < 1) {
            return 0;
        }
        double perIteration = TICK_SECONDS * Math.sqrt(cpus / 6.0) / (cpus * seconds);
        return 2 * perIteration / Math.sqrt(n);
    }
}
