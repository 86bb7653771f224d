package dev.factored.forkjoin.accounting;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
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

    /**
     * Per pausing collector: the durations (ms) of the collections a {@code System.gc()} caused, by collection id (the
     * collector's count at that collection), and the highest id any notification has told so far.
     */
    private static final List<ConcurrentSkipListMap<Long, Long>> EXPLICIT = PAUSING.stream()
            .map(b -> new ConcurrentSkipListMap<Long, Long>()).toList();
    private static final AtomicLongArray NOTIFIED = new AtomicLongArray(PAUSING.size());
    /** How long a reading waits, at most, for the notifications of collections that just ended. */
    private static final long NOTIFICATION_WAIT_NANOS = 100_000_000L;
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
     * Every pausing collector's counters now (and, from the first call on, the notifications that tell which
     * collections a {@code System.gc()} caused: call it once early).
     */
    public static Snapshot snapshot() {
        if (!tried) {
            listen();
        }
        int n = PAUSING.size();
        long[] millis = new long[n];
        long[] counts = new long[n];
        for (int i = 0; i < n; i++) {
            millis[i] = Math.max(0, PAUSING.get(i).getCollectionTime());
            counts[i] = Math.max(0, PAUSING.get(i).getCollectionCount());
        }
        return new Snapshot(millis, counts, listening);
    }

    /**
     * The collectors' counters at one moment.
     *
     * @param listening whether the JVM sends collection notifications (else nothing is known of the explicit ones)
     */
    public record Snapshot(long[] millis, long[] counts, boolean listening) {

        /**
         * The pause time between two snapshots that a {@code System.gc()} caused, ms; -1 when not known. The
         * collections in between are known by id (each collector numbers its collections), so a notification still
         * on its way (it arrives a moment after its collection, from a service thread) is waited for, up to 100 ms
         * for all of them, and never counted in the wrong interval. A collector whose every collection in between was
         * asked for gives its whole time (the bean's, not the notifications' rounded durations); otherwise the
         * notifications' durations, at most the collector's time.
         */
        public long explicitMillisSince(Snapshot start) {
            if (!listening || !start.listening) {
                return -1;
            }
            long deadline = System.nanoTime() + NOTIFICATION_WAIT_NANOS;
            long explicit = 0;
            for (int i = 0; i < millis.length; i++) {
                while (NOTIFIED.get(i) < counts[i] && System.nanoTime() < deadline) {
                    Thread.onSpinWait();
                }
                if (NOTIFIED.get(i) < counts[i]) {
                    return -1; // a notification did not come: not known
                }
                long time = Math.max(0, millis[i] - start.millis[i]);
                long count = counts[i] - start.counts[i];
                Map<Long, Long> asked = EXPLICIT.get(i).subMap(start.counts[i], false, counts[i], true);
                long askedMillis = 0;
                for (long d : asked.values()) {
                    askedMillis += d;
                }
                explicit += count > 0 && asked.size() >= count ? time : Math.min(time, askedMillis);
                EXPLICIT.get(i).headMap(start.counts[i], true).clear(); // what no later interval asks for
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
                                && data.get("gcInfo") instanceof CompositeData info
                                && info.get("id") instanceof Long id) {
                            if ("System.gc()".equals(data.get("gcCause"))
                                    && info.get("duration") instanceof Long duration) {
                                EXPLICIT.get(collector).put(id, duration);
                            }
                            NOTIFIED.accumulateAndGet(collector, id, Math::max);
                        }
                    }, notification -> "com.sun.management.gc.notification".equals(notification.getType()), null);
                    // collections before this moment were never going to be told: not waited for
                    NOTIFIED.accumulateAndGet(collector, Math.max(0, PAUSING.get(i).getCollectionCount()), Math::max);
                }
            }
            listening = true;
        } catch (RuntimeException e) {
            // no notifications from this JVM: the explicit collections cannot be told apart
        }
    }
}
