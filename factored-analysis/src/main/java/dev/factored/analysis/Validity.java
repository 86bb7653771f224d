package dev.factored.analysis;

import dev.factored.analysis.diagnosis.Words;
import dev.factored.analysis.model.ConfigurationRun;
import dev.factored.analysis.model.Point;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether a point measures what its {@code cores} value says: P workers on P CPUs of their own. A point
 * that does not is still shown (hollow, with its reasons) but carries no conclusion. Each reason starts
 * with a fixed word so that a machine can tell them apart.
 */
public final class Validity {

    static final String WORKERS = "workers";
    static final String UNPINNED = "unpinned";

    private Validity() {
    }

    static List<String> reasons(int p, ConfigurationRun run) {
        List<String> reasons = new ArrayList<>();
        if (run.cpus() != null && p > run.cpus()) {
            reasons.add(Point.OVERSUBSCRIBED + ": " + p + " workers shared " + run.cpus() + " CPU"
                    + (run.cpus() == 1 ? "" : "s"));
        }
        if (run.cpuLabels() != null && run.cpuLabels().overQuota(p)) {
            reasons.add(Point.OVERSUBSCRIBED + ": " + p + " workers shared a CPU quota of "
                    + Words.cpus(run.cpuLabels().cpuQuota()) + " CPUs (the cgroup's cpu.max or cfs quota)");
        }
        if (run.workers() != null && run.workers() != p) {
            reasons.add(WORKERS + ": the pool ran with " + run.workers() + " workers, not " + p);
        }
        if (Boolean.FALSE.equals(run.pinned()) && Boolean.TRUE.equals(run.pinnable())) {
            reasons.add(UNPINNED + ": pinning was possible but switched off (pin=false), so the workers could "
                    + "spread over more CPUs than " + p);
        }
        return List.copyOf(reasons);
    }
}
