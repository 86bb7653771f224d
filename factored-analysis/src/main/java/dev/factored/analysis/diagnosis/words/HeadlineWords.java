package dev.factored.analysis.diagnosis.words;

import dev.factored.analysis.diagnosis.facts.Causes;
import dev.factored.analysis.diagnosis.facts.IdleCause;
import dev.factored.analysis.diagnosis.facts.LossSeparation;
import dev.factored.analysis.model.family.Invalidity;
import dev.factored.analysis.model.finding.Finding;
import dev.factored.analysis.model.finding.FindingKind;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.text.Numbers;
import java.util.List;
import java.util.Map;

/**
 * The words of a family's headline (the diagnosis's {@code Story}), beside {@link FindingWords}: the losses' names
 * and what to do.
 */
public final class HeadlineWords {

    private HeadlineWords() {
    }

    /** What to do about each loss, by finding kind; the finding itself says more. */
    private static final Map<String, String> ADVICE = Map.ofEntries(
            Map.entry("idle", "give the waiting workers work: more tasks where they wait, or a shorter serial part"),
            Map.entry("inflation", "make each worker touch less memory (the bandwidth test tells a shared limit from "
                    + "sharing between workers)"),
            Map.entry("algorithmic-overhead", "make the parallel algorithm do no more work than the baseline"),
            Map.entry("baseline-not-best", "compare with the faster sequential code"),
            Map.entry("scheduling-overhead", "make each task larger"),
            Map.entry("own-waiting", "keep no more runnable threads than CPUs: a caller that waits instead of "
                    + "spinning beside the workers, or one worker fewer"),
            Map.entry("one-worker-overhead", "make the parallel code cheaper on one worker: a cheaper algorithm, or "
                    + "larger tasks where the code sets their size"),
            Map.entry("inflation-specific-slopes-down", "make each worker touch less memory"),
            Map.entry("inflation-specific-flattens", "make each worker touch less memory"),
            Map.entry("inflation-grows", "make each worker touch less memory"),
            Map.entry("idle-specific-bends", "give the workers more tasks as P grows"),
            Map.entry("maximal-bends", "make each task larger"),
            Map.entry("low-parallelism", "expose more parallelism: split the longest chain of dependent work into "
                    + "more, smaller tasks"),
            Map.entry("low-burdened-parallelism", "make each task larger"),
            Map.entry("short-strands", "make each task larger"),
            Map.entry("memory-bandwidth", "touch less memory per operation: more cores will not help"),
            Map.entry("inflation-not-bandwidth", "look for data the workers share and write (false sharing, shared "
                    + "counters)"));

    /**
     * The headline of a family whose every P ≥ 2 is invalid: P could not be measured, why (the point's first reason,
     * {@link ValidityWords#cannot}), and that nothing is said of the speedup at P.
     */
    static Wording notMeasured(int p, Invalidity why, boolean oneWorkerValid) {
        return notMeasuredBecause(p, ValidityWords.cannot(p, why), oneWorkerValid);
    }

    /** As above, for points whose reasons are known only as their text (made by hand): said as they are. */
    static Wording notMeasured(int p, String reason, boolean oneWorkerValid) {
        return notMeasuredBecause(p, "P = " + p + " could not be measured: " + reason, oneWorkerValid);
    }

    private static Wording notMeasuredBecause(int p, String cannot, boolean oneWorkerValid) {
        return Wording.measured(cannot + ". So this run says nothing about the speedup at " + p + " cores"
                + (oneWorkerValid ? " (only the one-worker configuration is valid)" : ""));
    }

    /**
     * A headline whose largest loss overlaps another: where the speedup stands, then the losses not told apart with
     * their intervals, largest point first, and none called the one that matters most. A loss the collector explains
     * ({@code causeOf} gives the cause finding of a loss by its name, or null) is called so, and the collector's pauses
     * per operation are said once after them.
     */
    public static String notToldApart(Finding top, List<LossSeparation.Part> parts, boolean estimated,
            java.util.function.Function<String, Finding> causeOf) {
        Map<String, Estimate> gc = new java.util.LinkedHashMap<>();
        List<String> each = new java.util.ArrayList<>();
        for (LossSeparation.Part part : parts) {
            Finding cause = causeOf.apply(part.name());
            boolean collector = Causes.collectorExplains(cause, estimated);
            if (collector) {
                cause.evidence().forEach(gc::putIfAbsent);
            }
            each.add(LossNames.ofPart(part.name(), estimated, collector) + " " + Numbers.speedup(part.value()));
        }
        return top.statement() + " The largest losses cannot be told apart at this precision: " + Words.and(each)
                + " of the " + top.cores() + "x" + (gc.isEmpty() ? "" : " (" + CollectorWords.figures(gc, top.cores()) + ")")
                + "; more forks would tell which matters most.";
    }

    /**
     * A family's headline: where the speedup stands (the headline finding without its caveat), the loss that matters
     * most there and what to do about it. The idle time is named by where it comes from ({@link IdleCause}, from the
     * finding's evidence), and its advice follows that: a shorter serial part only where the split shows one (or
     * no split was recorded), nothing that needs the instrumented pool where the idle time was estimated. A loss the
     * collector explains ({@link Causes#collectorExplains}) is given with its pauses per operation at each P it
     * involves.
     */
    public static String headline(Finding top, Finding loss, boolean estimated) {
        StringBuilder s = new StringBuilder(top.statement());
        if (loss != null) {
            String name = LossNames.ofCause(loss, estimated);
            String advice = ADVICE.get(loss.kind());
            if (loss.kind().equals(FindingKind.IDLE.id()) && loss.cores() != null) {
                advice = idleAdvice(IdleCause.of(loss.evidence(), loss.cores(), estimated));
            } else if (Causes.byCollector(loss)) {
                advice = CollectorWords.ADVICE;
            }
            s.append(" The loss that matters most: ").append(name);
            if (Causes.collectorExplains(loss, estimated)) {
                s.append(": ").append(CollectorWords.figures(loss.evidence(), loss.cores()));
            }
            s.append(" (").append(loss.severity().id()).append(")");
            s.append(advice == null ? "." : "; " + advice + ".");
        }
        return s.toString();
    }

    /** What to do about idle time, by where it comes from. */
    static String idleAdvice(IdleCause cause) {
        return switch (cause) {
            case SERIAL -> "run the serial section in parallel, or overlap it with other work";
            case TAIL -> "split the last, largest tasks into smaller ones, or start the largest first";
            case STARTUP, HAND_BACK -> "give each operation more work: it is short next to handing it to the pool "
                    + "and back";
            case SCATTERED -> "give the waiting workers work: more, smaller tasks";
            case HAND_OVER -> "make each task larger, so that each hand-over pays for itself";
            case MIXED -> "give the waiting workers work: more tasks where they wait";
            case NO_TASK -> ADVICE.get("idle");
            case OFF_CPU -> "give the pool more work per operation, or find what its threads wait for";
            case GC -> CollectorWords.ADVICE;
        };
    }
}
