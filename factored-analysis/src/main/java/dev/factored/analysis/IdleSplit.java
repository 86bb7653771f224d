package dev.factored.analysis;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.factored.contract.ActivityLog;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a point's idle time I_P comes from (Roth's question "where is distribution lost?"), in four parts
 * that do not overlap and add up to {@code idleTime}. Seconds per operation, like I_P. The rule
 * ({@link #partsOf}) classifies every moment of a sampled operation's activity timeline; the shares of the
 * sampled operations then split the measured I_P (METHOD.md, "The split of idle time").
 *
 * @param startup    hand-off: before the first worker starts and after the last one stops (the caller waking
 *                   the pool and being woken), and a worker waiting for its first task while two or more
 *                   others are busy (wake-up and the first steals)
 * @param serial     while exactly one worker is busy and more work will be handed out later: a serial section
 * @param tail       after the last time any worker got new work: the imbalance at the end
 * @param other      the rest: scattered shortages of work, and workers that never got any
 * @param operations the sampled operations the shares come from
 */
@JsonPropertyOrder({"startup", "serial", "tail", "other", "operations"})
public record IdleSplit(Estimate startup, Estimate serial, Estimate tail, Estimate other, int operations) {

    /** The parts' names, in the order of {@link #parts()} and of the indices below. */
    public static final List<String> NAMES = List.of("startup", "serial", "tail", "other");

    /** Indices of the parts in {@link #partsOf}. */
    public static final int STARTUP = 0;
    public static final int SERIAL = 1;
    public static final int TAIL = 2;
    public static final int OTHER = 3;
    static final int PARTS = NAMES.size();

    public IdleSplit {
        if (startup == null || serial == null || tail == null || other == null) {
            throw new IllegalArgumentException("an idle split needs all four parts");
        }
    }

    /** The parts in the order startup, serial, tail, other. */
    public List<Estimate> parts() {
        return List.of(startup, serial, tail, other);
    }

    /**
     * The idle worker-time of one operation in ns, split into startup, serial, tail and other; the four add up
     * to P·wall − Σ busy. Every stretch of time between two transitions has c busy workers and P − c idle
     * ones; their idle time goes, in this order of precedence, to
     * <ol>
     *   <li>startup, before the first busy period began or after the last one ended;</li>
     *   <li>tail, after the last busy period that began with new work (no worker gets new work after it);</li>
     *   <li>serial, when exactly one worker is busy;</li>
     *   <li>startup, for idle workers that get their first work later;</li>
     *   <li>other.</li>
     * </ol>
     */
    public static double[] partsOf(ActivityLog.Operation op) {
        int p = op.workers();
        long wall = op.wallNanos();
        List<long[]> events = new ArrayList<>();   // time, +1 start / -1 end, 1 if a worker's first start
        long firstStart = Long.MAX_VALUE;
        long lastEnd = Long.MIN_VALUE;
        long tailFrom = Long.MIN_VALUE;
        int laterStarters = 0;
        for (List<ActivityLog.Interval> lane : op.lanes()) {
            boolean first = true;
            for (ActivityLog.Interval i : lane) {
                if (i.end() == i.start()) {
                    continue;
                }
                events.add(new long[] {i.start(), 1, first ? 1 : 0});
                events.add(new long[] {i.end(), -1, 0});
                firstStart = Math.min(firstStart, i.start());
                lastEnd = Math.max(lastEnd, i.end());
                if (i.newWork()) {
                    tailFrom = Math.max(tailFrom, i.start());
                }
                if (first) {
                    laterStarters++;
                    first = false;
                }
            }
        }
        double[] parts = new double[PARTS];
        if (events.isEmpty()) {
            parts[STARTUP] = (double) p * wall;
            return parts;
        }
        if (tailFrom == Long.MIN_VALUE) {
            tailFrom = firstStart;
        }
        // Ends before starts at equal times: a worker that hands over at one instant is never counted twice.
        events.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        parts[STARTUP] += (double) p * firstStart;
        int busy = 0;
        long at = firstStart;
        for (long[] e : events) {
            long t = Math.min(e[0], wall);
            if (t > at) {
                classify(parts, p, busy, laterStarters, at, t, tailFrom);
                at = t;
            }
            busy += (int) e[1];
            laterStarters -= (int) e[2];
        }
        parts[STARTUP] += (double) p * (wall - Math.max(at, lastEnd));
        return parts;
    }

    private static void classify(double[] parts, int p, int busy, int laterStarters, long from, long to, long tailFrom) {
        double d = to - from;
        int idle = p - busy;
        if (busy == 0 && laterStarters == 0) {
            // Everyone stopped and nobody starts again: only the final hand-off can be like this
            // (handled by the caller); inside the operation it is a shortage of work.
            parts[from >= tailFrom ? TAIL : OTHER] += idle * d;
        } else if (from >= tailFrom) {
            parts[TAIL] += idle * d;
        } else if (busy == 1) {
            parts[SERIAL] += idle * d;
        } else {
            parts[STARTUP] += laterStarters * d;
            parts[OTHER] += (idle - laterStarters) * d;
        }
    }
}
