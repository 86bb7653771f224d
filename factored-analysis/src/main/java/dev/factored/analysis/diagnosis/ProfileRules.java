package dev.factored.analysis.diagnosis;

import dev.factored.analysis.diagnosis.facts.Claim;
import dev.factored.analysis.diagnosis.facts.Evidence.Measure;
import dev.factored.analysis.diagnosis.facts.Evidence;
import dev.factored.analysis.model.Bandwidth;
import dev.factored.analysis.model.Bound;
import dev.factored.analysis.model.WorkSpanProfile;
import dev.factored.analysis.model.finding.FindingKind;
import dev.factored.analysis.model.finding.Severity;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.point.Point;
import java.util.List;

/**
 * Cilkview's checks and the bandwidth test. Reads the span run's parallelism, burdened parallelism, average strand
 * and burden, the scheduling loss, and the bandwidth test's slowdown against the work inflation at its P. Decides
 * low-parallelism, low-burdened-parallelism, short-strands, memory-bandwidth and inflation-not-bandwidth.
 */
final class ProfileRules extends Rules {

    ProfileRules(Diagnosis diagnosis) {
        super(diagnosis);
    }

    /**
     * Cilkview's checks at the largest valid P: too little parallelism for these cores, a grain too small
     * for the burden of stealing, and strands shorter than one steal. A burdened parallelism below P is a cause of
     * its own only where the burden, not the span, limits ({@link #burdenLimits}); where it lies within
     * {@link #BURDEN_QUALIFIES} of the parallelism, or the dag has few tasks for a parallelism near P, it only
     * qualifies the low parallelism, whose finding carries it, and "make each task larger" would be wrong.
     */
    void parallelism(WorkSpanProfile profile, Point last) {
        Estimate par = profile.parallelism();
        Estimate burdened = profile.burdenedParallelism();
        int p = last == null ? 0 : last.cores();
        boolean burdenedBelowP = p >= 2 && burdened != null && burdened.high() < p;
        boolean burdenedFlagged = burdenedBelowP && burdenLimits(profile, p);
        if (p >= 2 && par != null && par.high() < PARALLEL_SLACK * p) {
            // The greedy-scheduler bound T_P <= T_1/P + T_inf: the span alone can cost up to this share of P.
            double share = p / (par.value() + p);
            Evidence ev = Evidence.of().with(Measure.PARALLELISM, par).with(Measure.WORK, profile.work())
                    .with(Measure.SPAN, profile.span());
            Claim.Burden qualifier = Claim.Burden.NONE;
            if (burdenedBelowP && !burdenedFlagged) {
                ev.with(Measure.BURDENED_PARALLELISM, burdened).with(Measure.BURDEN, profile.burden());
                qualifier = fewTasksNearP(profile, p) ? Claim.Burden.FEW_TASKS : Claim.Burden.SPAN_LIMITS;
            }
            add(FindingKind.LOW_PARALLELISM, p, Severity.of(share), share, ev,
                    new Claim.LowParallelism(par.value(), PARALLEL_SLACK * p, p, share, qualifier,
                            burdened == null ? Double.NaN : burdened.value(),
                            profile.spawns() == null ? Double.NaN : profile.spawns().value() + 1));
        }
        if (burdenedFlagged) {
            double share = 1 - Bound.lowerOverWork(p, burdened.value()) / p;
            add(FindingKind.LOW_BURDENED_PARALLELISM, p, Severity.of(share), share,
                    Evidence.of().with(Measure.BURDENED_PARALLELISM, burdened).with(Measure.PARALLELISM, par)
                            .with(Measure.BURDEN, profile.burden()),
                    new Claim.LowBurdenedParallelism(burdened.value(), p, par, profile.burden().value(), program));
        }
        Estimate strand = profile.averageStrand();
        Estimate burden = profile.burden();
        Estimate scheduling = last == null ? null : last.losses().scheduling();
        // Short strands are a cause only where they cost something measured (a significant scheduling loss), the
        // burdened parallelism has not already said it (or that the span, not the burden, limits), and larger tasks
        // would not leave workers without any: on a VM whose steal takes tens of µs (a parked worker woken)
        // nearly every strand is shorter, also in programs that scale well.
        if (strand != null && burden != null && strand.high() < burden.value() && !burdenedBelowP && p >= 2
                && significant(scheduling, p) && !fewTasksNearP(profile, p)) {
            double share = Math.max(0, scheduling.value() / p);
            add(FindingKind.SHORT_STRANDS, p, share > 0 ? Severity.of(share) : Severity.MINOR, share,
                    Evidence.of().with(Measure.AVERAGE_STRAND, strand).with(Measure.BURDEN, burden)
                            .with(Measure.SCHEDULING_LOSS, scheduling),
                    new Claim.ShortStrands(strand.value(), burden.value(), program));
        }
    }

    /**
     * The bandwidth test read against work inflation at the same P (Cilkview §5): copies of the sequential
     * program that slow each other down by about as much as the parallel run inflates its work point at a
     * shared limit such as memory bandwidth; copies that do not slow down while the work inflates point at
     * what only the parallel program does: sharing between its workers.
     */
    void bandwidth(Bandwidth bw, List<Point> valid, Estimate t1) {
        int p = bw.copies();
        Estimate slowdown = bw.slowdown();
        Point at = valid.stream().filter(x -> x.cores() == p).findFirst().orElse(null);
        Estimate inflation = at == null ? null : at.times().workInflation();
        double inflated = inflation == null || t1 == null ? Double.NaN : inflation.value() / t1.value();
        if (slowdown.low() > 1 + RATIO_MARGIN) {
            double share = 1 - 1 / slowdown.value();
            add(FindingKind.MEMORY_BANDWIDTH, p, Severity.of(share), share,
                    Evidence.of().with(Measure.BANDWIDTH_SLOWDOWN, slowdown).with(Measure.WORK_INFLATION, inflation)
                            .with(Measure.ONE_CORE_TIME, t1),
                    new Claim.MemoryBandwidth(p, slowdown.value(), inflated));
        } else if (slowdown.high() < 1 + RATIO_MARGIN && at != null && significant(at.losses().inflation(), p)
                && !at.losses().inflation().disturbed()) {
            double share = at.losses().inflation().value() / p;
            add(FindingKind.INFLATION_NOT_BANDWIDTH, p, Severity.of(share), share,
                    Evidence.of().with(Measure.BANDWIDTH_SLOWDOWN, slowdown).with(Measure.WORK_INFLATION, inflation)
                            .with(Measure.INFLATION_LOSS, at.losses().inflation()),
                    new Claim.InflationNotBandwidth(p, slowdown.value(), p, inflated));
        }
    }
}
