package dev.factored.analysis.diagnosis;

import dev.factored.analysis.model.Estimate;
import dev.factored.analysis.model.Finding;
import dev.factored.analysis.model.Losses;
import java.util.LinkedHashMap;
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

    /** The cause kind whose words name each loss in a headline. */
    static final Map<String, String> NAMED_BY = Map.of("idle", "idle", "inflation", "inflation", "algorithmic",
            "algorithmic-overhead", "scheduling", "scheduling-overhead", "overhead", "one-worker-overhead");

    private LossSeparation() {
    }

    /** A loss by its name in {@link Losses} and its estimate at P. */
    record Part(String name, Estimate value) {
    }

    /**
     * The other loss whose interval reaches highest into the named one's, or null when the named loss stands clear of
     * every other (or cannot be placed among them: no losses at P, or a cause that is not one of them).
     */
    static Part overlapping(Finding loss, Losses at) {
        String component = COMPONENT.get(loss.kind());
        Map<String, Estimate> parts = at == null ? Map.of() : parts(at);
        Estimate named = parts.get(component);
        if (named == null) {
            return null;
        }
        Part widest = null;
        for (Map.Entry<String, Estimate> other : parts.entrySet()) {
            Estimate e = other.getValue();
            if (!other.getKey().equals(component) && e.high() >= named.low()
                    && (widest == null || e.high() > widest.value().high())) {
                widest = new Part(other.getKey(), e);
            }
        }
        return widest;
    }

    /** The named loss's own part, for the words. */
    static Part of(Finding loss, Losses at) {
        String component = COMPONENT.get(loss.kind());
        Estimate named = at == null || component == null ? null : parts(at).get(component);
        return named == null ? null : new Part(component, named);
    }

    private static Map<String, Estimate> parts(Losses at) {
        Map<String, Estimate> parts = new LinkedHashMap<>();
        put(parts, "algorithmic", at.algorithmic());
        put(parts, "scheduling", at.scheduling());
        put(parts, "idle", at.idle());
        put(parts, "inflation", at.inflation());
        put(parts, "overhead", at.overhead());
        return parts;
    }

    private static void put(Map<String, Estimate> parts, String name, Estimate e) {
        if (e != null && Double.isFinite(e.low()) && Double.isFinite(e.high())) {
            parts.put(name, e);
        }
    }
}
