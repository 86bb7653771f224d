package dev.factored.forkjoin;

import dev.factored.forkjoin.accounting.Ledger;
import dev.factored.forkjoin.accounting.SpanStats;
import java.util.function.Consumer;

/**
 * The strand timing of a span pool (the {@code span} configuration, METHOD.md §5): the elision, every strand of an
 * operation timed. Opening calibrates the clock's cost, which is taken off per strand; the burden is added per forked
 * branch; each operation's work, span and burdened span go to {@link Ledger#spanTotals()}. One span operation at a
 * time per JVM: another one that starts meanwhile runs as the plain elision.
 */
final class SpanTiming {

    /** Calibration rounds of the clock cost when a span pool opens. */
    private static final int CLOCK_ROUNDS = 30;

    private final SpanRecorder recorder;
    private final double burdenNanos;
    private final double clockCostNanos;
    private final double clockSpreadNanos;

    /** Calibrates the clock (about 0.1 s). */
    SpanTiming(double burdenNanos) {
        double[] clock = SpanRecorder.calibrate(CLOCK_ROUNDS);
        clockCostNanos = clock[0];
        clockSpreadNanos = clock[1];
        this.burdenNanos = burdenNanos;
        recorder = new SpanRecorder(clockCostNanos, clock[2], burdenNanos);
    }

    /** The burden added per forked branch, in ns. */
    double burdenNanos() {
        return burdenNanos;
    }

    /** The clock cost subtracted per strand, in ns. */
    double clockCostNanos() {
        return clockCostNanos;
    }

    /**
     * Runs one operation's task in the calling thread, timed, then books it through {@code booked}, told whether the
     * operation was concurrent: one that starts while another span operation runs is not timed, and is counted as
     * concurrent so that its iteration reports no span numbers.
     */
    void run(FactoredTask<?> task, Thread thread, Consumer<Boolean> booked) {
        if (SpanRecorder.busyElsewhere(thread)) {
            try {
                task.runInline();
            } finally {
                booked.accept(true);
            }
            return;
        }
        synchronized (recorder) {
            recorder.begin();
            try {
                task.runInline();
            } finally {
                recorder.end();
                Ledger.addSpan(new SpanStats(1, recorder.work(), recorder.span(), recorder.burdenedSpan(),
                        recorder.spawns(), recorder.strands(), burdenNanos, clockCostNanos, clockSpreadNanos));
                booked.accept(false);
            }
        }
    }
}
