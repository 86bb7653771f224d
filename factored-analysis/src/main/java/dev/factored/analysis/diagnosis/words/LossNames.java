package dev.factored.analysis.diagnosis.words;

import dev.factored.analysis.diagnosis.facts.Causes;
import dev.factored.analysis.diagnosis.facts.IdleCause;
import dev.factored.analysis.diagnosis.facts.LossSeparation;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.finding.Finding;
import dev.factored.analysis.model.finding.FindingKind;
import dev.factored.analysis.model.finding.Headline;
import dev.factored.analysis.model.point.Losses;
import dev.factored.analysis.model.point.Point;
import dev.factored.text.Numbers;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a loss is called, once for every view: the headline ({@link HeadlineWords}), the one-line summaries (the
 * report's table, summary.md, the console) and the report's components table and charts name the same loss the same
 * way. A part of the losses at P ({@link Losses}) has one name; a cause finding is named by its kind (idle time by
 * where it comes from, {@link IdleCause}; a loss the collector explains with ", mostly GC pauses").
 */
public final class LossNames {

    private LossNames() {
    }

    /**
     * The name of each part of the losses at P ({@link Losses#NAMES}), the one every view uses: the headline, the
     * findings' summaries, the report's components table and its charts' legends, summary.md and the console.
     * {@code overhead} is algorithmic and scheduling overhead together, where no elision splits them.
     */
    private static final Map<String, String> BY_PART = Map.of(
            "algorithmic", "algorithmic overhead",
            "scheduling", "scheduling overhead",
            "overhead", "one-worker overhead",
            "idle", "idle time",
            "inflation", "work inflation",
            "interference", "waiting behind other processes",
            "ownWaiting", "own threads' waiting");

    /** What each loss is called in a headline, by finding kind. */
    private static final Map<String, String> BY_KIND = Map.ofEntries(
            Map.entry("idle", BY_PART.get("idle")),
            Map.entry("inflation", BY_PART.get("inflation")),
            Map.entry("idle-or-inflation", "time off-CPU or work inflation (the estimate cannot tell them apart)"),
            Map.entry("own-waiting", BY_PART.get("ownWaiting")),
            Map.entry("algorithmic-overhead", BY_PART.get("algorithmic")),
            Map.entry("baseline-not-best", "a baseline slower than the elision"),
            Map.entry("scheduling-overhead", BY_PART.get("scheduling")),
            Map.entry("one-worker-overhead", BY_PART.get("overhead")),
            Map.entry("inflation-specific-slopes-down", "work inflation growing with P"),
            Map.entry("inflation-specific-flattens", "work inflation growing with P"),
            Map.entry("inflation-grows", "work inflation growing with P"),
            Map.entry("idle-specific-bends", "idle time growing with P"),
            Map.entry("maximal-bends", "overhead growing with P"),
            Map.entry("low-parallelism", "too little parallelism"),
            Map.entry("low-burdened-parallelism", "tasks too small for the cost of stealing them"),
            Map.entry("short-strands", "strands shorter than a steal"),
            Map.entry("memory-bandwidth", "memory bandwidth"),
            Map.entry("inflation-not-bandwidth", "work inflation from what the workers share"),
            Map.entry("no-single-loss", "several losses, none large alone"));

    /** Estimated idle time, by what it is. */
    static final String OFF_CPU = "time off-CPU";

    /** A cause finding's name in a headline; idle time by where it comes from (its evidence at its P). */
    static String ofCause(Finding cause, boolean estimated) {
        if (cause.kind().equals(FindingKind.IDLE.id()) && cause.cores() != null) {
            return idleName(IdleCause.of(cause.evidence(), cause.cores(), estimated));
        }
        if (cause.kind().equals(FindingKind.IDLE_OR_INFLATION.id()) && Causes.byCollector(cause)) {
            return OFF_CPU + " (" + MOSTLY_GC.substring(2) + ") or work inflation (the estimate cannot tell them apart)";
        }
        String name = BY_KIND.getOrDefault(cause.kind(), cause.kind());
        return Causes.byCollector(cause) ? name + MOSTLY_GC : name;
    }

    /**
     * A part of the losses at P ({@link Losses#NAMES}) by its one name; idle time that was estimated from CPU time is
     * {@value #OFF_CPU}, since it holds whatever kept the threads off their CPUs.
     */
    public static String ofPart(String part, boolean estimated) {
        if (part.equals("idle") && estimated) {
            return OFF_CPU;
        }
        return BY_PART.getOrDefault(part, part);
    }

    /** As {@link #ofPart(String, boolean)}, followed by ", mostly GC pauses" where the collector explains it. */
    static String ofPart(String part, boolean estimated, boolean byCollector) {
        return ofPart(part, estimated) + (byCollector ? MOSTLY_GC : "");
    }

    private static final String MOSTLY_GC = ", mostly GC pauses";

    /** What idle time is called in a headline, by where it comes from. */
    static String idleName(IdleCause cause) {
        return switch (cause) {
            case SERIAL -> "idle time, mostly a serial section";
            case TAIL -> "idle time, mostly the tail";
            case STARTUP -> "idle time, mostly start-up";
            case HAND_BACK -> "idle time, mostly hand-back";
            case SCATTERED -> "idle time scattered through the operation";
            case HAND_OVER -> "idle time waiting for tasks to reach the workers";
            case MIXED, NO_TASK -> "idle time";
            case OFF_CPU -> OFF_CPU;
            case GC -> "idle time, mostly GC pauses";
        };
    }

    /**
     * The biggest loss at a point for a one-line summary, named as the family's headline names it: e.g. {@code idle
     * time, mostly the tail 0.874x [0.833, 0.911]} where the headline names that loss at that P, {@code one-worker
     * overhead 3.06x [2.10, 4.02]} for a part it does not name, or, where the headline could not tell the
     * largest apart, {@code algorithmic overhead 0.567x [0.0290, 1.22] or idle time 0.279x [0.203,
     * 0.350] (not told apart)}; null when no loss was measured there.
     */
    public static String biggestLoss(FamilyAnalysis family, Point point) {
        Headline headline = family.explanation().headline();
        boolean estimated = FamilyAnalysis.IDLE_ESTIMATED.equals(family.idleSource());
        boolean here = headline != null && headline.cores() != null && headline.cores() == point.cores();
        if (here && !headline.lossesNotToldApart().isEmpty()) {
            List<String> parts = headline.lossesNotToldApart().stream()
                    .map(name -> ofPart(name, estimated, Causes.collectorExplains(Causes.explaining(
                            family.explanation().findings(), name, point.cores(), estimated), estimated)) + " "
                            + Numbers.speedup(point.losses().named(name))).toList();
            return String.join(" or ", parts) + " (not told apart)";
        }
        Losses.Named largest = point.losses().largest();
        if (largest == null) {
            return null;
        }
        Finding cause = here && headline.loss() != null
                && largest.name().equals(LossSeparation.component(headline.loss())) ? cause(family, headline) : null;
        String name = cause != null ? ofCause(cause, estimated) : ofPart(largest.name(), estimated);
        return name + " " + Numbers.speedup(largest.value());
    }

    /** The cause finding a headline names: of its loss kind, at its P or about the sequential configurations. */
    private static Finding cause(FamilyAnalysis family, Headline headline) {
        return family.explanation().findings().stream().filter(f -> f.kind().equals(headline.loss())
                && (f.cores() == null || Objects.equals(f.cores(), headline.cores()))).findFirst().orElse(null);
    }
}
