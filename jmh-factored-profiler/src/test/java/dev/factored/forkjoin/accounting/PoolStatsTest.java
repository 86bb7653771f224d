package dev.factored.forkjoin.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The profiler's verbose line prints the counters as one flat list, as it did before they were grouped. */
class PoolStatsTest {

    @Test
    void theVerboseLineListsTheCountersFlat() {
        PoolStats stats = new PoolStats(new PoolStats.Counts(1, 2, 3, 4, 5, 6), new PoolStats.Times(7, 8, 9), 10,
                new PoolStats.ThreadCpu(11, 12, 13, true), PoolStats.Timed.ZERO);
        assertEquals("PoolStats[operations=1, elisionOperations=2, wallNanos=7, busyNanos=8, idleNanos=9, steals=5, "
                + "forks=6, concurrentOperations=3, workers=10, estimatedOperations=4, workerCpuNanos=11, "
                + "callerCpuNanos=12, readNanos=13, timed=Timed[operations=0, wallNanos=0, callerCpuNanos=0, "
                + "gcMillis=0, workerOperations=0, workerCpuNanos=0, followingOperations=0, afterPauseOperations=0], "
                + "sameWorkers=true]", stats.toString());
    }
}
