package dev.factored.analysis.diagnosis;

import dev.factored.analysis.diagnosis.facts.Claim;
import dev.factored.analysis.diagnosis.facts.Claim.RanOnOneThread.Reason;
import dev.factored.analysis.diagnosis.words.ClaimWords;
import dev.factored.analysis.input.JmhEntry;
import dev.factored.analysis.model.family.Family;
import dev.factored.analysis.model.finding.Finding;
import dev.factored.analysis.model.finding.FindingKind;
import dev.factored.analysis.model.finding.Severity;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.contract.ProfilerMetrics;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rule "ran on one thread": unmodified parallel code measured at P ≥ 2 whose work one thread did, read from
 * what the profiler measured of the threads ({@code factored.threads}, {@code factored.busiestShare},
 * {@code factored.callerShare}, {@code factored.spares}). The reason is named only where a measurement shows it:
 * the caller did the work (it never reached a pool's workers), or spares ran while workers were blocked.
 */
public final class OneThread {

    /** One thread did at least this share of the counted CPU time. */
    static final double BUSIEST = 0.9;

    private OneThread() {
    }

    public static List<Finding> of(Family family) {
        List<Decided> found = new ArrayList<>();
        for (Map.Entry<Integer, JmhEntry> worker : family.workerEntries().entrySet()) {
            int p = worker.getKey();
            if (p < 2) {
                continue;
            }
            JmhEntry e = worker.getValue();
            Double threads = e.secondaryMean(ProfilerMetrics.THREADS);
            Double busiest = e.secondaryMean(ProfilerMetrics.BUSIEST_SHARE);
            if (threads == null || busiest == null || (threads >= 1.5 && busiest < BUSIEST)) {
                continue;
            }
            Double caller = e.secondaryMean(ProfilerMetrics.CALLER_SHARE);
            Double spares = e.secondaryMean(ProfilerMetrics.SPARES);
            Reason reason = caller != null && caller >= BUSIEST ? Reason.CALLER
                    : spares != null && spares >= 0.5 ? Reason.BLOCKED : Reason.ONE_WORKER;
            Map<String, Estimate> evidence = new LinkedHashMap<>();
            evidence.put("threads", new Estimate(threads, threads, threads));
            evidence.put("busiestShare", new Estimate(busiest, busiest, busiest));
            if (caller != null) {
                evidence.put("callerShare", new Estimate(caller, caller, caller));
            }
            found.add(new Decided(p, evidence, new Claim.RanOnOneThread(p, busiest, reason)));
        }
        return found.stream().map(OneThread::worded).toList();
    }

    /** A one-thread finding as decided: its P, evidence and claim, before it is worded. */
    private record Decided(int p, Map<String, Estimate> evidence, Claim.RanOnOneThread claim) {
    }

    private static Finding worded(Decided d) {
        return new Finding(FindingKind.ONE_THREAD.id(), d.p(), Severity.of((d.p() - 1) / (double) d.p()), false,
                d.evidence(), ClaimWords.of(d.claim()).definite());
    }
}
