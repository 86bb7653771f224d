package dev.factored.analysis;

import dev.factored.analysis.diagnosis.words.Words;
import dev.factored.analysis.model.family.Invalidity;
import dev.factored.analysis.model.measurement.ConfigurationRun;
import dev.factored.analysis.model.measurement.Interference;
import dev.factored.analysis.model.point.Point;
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
    static final String BUSY = Invalidity.BUSY;

    /**
     * The share of a configuration's CPUs other processes may take, over the whole interval, before its point
     * measures the machine rather than the program: a quarter (a neighbour spinning on one of 2 CPUs took 30–45 %
     * of a P = 2 fork's, 0–9 % of a one-CPU fork's on the other CPU). Below it a disturbed configuration still gives a
     * point, tentative.
     */
    static final double TAKEN = 0.25;

    private Validity() {
    }

    /** Why the point at P is not valid, as data; empty when it is ({@link ValidityWords} says them). */
    static List<Invalidity> reasons(int p, ConfigurationRun run, Interference machine) {
        List<Invalidity> reasons = new ArrayList<>();
        if (machine != null && machine.share().low() >= TAKEN) {
            reasons.add(new Invalidity(BUSY, machine.because()));
        }
        if (run.cpus() != null && p > run.cpus()) {
            reasons.add(new Invalidity(Point.OVERSUBSCRIBED, p + " workers shared " + run.cpus() + " CPU"
                    + (run.cpus() == 1 ? "" : "s")));
        }
        if (run.readings().cpuLabels() != null && run.readings().cpuLabels().overQuota(p)) {
            reasons.add(new Invalidity(Point.OVERSUBSCRIBED, p + " workers shared a CPU quota of "
                    + Words.cpus(run.readings().cpuLabels().cpuQuota()) + " CPUs (the cgroup's cpu.max or cfs quota)"));
        }
        if (run.workers() != null && run.workers() != p) {
            reasons.add(new Invalidity(WORKERS, "the pool ran with " + run.workers() + " workers, not " + p));
        }
        if (Boolean.FALSE.equals(run.pinned()) && Boolean.TRUE.equals(run.pinnable())) {
            reasons.add(new Invalidity(UNPINNED, "pinning was possible but switched off (pin=false), so the workers "
                    + "could spread over more CPUs than " + p));
        }
        return List.copyOf(reasons);
    }
}
