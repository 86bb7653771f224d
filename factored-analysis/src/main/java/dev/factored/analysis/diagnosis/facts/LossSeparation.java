package dev.factored.analysis.diagnosis.facts;

import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.point.Losses;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Which loss the numbers put first at P, and whether it stands clear of the others. The headline names the loss
 * with the largest point estimate among the program's losses at that P (algorithmic, scheduling, idle, inflation, or
 * the one-worker overhead of unmodified code; the machine's share is not the program's), never the loss a cause's
 * share ranks first: a cause that qualifies a loss (a burden, the bandwidth test) can take a larger share than the
 * loss it explains. With intervals of ±20 % the first of two similar losses changes from run to run, so it is called
 * the one that matters most only when its interval lies above the interval of every other loss; otherwise the
 * headline names the largest and every loss down to the largest one whose interval reaches into its interval, by
 * value, so that no loss larger than one it names is left out.
 */
public final class LossSeparation {

    /** The loss each cause kind accounts for, by its name in {@link Losses}. */
    private static final Map<String, String> COMPONENT = Map.ofEntries(
            Map.entry("idle", "idle"),
            Map.entry("idle-or-inflation", "idle"),
            Map.entry("low-parallelism", "idle"),
            Map.entry("low-burdened-parallelism", "idle"),
            Map.entry("idle-specific-bends", "idle"),
            Map.entry("inflation", "inflation"),
            Map.entry("memory-bandwidth", "inflation"),
            Map.entry("inflation-not-bandwidth", "inflation"),
            Map.entry("inflation-specific-slopes-down", "inflation"),
            Map.entry("inflation-specific-flattens", "inflation"),
            Map.entry("inflation-grows", "inflation"),
            Map.entry("algorithmic-overhead", "algorithmic"),
            Map.entry("scheduling-overhead", "scheduling"),
            Map.entry("short-strands", "scheduling"),
            Map.entry("one-worker-overhead", "overhead"),
            Map.entry("own-waiting", "ownWaiting"));

    /** The program's losses, by their names in {@link Losses}: every part but the machine's. */
    private static final List<String> PROGRAM = Losses.NAMES.stream().filter(n -> !n.equals("interference")).toList();

    private LossSeparation() {
    }

    /** A loss by its name in {@link Losses} and its estimate at P. */
    public record Part(String name, Estimate value) {
    }

    /**
     * What the numbers say of the largest loss at P.
     *
     * @param first        the program's loss with the largest point estimate
     * @param notToldApart empty when {@code first}'s interval lies above every other loss's; else {@code first} and,
     *                     by value, every other loss above 0 whose interval reaches into its interval (a loss whose
     *                     interval ends below it is smaller, so it is not among them, whatever its rank)
     */
    public record Verdict(Part first, List<Part> notToldApart) {

        public Verdict {
            notToldApart = List.copyOf(notToldApart);
        }

        public boolean clear() {
            return notToldApart.isEmpty();
        }

        public List<String> names() {
            return notToldApart.stream().map(Part::name).toList();
        }
    }

    /** The loss a cause kind accounts for, by its name in {@link Losses}; null for a kind that is no such cause. */
    public static String component(String kind) {
        return COMPONENT.get(kind);
    }

    /**
     * The largest loss of the program at P and whether it stands clear; null when no loss with a finite interval was
     * measured there, or the largest is no loss (none above zero: every part gained).
     */
    public static Verdict of(Losses at) {
        if (at == null) {
            return null;
        }
        List<Part> ranked = new ArrayList<>();
        for (String name : PROGRAM) {
            Estimate e = usable(at.named(name));
            if (e != null) {
                ranked.add(new Part(name, e));
            }
        }
        ranked.sort(Comparator.comparingDouble((Part part) -> part.value().value()).reversed());
        if (ranked.isEmpty() || !(ranked.get(0).value().value() > 0)) {
            return null;
        }
        Part first = ranked.get(0);
        // Only the losses that could be the largest: one whose interval ends below the first's is smaller, whatever
        // its rank by point estimate (the README's run named "own threads' waiting 0.0507x [0.0243, 0.0877]" beside
        // "idle time 0.174x [0.169, 0.176]" because a loss ranked below it reached into the first's interval), and a
        // part measured as a gain (at or below 0) is not offered as the largest loss, however wide its interval.
        List<Part> contenders = new ArrayList<>(List.of(first));
        for (Part other : ranked.subList(1, ranked.size())) {
            if (other.value().value() > 0 && other.value().high() >= first.value().low()) {
                contenders.add(other);
            }
        }
        return new Verdict(first, contenders.size() == 1 ? List.of() : contenders);
    }

    private static Estimate usable(Estimate e) {
        return e != null && Double.isFinite(e.value()) && Double.isFinite(e.low()) && Double.isFinite(e.high()) ? e
                : null;
    }
}
