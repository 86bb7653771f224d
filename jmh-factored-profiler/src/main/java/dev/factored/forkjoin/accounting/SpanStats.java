package dev.factored.forkjoin.accounting;

/**
 * Counters of finished {@code span} operations (see {@link dev.factored.forkjoin.FactoredPool#span(double)}),
 * cumulative since the JVM started ({@link Ledger#spanTotals()}). Subtract two snapshots for one JMH iteration.
 * Times are nanoseconds summed over the operations, with the clock cost already subtracted per strand.
 *
 * @param operations     finished span operations
 * @param workNanos      summed work: the time of all strands
 * @param spanNanos      summed span: the longest chain of dependent strands of each operation
 * @param burdenedNanos  summed burdened span: the span with the burden on every forked branch
 * @param spawns         tasks forked (a forkJoin forks one, invokeAll of n tasks forks n − 1)
 * @param strands        strands timed
 * @param burdenNanos    the burden per forked branch of the most recent span pool (not summed)
 * @param clockCostNanos the clock cost subtracted per strand of the most recent span pool (not summed)
 * @param clockSpreadNanos its standard deviation between calibration rounds: the precision of one strand
 */
public record SpanStats(
        long operations,
        double workNanos,
        double spanNanos,
        double burdenedNanos,
        long spawns,
        long strands,
        double burdenNanos,
        double clockCostNanos,
        double clockSpreadNanos) {

    public static final SpanStats ZERO = new SpanStats(0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** The counts between {@code earlier} and this snapshot; burden and clock cost are this snapshot's. */
    public SpanStats minus(SpanStats earlier) {
        return new SpanStats(operations - earlier.operations, workNanos - earlier.workNanos,
                spanNanos - earlier.spanNanos, burdenedNanos - earlier.burdenedNanos, spawns - earlier.spawns,
                strands - earlier.strands, burdenNanos, clockCostNanos, clockSpreadNanos);
    }

    /** These counters with {@code more} added; burden and clock cost are {@code more}'s. */
    SpanStats plus(SpanStats more) {
        return new SpanStats(operations + more.operations, workNanos + more.workNanos, spanNanos + more.spanNanos,
                burdenedNanos + more.burdenedNanos, spawns + more.spawns, strands + more.strands, more.burdenNanos,
                more.clockCostNanos, more.clockSpreadNanos);
    }
}
