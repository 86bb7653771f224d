package dev.factored.jmh.profiler;

import dev.factored.contract.ActivityLog;
import dev.factored.contract.CoresValue;
import dev.factored.forkjoin.FactoredPool;
import dev.factored.forkjoin.accounting.Ledger;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The fork's samples for the activity timeline and the split of idle time: the last operation of every measurement
 * iteration, appended to the fork's activity file ({@link ActivityFile}) when the host asked for one through
 * {@link ActivityLog#PROPERTY}. What keeps a sample out is said once, through the fork's warnings.
 */
final class ActivitySamples {

    private final Consumer<String> warn;
    /**
     * The side files of this fork's sampled operations, by the configuration they ran (a turn's fork, {@code cores=1+2},
     * writes one per member, as its forks alone would; a fork of one configuration one, under the empty key), each made
     * on its first sampled operation, and their measurement iterations so far.
     */
    private final Map<String, ActivityFile> activityFiles = new HashMap<>();
    private final Map<String, Integer> measurementIterations = new HashMap<>();
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
     * @param member the member of a turn that ran the iteration, or null in a fork of one configuration
     * @param sample whether to sample its last operation (it ran operations on a pool, none overlapping another)
     */
    void measurementEnds(BenchmarkParams params, CoresValue member, boolean sample) {
        String key = member == null ? "" : member.toString();
        int iteration = measurementIterations.merge(key, 1, Integer::sum);
        if (sample) {
            sampleActivity(params, member, key, iteration);
        }
    }

    /** Appends the iteration's last operation to the fork's activity file, when the host asked for it. */
    private void sampleActivity(BenchmarkParams params, CoresValue member, String key, int iteration) {
        String directory = System.getProperty(ActivityLog.PROPERTY);
        if (directory == null || warnedActivity) {
            return;
        }
        ActivityLog.Operation operation = Ledger.lastActivity(iteration);
        if (operation == null) {
            if (!warnedOverflow && Ledger.activityOverflows() > activityOverflowsAtStart) {
                warnedOverflow = true;
                warn.accept(params.getBenchmark() + ": an operation had more than " + FactoredPool.ACTIVITY_CAPACITY
                        + " busy periods on one worker, more than the activity buffers hold: iterations whose last "
                        + "operation overflowed are left out of the activity timeline and the idle split.");
            }
            return;
        }
        ActivityFile activityFile = activityFiles.get(key);
        try {
            if (activityFile == null) {
                activityFile = ActivityFile.of(Path.of(directory), params, member);
                activityFiles.put(key, activityFile);
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
