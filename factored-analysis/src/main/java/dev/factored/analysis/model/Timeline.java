package dev.factored.analysis.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.factored.contract.ActivityLog;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One operation's activity at one P, as recorded by the profiler: each worker's busy periods, in seconds from
 * the moment the operation was handed to the pool. The operation of median wall time among those sampled
 * (the last one of every measurement iteration of every fork), so the picture is a typical one.
 *
 * @param cores      P
 * @param wallTime   the operation's wall time, s
 * @param operations how many operations were sampled at this P
 * @param lanes      per worker, its busy periods as {@code [start, end]} in s
 */
@JsonPropertyOrder({"cores", "wallTime", "operations", "lanes"})
public record Timeline(int cores, double wallTime, int operations, List<List<double[]>> lanes) {

    public Timeline {
        lanes = lanes.stream().map(List::copyOf).toList();
    }

    /** The operation of median wall time among {@code sampled} (per fork), or null when there is none. */
    public static Timeline typical(int cores, List<List<ActivityLog.Operation>> sampled) {
        List<ActivityLog.Operation> all = new ArrayList<>();
        sampled.forEach(all::addAll);
        if (all.isEmpty()) {
            return null;
        }
        all.sort(Comparator.comparingLong(ActivityLog.Operation::wallNanos));
        ActivityLog.Operation op = all.get((all.size() - 1) / 2);
        List<List<double[]>> lanes = new ArrayList<>();
        for (List<ActivityLog.Interval> lane : op.lanes()) {
            lanes.add(lane.stream().map(i -> new double[] {i.start() * 1e-9, i.end() * 1e-9}).toList());
        }
        return new Timeline(cores, op.wallNanos() * 1e-9, all.size(), lanes);
    }
}
