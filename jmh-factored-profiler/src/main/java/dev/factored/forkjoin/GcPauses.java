package dev.factored.forkjoin;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLongArray;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * The JVM's stop-the-world collection time so far, the one rule for which collectors' time is pause time; and of it,
 * the part the program asked for with {@code System.gc()}.
 */
public final class GcPauses {

    /** The collectors whose time is pause time: all but ZGC's and Shenandoah's concurrent cycles' beans. */
    private static final List<GarbageCollectorMXBean> PAUSING = ManagementFactory.getGarbageCollectorMXBeans()
            .stream().filter(GcPauses::pauses).toList();

    /** Per pausing collector: how many of its collections a {@code System.gc()} caused, and their summed duration. */
    private static final AtomicLongArray EXPLICIT_COUNT = new AtomicLongArray(PAUSING.size());
    private static final AtomicLongArray EXPLICIT_MILLIS = new AtomicLongArray(PAUSING.size());
    private static volatile boolean listening;
    private static boolean tried;

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

    /**
     * Every pausing collector's counters now, the {@code System.gc()} ones included (from the collectors'
     * notifications, listened to from the first call on: call it once early).
     */
    public static Snapshot snapshot() {
        if (!tried) {
            listen();
        }
        int n = PAUSING.size();
        long[] millis = new long[n];
        long[] counts = new long[n];
        long[] explicitCounts = new long[n];
        long[] explicitMillis = new long[n];
        for (int i = 0; i < n; i++) {
            millis[i] = Math.max(0, PAUSING.get(i).getCollectionTime());
            counts[i] = Math.max(0, PAUSING.get(i).getCollectionCount());
            explicitCounts[i] = EXPLICIT_COUNT.get(i);
            explicitMillis[i] = EXPLICIT_MILLIS.get(i);
        }
        return new Snapshot(millis, counts, explicitCounts, explicitMillis, listening);
    }

    /**
     * The collectors' counters at one moment.
     *
     * @param listening whether the JVM sends collection notifications (else nothing is known of the explicit ones)
     */
    public record Snapshot(long[] millis, long[] counts, long[] explicitCounts, long[] explicitMillis,
            boolean listening) {

        /**
         * The pause time between two snapshots that a {@code System.gc()} caused, ms; -1 when not known. A collector
         * whose every collection meanwhile was an explicit one gives its whole time (the bean's, not the rounded
         * durations of the notifications); otherwise the notifications' durations, at most the collector's time. A
         * notification arrives a moment after its collection, so one that ends at a snapshot may count in the next.
         */
        public long explicitMillisSince(Snapshot start) {
            if (!listening || !start.listening) {
                return -1;
            }
            long explicit = 0;
            for (int i = 0; i < millis.length; i++) {
                long time = Math.max(0, millis[i] - start.millis[i]);
                long count = counts[i] - start.counts[i];
                long asked = explicitCounts[i] - start.explicitCounts[i];
                explicit += count > 0 && asked >= count ? time
                        : Math.min(time, Math.max(0, explicitMillis[i] - start.explicitMillis[i]));
            }
            return explicit;
        }
    }

    private static synchronized void listen() {
        if (tried) {
            return;
        }
        tried = true;
        try {
            for (int i = 0; i < PAUSING.size(); i++) {
                int collector = i;
                if (PAUSING.get(i) instanceof NotificationEmitter emitter) {
                    emitter.addNotificationListener((notification, handback) -> {
                        if (notification.getUserData() instanceof CompositeData data
                                && "System.gc()".equals(data.get("gcCause"))
                                && data.get("gcInfo") instanceof CompositeData info
                                && info.get("duration") instanceof Long duration) {
                            EXPLICIT_MILLIS.addAndGet(collector, duration);
                            EXPLICIT_COUNT.incrementAndGet(collector);
                        }
                    }, notification -> "com.sun.management.gc.notification".equals(notification.getType()), null);
                }
            }
            listening = true;
        } catch (RuntimeException e) {
            // no notifications from this JVM: the explicit collections cannot be told apart
        }
    }
}
