package dev.factored.analysis.diagnosis;

import dev.factored.analysis.model.Estimate;
import dev.factored.analysis.model.Finding;
import dev.factored.analysis.model.Losses;
import java.util.List;
import java.util.Map;

/**
 * Whether the loss a headline would name stands clear of the others. The causes are ordered by their point estimates,
 * so with intervals of ±20 % the first of two similar losses changes from run to run; a loss is called the one that
 * matters most only when its interval lies above the interval of every other loss of the program at that P
 * (algorithmic, scheduling, idle, inflation, or the one-worker overhead of unmodified code; the machine's share is not
 * the program's). A cause whose share is not one of those losses (a bending curve, one busy thread) is named as before.
 */
final class LossSeparation {

    /** The loss each cause kind accounts for, by its name in {@link Losses}. */
    private static final Map<String, String> COMPONENT = Map.ofEntries(
            Map.entry("idle", "idle"),
            Map.entry("low-parallelism", "idle"),
            Map.entry("low-burdened-parallelism", "idle"),
            Map.entry("short-strands", "idle"),
            Map.entry("idle-specific-bends", "idle"),
            Map.entry("inflation", "inflation"),
            Map.entry("memory-bandwidth", "inflation"),
            Map.entry("inflation-not-bandwidth", "inflation"),
            Map.entry("inflation-specific-slopes-down", "inflation"),
            Map.entry("inflation-specific-flattens", "inflation"),
            Map.entry("inflation-grows", "inflation"),
            Map.entry("algorithmic-overhead", "algorithmic"),
            Map.entry("scheduling-overhead", "scheduling"),
            Map.entry("one-worker-overhead", "overhead"));

    /** The program's losses, by their names in {@link Losses}: every part but the machine's. */
    private static final List<String> PROGRAM = Losses.NAMES.stream().filter(n -> !n.equals("interference")).toList();

    /** The cause kind whose words name each loss in a headline. */
    static final Map<String, String> NAMED_BY = Map.of("idle", "idle", "inflation", "inflation", "algorithmic",
            "algorithmic-overhead", "scheduling", "scheduling-overhead", "overhead", "one-worker-overhead");

    private LossSeparation() {
    }

    /** A loss by its name in {@link Losses} and its estimate at P. */
    record Part(String name, Estimate value) {
    }

    /** Two losses whose intervals overlap, the larger point estimate first. */
    record Overlap(Part first, Part second) {

        static Overlap of(Part a, Part b) {
            return a.value().value() >= b.value().value() ? new Overlap(a, b) : new Overlap(b, a);
        }

        List<String> names() {
            return List.of(first.name(), second.name());
        }
    }

    /**
     * The loss a cause names and the other loss whose interval reaches highest into its interval; null when the named
     * loss stands clear of every other (or cannot be placed among them: no losses at P, or a cause that is not one).
     */
    static Overlap overlap(Finding loss, Losses at) {
        String component = COMPONENT.get(loss.kind());
        Estimate named = at == null || component == null ? null : usable(at.named(component));
        if (named == null) {
            return null;
        }
        Part rival = null;
        for (String other : PROGRAM) {
            Estimate e = usable(at.named(other));
            if (e != null && !other.equals(component) && e.high() >= named.low()
                    && (rival == null || e.high() > rival.value().high())) {
                rival = new Part(other, e);
            }
        }
        return rival == null ? null : Overlap.of(new Part(component, named), rival);
    }

    private static Estimate usable(Estimate e) {
        return e != null && Double.isFinite(e.low()) && Double.isFinite(e.high()) ? e : null;
    }
}
