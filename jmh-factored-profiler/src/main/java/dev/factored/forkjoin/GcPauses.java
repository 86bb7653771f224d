package dev.factored.forkjoin;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;

/** The JVM's stop-the-world collection time so far, the one rule for which collectors' time is pause time. */
public final class GcPauses {

    /** The collectors whose time is pause time: all but ZGC's and Shenandoah's concurrent cycles' beans. */
    private static final List<GarbageCollectorMXBean> PAUSING = ManagementFactory.getGarbageCollectorMXBeans()
            .stream().filter(GcPauses::pauses).toList();

    private GcPauses() {
    }

    /**
     * Whether a collector bean counts pauses. Seen here on JDK 17 and 25: G1 Young/Old Generation and (JDK 20+,
     * JDK-8297247) "G1 Concurrent GC", whose time is exactly G1's Remark and Cleanup pauses; PS Scavenge/MarkSweep;
     * "ZGC Pauses" (17) and "ZGC Minor/Major Pauses" (25); "Shenandoah Pauses". The other ZGC and Shenandoah beans
     * ("… Cycles") time concurrent work that does not stop the program.
     */
    public static boolean pauses(GarbageCollectorMXBean bean) {
        return !bean.getName().toLowerCase(Locale.ROOT).contains("cycles");
    }

    /** The pause time of every pausing collector since the JVM started, ms (the beans' resolution). */
    public static long millis() {
        long millis = 0;
        for (GarbageCollectorMXBean bean : PAUSING) {
            long t = bean.getCollectionTime();
            if (t > 0) {
                millis += t;
            }
        }
        return millis;
    }
}
