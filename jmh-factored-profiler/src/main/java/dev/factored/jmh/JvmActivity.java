package dev.factored.jmh;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ForkJoinPool;

/**
 * What the JVM itself did to the program in an iteration: the time its stop-the-world collections took, and the
 * spare threads the common pool started to replace blocked workers. Read at iteration boundaries only, never
 * during an operation.
 */
final class JvmActivity {

    /** The collectors whose time is pause time: all but ZGC's and Shenandoah's concurrent cycles' beans. */
    private static final List<GarbageCollectorMXBean> PAUSING = ManagementFactory.getGarbageCollectorMXBeans()
            .stream().filter(JvmActivity::pauses).toList();

    private JvmActivity() {
    }

    /**
     * Whether a collector bean counts pauses. Seen here on JDK 17 and 25: G1 Young/Old Generation and (JDK 20+,
     * JDK-8297247) "G1 Concurrent GC", whose time is exactly G1's Remark and Cleanup pauses; PS Scavenge/MarkSweep;
     * "ZGC Pauses" (17) and "ZGC Minor/Major Pauses" (25); "Shenandoah Pauses". The other ZGC and Shenandoah beans
     * ("… Cycles") time concurrent work that does not stop the program.
     */
    static boolean pauses(GarbageCollectorMXBean bean) {
        return !bean.getName().toLowerCase(Locale.ROOT).contains("cycles");
    }

    /** The counters now. */
    record Reading(long gcMillis, int spares) {
    }

    static Reading read() {
        long millis = 0;
        for (GarbageCollectorMXBean bean : PAUSING) {
            long t = bean.getCollectionTime();
            if (t > 0) {
                millis += t;
            }
        }
        return new Reading(millis, spares());
    }

    /** Threads of the common pool beyond its parallelism: spares started by compensation and not yet retired. */
    private static int spares() {
        ForkJoinPool common = ForkJoinPool.commonPool();
        return Math.max(0, common.getPoolSize() - ForkJoinPool.getCommonPoolParallelism());
    }

    /** Pause time in the iteration, ns, and the spares at its end. */
    record Delta(long gcNanos, int spares) {
    }

    static Delta between(Reading start, Reading end) {
        return new Delta(Math.max(0, end.gcMillis() - start.gcMillis()) * 1_000_000L, end.spares());
    }
}
