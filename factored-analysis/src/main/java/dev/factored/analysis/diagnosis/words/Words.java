package dev.factored.analysis.diagnosis.words;

import dev.factored.analysis.diagnosis.facts.NoteFacts;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.measurement.Interference;
import dev.factored.contract.CoresValue;
import dev.factored.text.Numbers;
import java.util.List;

/**
 * Number and list formatting shared by the diagnosis and the warnings. The numbers are the one
 * formatter's, {@link Numbers}: a speedup or a percentage reads the same in a finding as in the report's
 * tables, check.json, summary.md and the log.
 */
public final class Words {

    private Words() {
    }

    /** A speedup, a loss of speedup or a ratio of work, as a factor: {@code 1.26x}. */
    public static String x(double v) {
        return Numbers.speedup(v);
    }

    /**
     * A speedup's range for a sentence, {@code ", between 1.35x and 1.94x,"}, or nothing where the interval is
     * narrower than the words' rounding: a headline that is no verdict says where the speedup may lie.
     */
    public static String between(Estimate speedup) {
        String low = x(speedup.low());
        String high = x(speedup.high());
        return low.equals(high) ? "" : ", between " + low + " and " + high + ",";
    }

    /** A fraction as a percentage: {@code 0.234} → {@code 23.4%}. */
    public static String percent(double fraction) {
        return Numbers.percent(fraction);
    }

    /** A number of CPUs that may be fractional, such as a CPU quota: {@code 4}, {@code 2.5}. */
    public static String cpus(double cpus) {
        return Numbers.plain(cpus);
    }

    public static String cores(int p) {
        return p == 1 ? "1 core" : p + " cores";
    }

    /** "a", "a and b", "a, b and c". */
    public static String and(List<String> items) {
        if (items.size() <= 1) {
            return items.isEmpty() ? "" : items.get(0);
        }
        return String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.get(items.size() - 1);
    }

    /**
     * What the machine took from one configuration, as decided before it is said ({@link #interference}).
     *
     * @param cores           the configuration
     * @param cpus            the CPUs its forks could use
     * @param share           the share of their time other processes took
     * @param named           the processes that took the most, named where the share disturbed the configuration
     * @param jvmShare        the share the JVM's own threads took where that disturbed it; NaN where it did not
     * @param machineDisturbed the other processes' share disturbed it (else only the JVM's or the spare CPUs' did, or
     *                        neither)
     * @param spare           the spare CPUs' figures where the JVM's threads' waits there disturbed it; null where
     *                        they did not
     */
    public record Took(CoresValue cores, int cpus, double share, List<Interference.Taker> named, double jvmShare,
            boolean machineDisturbed, Interference.SpareCpus spare) {
        public Took {
            named = List.copyOf(named);
        }
    }

    /**
     * The sentence of a configuration's interference (analysis.json's {@code because}): what other processes took,
     * then the JVM's own threads' share and the spare CPUs' waits where they disturbed the configuration too; where
     * only they did, they alone.
     */
    public static String interference(Took took) {
        List<String> parts = new java.util.ArrayList<>();
        boolean jvm = !Double.isNaN(took.jvmShare());
        if (took.machineDisturbed() || !jvm && took.spare() == null) {
            parts.add(machineTook(took.share(), took.cpus(), took.cores(), took.named()));
        }
        if (jvm) {
            parts.add(jvmTook(took.jvmShare(), took.cpus(), took.cores()));
        }
        if (took.spare() != null) {
            parts.add(spareTook(took.spare(), took.cores()));
        }
        return String.join("; ", parts);
    }

    /**
     * "other processes took 48.0% of the spare CPUs the JVM's compiler and collector ran on beside P = 1; those threads
     * waited 1.05 ms per operation behind them, 9.5% of its time": the program did not run there, but waited for them.
     */
    private static String spareTook(Interference.SpareCpus spare, CoresValue cores) {
        return "other processes took " + percent(spare.share().value()) + " of the spare CPUs the JVM's compiler and "
                + "collector ran on beside " + configuration(cores) + "; those threads waited "
                + Numbers.time(spare.waited().value()) + " per operation behind them, " + percent(spare.waitShare()
                .value()) + " of its time";
    }

    /** What other processes took from a configuration, e.g. "other processes took 23 % of the 2 CPUs of P = 2". */
    private static String machineTook(double share, int cpus, CoresValue cores) {
        return "other processes took " + percent(Math.max(0, share)) + " of the " + (cpus == 1 ? "CPU" : cpus + " CPUs")
                + " of " + configuration(cores);
    }

    /**
     * As {@link #machineTook(double, int, CoresValue)}, naming the processes that took the most, e.g. "…, among them
     * python3 (pid 4242, 46.0%)".
     */
    private static String machineTook(double share, int cpus, CoresValue cores, List<Interference.Taker> takers) {
        String took = machineTook(share, cpus, cores);
        if (takers.isEmpty()) {
            return took;
        }
        List<String> named = takers.stream().map(t -> t.command() + " (pid " + t.pid() + ", " + percent(t.share())
                + ")").toList();
        return took + ", among them " + and(named);
    }

    /**
     * "the JVM's own threads (JIT compiler, collector) took 12.0% of the CPU of the baseline": the JVM shared the
     * measured CPUs (no spare CPU for its threads) and took that much of their time from the program.
     */
    private static String jvmTook(double share, int cpus, CoresValue cores) {
        return "the JVM's own threads (JIT compiler, collector) took " + percent(Math.max(0, share)) + " of the "
                + (cpus == 1 ? "CPU" : cpus + " CPUs") + " of " + configuration(cores);
    }

    /** A JVM as the notes name it: "JDK 17.0.15, OpenJDK 64-Bit Server VM 17.0.15+6 at /usr/bin/java". */
    public static String jvm(NoteFacts.Jvm jvm) {
        return "JDK " + jvm.jdkVersion() + ", " + jvm.vmName() + " " + jvm.vmVersion() + " at " + jvm.path();
    }

    /** "P = 2" or "the baseline": how a configuration is named in a sentence. */
    private static String configuration(CoresValue cores) {
        if (cores.isBaseline()) {
            return "the baseline";
        }
        if (cores.isParallel()) {
            return "P = " + cores.workers();
        }
        return "cores=" + cores;
    }
}
