package dev.factored.analysis.model.point;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.contract.ActivityLog;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a point's idle time I_P comes from (Roth's question "where is distribution lost?"), in five parts
 * that do not overlap and add up to {@code idleTime}. Seconds per operation, like I_P. The rule
 * ({@link #partsOf}) classifies every moment of a sampled operation's activity timeline; the shares of the
 * sampled operations then split the measured I_P (METHOD.md, "The split of idle time").
 *
 * @param startup    the operation's start: before the first worker starts (the caller handing the operation to the
 *                   pool and waking it), and a worker waiting for its first task while two or more others are busy
 *                   (wake-up and the first steals)
 * @param serial     while exactly one worker is busy, for an idle worker that has a task still to come or never gets
 *                   any: a serial section (at P = 2 also a worker's wake-up, which the timeline cannot tell from one)
 * @param tail       a worker that has finished its last task while another still runs: the imbalance at the end
 * @param other      the rest: scattered shortages of work between a worker's tasks, and workers that never get any
 *                   while two or more others are busy
 * @param handBack   after every worker's last task, until the operation returns: the result handed back to the
 *                   caller; null in an analysis written before it was split off (it was in startup then)
 * @param operations the sampled operations the shares come from
 */
@JsonPropertyOrder({"startup", "serial", "tail", "other", "handBack", "operations"})
public record IdleSplit(Estimate startup, Estimate serial, Estimate tail, Estimate other, int operations,
        @JsonInclude(JsonInclude.Include.NON_NULL) Estimate handBack) {

    /** The parts' names, in the order of {@link #parts()} and of the indices below. */
    public static final List<String> NAMES = List.of("startup", "serial", "tail", "other", "handBack");

    /** Indices of the parts in {@link #partsOf}. */
    public static final int STARTUP = 0;
    public static final int SERIAL = 1;
    public static final int TAIL = 2;
    public static final int OTHER = 3;
    public static final int HAND_BACK = 4;
    public static final int PARTS = NAMES.size();

    /**
     * Whether a part is 0 by the rule of {@link #partsOf} with a single worker: the tail and a serial section need
     * an idle worker while another is busy.
     */
    public static boolean zeroWithOneWorker(int part) {
        return part == SERIAL || part == TAIL;
    }

    public IdleSplit {
        if (startup == null || serial == null || tail == null || other == null) {
            throw new IllegalArgumentException("an idle split needs startup, serial, tail and other");
        }
    }

    /** A split written before the hand-back was a part of its own. */
    public IdleSplit(Estimate startup, Estimate serial, Estimate tail, Estimate other, int operations) {
        this(startup, serial, tail, other, operations, null);
    }

    /** The parts in the order of {@link #NAMES}; four in a split without the hand-back. */
    public List<Estimate> parts() {
        return handBack == null ? List.of(startup, serial, tail, other) : List.of(startup, serial, tail, other, handBack);
    }

    /**
     * The idle worker-time of one operation in ns, split into the parts of {@link #NAMES}; they add up to
     * P·wall − Σ busy. Every stretch of time between two transitions has c busy workers and P − c idle ones;
     * each idle worker's time goes, in this order of precedence, to
     * <ol>
     *   <li>hand-back, after the last busy period of the operation ended;</li>
     *   <li>startup, before the first busy period began;</li>
     *   <li>tail, when that worker has finished its last task (a busy period that began with new work: resuming after
 *       a join is not one) and another still runs a task (not the only one running, resumed after its join: that is
 *       serial code, such as a final merge);</li>
     *   <li>serial, when exactly one worker is busy (the idle one has work to come, or never gets any);</li>
     *   <li>startup, when that worker has not started its first busy period yet;</li>
     *   <li>other (between a worker's busy periods, or a worker that never gets any work).</li>
     * </ol>
     */
    public static double[] partsOf(ActivityLog.Operation op) {
        int p = op.workers();
        long wall = op.wallNanos();
        List<long[]> events = new ArrayList<>();   // time, +1 start / -1 end, worker, 1 for a resumption
        long[] first = new long[p];
        long[] last = new long[p];   // the end of each worker's last task (a busy period that began with new work)
        java.util.Arrays.fill(first, Long.MAX_VALUE);
        java.util.Arrays.fill(last, Long.MIN_VALUE);
        long firstStart = Long.MAX_VALUE;
        long lastEnd = Long.MIN_VALUE;
        List<List<ActivityLog.Interval>> lanes = op.lanes();
        for (int w = 0; w < lanes.size() && w < p; w++) {
            for (ActivityLog.Interval i : lanes.get(w)) {
                if (i.end() == i.start()) {
                    continue;
                }
                events.add(new long[] {i.start(), 1, w, i.newWork() ? 0 : 1});
                events.add(new long[] {i.end(), -1, w, i.newWork() ? 0 : 1});
                first[w] = Math.min(first[w], i.start());
                if (i.newWork()) {
                    // A resumption after a join is not a task: the wait before it is for another worker's task.
                    last[w] = Math.max(last[w], i.end());
                }
                firstStart = Math.min(firstStart, i.start());
                lastEnd = Math.max(lastEnd, i.end());
            }
        }
        double[] parts = new double[PARTS];
        if (events.isEmpty()) {
            parts[STARTUP] = (double) p * wall;
            return parts;
        }
        // Ends before starts at equal times: a worker that hands over at one instant is never counted twice.
        events.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        parts[STARTUP] += (double) p * Math.min(firstStart, wall);
        int[] busyNow = new int[p];
        int busy = 0;
        int resuming = 0;   // busy periods running that resumed a task after its join
        long at = firstStart;
        for (long[] e : events) {
            long t = Math.min(e[0], wall);
            if (t > at) {
                classify(parts, busyNow, busy, busy == 1 && resuming == 1, first, last, at, t);
                at = t;
            }
            busy += (int) e[1];
            resuming += (int) (e[1] * e[3]);
            busyNow[(int) e[2]] += (int) e[1];
        }
        parts[HAND_BACK] += (double) p * Math.max(0, wall - Math.max(at, lastEnd));
        return parts;
    }

    /**
     * Classifies the idle workers of the stretch [from, to), in which {@code busy} workers run; {@code aloneResuming}
     * when the only one runs code after its join (the continuation of a task, e.g. a final merge): the others then
     * wait for a serial section, not for another worker's last task.
     */
    private static void classify(double[] parts, int[] busyNow, int busy, boolean aloneResuming, long[] first,
            long[] last, long from, long to) {
        double d = to - from;
        for (int w = 0; w < busyNow.length; w++) {
            if (busyNow[w] > 0) {
                continue;
            }
            boolean neverWorked = last[w] == Long.MIN_VALUE;
            if (busy > 0 && !neverWorked && from >= last[w] && !aloneResuming) {
                parts[TAIL] += d;
            } else if (busy == 1) {
                parts[SERIAL] += d;
            } else if (!neverWorked && from < first[w]) {
                parts[STARTUP] += d;
            } else {
                parts[OTHER] += d;
            }
        }
    }
}
