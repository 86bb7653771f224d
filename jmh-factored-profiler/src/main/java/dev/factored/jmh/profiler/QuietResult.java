package dev.factored.jmh.profiler;

import java.util.Collection;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.Aggregator;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ResultRole;
import org.openjdk.jmh.results.ScalarResult;
import org.openjdk.jmh.util.ListStatistics;
import org.openjdk.jmh.util.Statistics;

/**
 * A secondary result of the profiler as JMH's {@link ScalarResult} holds it (the same score, error, unit and raw
 * data in the JSON and the final table), without the statistics block JMH prints for every secondary result at the
 * end of each configuration (its {@link #extendedInfo}: a header and up to three lines each, some 90 lines a
 * configuration for the profiler's metrics). Every metric the profiler publishes is an average over its samples.
 *
 * <p>An iteration without the metric counts as 0 in JMH's score, as for a ScalarResult (a process named only in
 * the iterations it disturbed), except for a metric published once a fork ({@link PublishedMetrics#PER_FORK}): its
 * score is the mean of the forks' one sample each, not a pinned fork's 1 spread over its iterations as 0.33.
 */
final class QuietResult extends Result<QuietResult> {

    private static final long serialVersionUID = 1L;

    /** Whether the metric is published once a fork, so that its absence from an iteration is no 0. */
    private final boolean perFork;

    private QuietResult(String label, Statistics statistics, String unit, boolean perFork) {
        super(ResultRole.SECONDARY, label, statistics, unit, AggregationPolicy.AVG);
        this.perFork = perFork;
    }

    /** The same result, quiet; {@code perFork}: published in one iteration of each fork only. */
    static QuietResult of(Result<?> result, boolean perFork) {
        return new QuietResult(result.getLabel(), result.getStatistics(), result.getScoreUnit(), perFork);
    }

    @Override
    public String extendedInfo() {
        return "";
    }

    @Override
    protected Aggregator<QuietResult> getThreadAggregator() {
        return QuietResult::aggregate;
    }

    @Override
    protected Aggregator<QuietResult> getIterationAggregator() {
        return QuietResult::aggregate;
    }

    @Override
    protected QuietResult getZeroResult() {
        if (perFork) {
            return null; // JMH then aggregates the samples there are
        }
        ListStatistics zero = new ListStatistics();
        zero.addValue(0);
        return new QuietResult(label, zero, unit, false);
    }

    /** As ScalarResult's aggregator: the scores of the parts, as samples of one result. */
    private static QuietResult aggregate(Collection<QuietResult> results) {
        ListStatistics statistics = new ListStatistics();
        String label = null;
        String unit = null;
        boolean perFork = false;
        for (QuietResult r : results) {
            statistics.addValue(r.getScore());
            label = label == null ? r.getLabel() : label;
            unit = unit == null ? r.getScoreUnit() : unit;
            perFork |= r.perFork;
        }
        return new QuietResult(label, statistics, unit, perFork);
    }
}
