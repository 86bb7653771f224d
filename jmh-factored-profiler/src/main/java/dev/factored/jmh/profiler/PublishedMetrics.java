package dev.factored.jmh.profiler;

import dev.factored.contract.CoresTurn;
import dev.factored.contract.CoresValue;
import dev.factored.contract.ProfilerMetrics;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.runner.IterationType;

/**
 * Which of a fork's secondary results JMH gets, and how it prints them ({@code metrics=analysis|all}). JMH prints
 * every secondary result on a line of its own after each measurement iteration, a statistics block for each at the end
 * of each configuration, and a row for each in its final table: with some 25 metrics a configuration, the profiler's
 * lines drowned JMH's own.
 *
 * <p>{@link Choice#ANALYSIS} (the default) publishes what the analysis reads and nothing else, losing none of it:
 * <ul>
 * <li>not {@link #UNREAD}: metrics no reader takes (the analysis uses the interference reading, not the absolute
 * figure nor the share taken into [0, 1], and the descheduled and runnable times, not the whole run delay);</li>
 * <li>{@link #PER_FORK} once a fork, in its first measurement iteration: what the fork's CPUs and the machine are does
 * not change between iterations, and the analysis reads the least or the largest sample of them (in every measurement
 * iteration of a turn's fork, {@code cores=1+2}, whose members run on CPUs of their own);</li>
 * <li>as {@link QuietResult}s: the same numbers, without the end-of-configuration statistics blocks.</li>
 * </ul>
 * {@link Choice#ALL} publishes every metric in every iteration as JMH's own {@code ScalarResult}, as before.
 */
public final class PublishedMetrics {

    /** The choice of the {@code metrics} option. */
    public enum Choice {
        /** What the analysis reads, quietly: the default. */
        ANALYSIS,
        /** Every metric in every iteration, with JMH's statistics blocks. */
        ALL;

        static Choice parse(String value) {
            return value == null ? null : switch (value.strip().toLowerCase(Locale.ROOT)) {
                case "analysis" -> ANALYSIS;
                case "all" -> ALL;
                default -> null;
            };
        }
    }

    /** Metrics no reader takes: published under {@code metrics=all} only. */
    static final Set<String> UNREAD = Set.of(ProfilerMetrics.TASKS, ProfilerMetrics.INTERFERENCE,
            ProfilerMetrics.INTERFERENCE_SHARE, ProfilerMetrics.RUN_DELAY);

    /** Metrics that are the same in every iteration of a fork: published once a fork. */
    static final Set<String> PER_FORK = Set.of(ProfilerMetrics.CPUS, ProfilerMetrics.PINNED, ProfilerMetrics.PINNABLE,
            ProfilerMetrics.JVM_APART, ProfilerMetrics.LIVE_HEAP, ProfilerMetrics.MAX_HEAP,
            ProfilerMetrics.PHYSICAL_CORES, ProfilerMetrics.SMT, ProfilerMetrics.NUMA_NODES, ProfilerMetrics.SOCKETS,
            ProfilerMetrics.PERFORMANCE_CPUS, ProfilerMetrics.EFFICIENCY_CPUS, ProfilerMetrics.CPU_QUOTA,
            ProfilerMetrics.MACHINE_CPUS, ProfilerMetrics.MACHINE_PHYSICAL_CORES, ProfilerMetrics.MACHINE_SOCKETS,
            ProfilerMetrics.MACHINE_NUMA_NODES, ProfilerMetrics.MACHINE_ALLOWED_CPUS,
            ProfilerMetrics.MACHINE_ALLOWED_CORES);

    private final Choice choice;
    /** The trial of the last iteration: with -f 0 one JVM runs several, each to say what its CPUs are once. */
    private BenchmarkParams trial;
    private boolean perForkPublished;

    public PublishedMetrics(Choice choice) {
        this.choice = choice;
    }

    /** The results of one iteration as JMH gets them. */
    public List<Result> of(BenchmarkParams trial, IterationParams iteration, Collection<? extends Result> results) {
        if (choice == Choice.ALL) {
            return new ArrayList<>(results);
        }
        if (trial != this.trial) {
            this.trial = trial;
            perForkPublished = false;
        }
        // A turn's fork (cores=1+2) publishes them in every measurement iteration: each member's differ (its CPUs), and
        // the analysis splits the fork's iterations by member, which needs every metric to line up by iteration.
        boolean perFork = iteration.getType() == IterationType.MEASUREMENT
                && (!perForkPublished || trial != null && CoresTurn.isTurn(trial.getParam(CoresValue.PARAM)));
        List<Result> published = new ArrayList<>();
        for (Result r : results) {
            String label = r.getLabel();
            if (UNREAD.contains(label) || PER_FORK.contains(label) && !perFork) {
                continue;
            }
            perForkPublished |= PER_FORK.contains(label);
            published.add(QuietResult.of(r, PER_FORK.contains(label)));
        }
        return published;
    }
}
