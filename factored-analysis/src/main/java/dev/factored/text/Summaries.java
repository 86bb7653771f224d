package dev.factored.text;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.Headline;
import dev.factored.analysis.model.Losses;
import dev.factored.analysis.model.Point;
import java.util.List;

/** Cells of the one-line summaries (the report's table, summary.md), said the same way in each. */
public final class Summaries {

    private Summaries() {
    }

    /**
     * The biggest loss at a point as the family's headline decides it: e.g. {@code idle 0.874x [0.833, 0.911]}, or,
     * where the headline could not tell the largest apart, {@code algorithmic 0.567x [0.0290, 1.22] or idle 0.279x
     * [0.203, 0.350] (not told apart)}; null when no loss was measured there.
     */
    public static String biggestLoss(FamilyAnalysis family, Point point) {
        Headline headline = family.explanation().headline();
        if (headline != null && !headline.lossesNotToldApart().isEmpty() && headline.cores() != null
                && headline.cores() == point.cores()) {
            List<String> parts = headline.lossesNotToldApart().stream()
                    .map(name -> name + " " + Numbers.speedup(point.losses().named(name))).toList();
            return String.join(" or ", parts) + " (not told apart)";
        }
        Losses.Named largest = point.losses().largest();
        return largest == null ? null : largest.name() + " " + Numbers.speedup(largest.value());
    }
}
