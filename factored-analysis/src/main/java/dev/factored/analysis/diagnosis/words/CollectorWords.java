package dev.factored.analysis.diagnosis.words;

import dev.factored.analysis.diagnosis.facts.Causes;
import dev.factored.analysis.diagnosis.facts.Claim;
import dev.factored.analysis.diagnosis.facts.Evidence;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.text.Numbers;
import java.util.List;
import java.util.Map;

/**
 * The words for a loss the collector explains ({@link Claim.Collector}, {@link Causes#collectorExplains}): its
 * pauses, the figures a headline gives, and the advice.
 */
final class CollectorWords {

    private CollectorWords() {
    }

    /** What to do about a loss the collector explains. */
    static final String ADVICE = "allocate less per operation (boxed values, temporary objects), or give the heap "
            + "more room or another collector";

    /**
     * The collector's part of a loss, e.g. "its pauses took 644 ms per operation on one worker against none at the
     * baseline: 644 ms more in pauses, where one worker takes 889 ms more than the baseline in all".
     */
    static String collector(Claim.Collector gc) {
        String direction = gc.of() < 0 ? " less" : " more";
        if (gc.offCpu() && gc.p() >= 2) {
            return "one worker's time holds " + Numbers.time(gc.reference()) + " of pauses per operation, which at "
                    + gc.p() + " workers are time off-CPU (" + Numbers.time(gc.atP()) + " per operation), never work; "
                    + "the work is " + Numbers.time(Math.abs(gc.of())) + direction + " in all";
        }
        String at = gc.p() == 1 ? "on one worker"
                : "at " + gc.p() + " workers, stopping " + all(gc.p()) + " (" + Numbers.time(gc.p() * gc.atP())
                        + " of the workers' time)";
        String inAll = gc.p() == 1
                ? "where one worker takes " + Numbers.time(gc.of()) + " more than " + against(gc.against()) + " in all"
                : "for " + Numbers.time(Math.abs(gc.of())) + direction + " work in all";
        return "its pauses took " + Numbers.time(gc.atP()) + " per operation " + at + " against "
                + pauses(gc.reference()) + " " + (gc.p() == 1 ? "at " : "on ") + against(gc.against()) + ": "
                + Numbers.time(Math.abs(gc.explained())) + direction + " in pauses, " + inAll;
    }

    /** The configuration the pauses at P are compared with. */
    private static String against(Claim.Collector.Against against) {
        return switch (against) {
            case BASELINE -> "the baseline";
            case ELISION -> "the elision";
            case ONE_WORKER -> "one worker";
        };
    }

    /** "both" workers, or "all P". */
    static String all(int p) {
        return p == 2 ? "both" : "all " + p;
    }

    /** The collector's pause time per operation, "none" where it paused for none. */
    static String pauses(double seconds) {
        return seconds > 0 ? Numbers.time(seconds) : "none";
    }

    /**
     * The collector's pauses per operation a loss rests on, from its evidence: e.g. "644 ms per operation on one
     * worker and 212 ms at 2 workers, against none at the baseline" (or at the elision, for T_1 − T_e).
     */
    static String figures(Map<String, Estimate> evidence, Integer cores) {
        List<String> at = new java.util.ArrayList<>();
        Estimate one = evidence.get(Evidence.Measure.ONE_CORE_GC_TIME.id());
        Estimate atP = evidence.get(Evidence.Measure.GC_TIME.id());
        Estimate baseline = evidence.get(Evidence.Measure.BASELINE_GC_TIME.id());
        Estimate elision = evidence.get(Evidence.Measure.ELISION_GC_TIME.id());
        if (one != null) {
            at.add(Numbers.time(one.value()) + " per operation on one worker");
        }
        if (atP != null && cores != null && cores >= 2) {
            at.add(Numbers.time(atP.value()) + (at.isEmpty() ? " per operation" : "") + " at " + cores
                    + " workers");
        }
        return "GC " + Words.and(at) + (baseline == null ? "" : ", against " + pauses(baseline.value())
                + " at the baseline") + (elision == null ? "" : ", against " + pauses(elision.value())
                + " at the elision");
    }
}
