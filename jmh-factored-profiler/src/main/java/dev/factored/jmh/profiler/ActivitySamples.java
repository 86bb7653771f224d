package dev.factored.jmh.profiler;

import dev.factored.contract.ActivityLog;
import dev.factored.forkjoin.FactoredPool;
import dev.factored.forkjoin.accounting.Ledger;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The fork's samples for the activity timeline and the split of idle time: the last operation of every measurement
 * iteration, appended to the fork's activity file ({@link ActivityFile}) when the host asked for one through
 * {@link ActivityLog#PROPERTY}. What keeps a sample out is said once, through the fork's warnings.
 */
final class ActivitySamples {

    private final Consumer<String> warn;
    /** The side file of this fork's sampled operations; null until the first one, or when not recording. */
    private ActivityFile activityFile;
    private int measurementIterations;
    private long activityOverflowsAtStart;
    private boolean warnedActivity;
    private boolean warnedOverflow;

    /** @param warn says a warning of the fork, once per cause */
    ActivitySamples(Consumer<String> warn) {
        this.warn = warn;
    }

    /** At an iteration's start: the operations that overflow the buffers from here on are this iteration's. */
    void iterationStarts() {
        activityOverflowsAtStart = Ledger.activityOverflows();
    }

    /**
     * At a measurement iteration's end.
     *
     * @param sample whether to sample its last operation (it ran operations on a pool, none overlapping another)
     */
    void measurementEnds(BenchmarkParams params, boolean sample) {
        measurementIterations++;
        if (sample) {
            sampleActivity(params);
        }
    }

    /** Appends the iteration's last operation to the fork's activity file, when the host asked for it. */
    private void sampleActivity(BenchmarkParams params) {
        String directory = System.getProperty(ActivityLog.PROPERTY);
        if (directory == null || warnedActivity) {
            return;
        }
        ActivityLog.Operation operation = Ledger.lastActivity(measurementIterations);
        if (operation == null) {
            if (!warnedOverflow && Ledger.activityOverflows() > activityOverflowsAtStart) {
                warnedOverflow = true;
                warn.accept(params.getBenchmark() + ": an operation had more than " + FactoredPool.ACTIVITY_CAPACITY
                        + " busy periods on one worker, more than the activity buffers hold: iterations whose last "
                        + "operation overflowed are left out of the activity timeline and the idle split.");
            }
            return;
        }
        try {
            if (activityFile == null) {
                activityFile = ActivityFile.of(Path.of(directory), params);
            }
            activityFile.append(operation);
        } catch (IOException | RuntimeException e) {
            warnedActivity = true;
            warn.accept(params.getBenchmark() + ": could not write the activity file "
                    + (activityFile == null ? directory : activityFile.path()) + ": " + e
                    + "; no activity timeline or idle split for this fork.");
        }
    }
}
