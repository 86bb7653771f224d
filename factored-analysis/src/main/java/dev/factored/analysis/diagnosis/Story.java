package dev.factored.analysis.diagnosis;

import dev.factored.analysis.model.Explanation;
import dev.factored.analysis.model.Finding;
import dev.factored.analysis.model.FindingKind;
import dev.factored.analysis.model.Headline;
import dev.factored.analysis.model.Losses;
import dev.factored.analysis.model.Point;
import dev.factored.analysis.model.Severity;
import java.util.List;
import java.util.Objects;

/**
 * A family's findings told in order: one headline (where the speedup stands, the loss that matters most, what to
 * do), the causes that support it, then the data-quality notes, kept apart; no fact said twice. Reads the findings of
 * {@link Diagnosis} (headline kind first, causes by share) and the notes of {@link Warnings}.
 */
public final class Story {

    private Story() {
    }

    public static Explanation tell(List<Finding> findings, List<Finding> notes) {
        return tell(findings, notes, List.of());
    }

    /** As above, naming the loss that matters most only where its interval stands clear of the other losses at P. */
    public static Explanation tell(List<Finding> findings, List<Finding> notes, List<Point> points) {
        List<Finding> kept = notes.stream().filter(n -> !statedBy(n, findings)).toList();
        return Explanation.of(headline(findings, points), findings, kept);
    }

    /**
     * The headline: the finding of a headline kind and the first cause that is a loss (findings are ordered by the
     * share of P they take); null when there is no headline finding (no valid point with P >= 2).
     */
    static Headline headline(List<Finding> findings) {
        return headline(findings, List.of());
    }

    /**
     * As above; where the first loss's interval at the headline's P overlaps another loss's ({@link LossSeparation}),
     * the headline names both with their intervals and neither as the one that matters most.
     */
    static Headline headline(List<Finding> findings, List<Point> points) {
        Finding top = findings.stream().filter(f -> role(f) == FindingKind.Role.HEADLINE).findFirst().orElse(null);
        if (top == null) {
            return null;
        }
        // a P that could not be measured has no loss that matters most there: a loss at P = 1 is no answer to it
        Finding loss = top.kind().equals(FindingKind.NOT_MEASURED.id()) ? null : findings.stream()
                .filter(f -> role(f) == FindingKind.Role.CAUSE && isLoss(f.severity())).findFirst().orElse(null);
        if (loss != null) {
            Losses at = points.stream().filter(p -> Objects.equals(p.cores(), top.cores())).map(Point::losses)
                    .findFirst().orElse(null);
            LossSeparation.Overlap overlap = LossSeparation.overlap(loss, at);
            if (overlap != null) {
                return new Headline(top.kind(), top.cores(), top.tentative(), null, overlap.names(),
                        HeadlineWords.notToldApart(top, overlap));
            }
        }
        return new Headline(top.kind(), top.cores(), top.tentative() || loss != null && loss.tentative(),
                loss == null ? null : loss.kind(), HeadlineWords.headline(top, loss));
    }

    /**
     * Whether a note says what a finding already says: a negative work inflation at P is the inflation-gain (or the
     * idle-or-inflation, or the superlinear speedup it explains) at that P.
     */
    static boolean statedBy(Finding note, List<Finding> findings) {
        if (!FindingKind.NEGATIVE_INFLATION.id().equals(note.kind()) || note.cores() == null) {
            return false;
        }
        return findings.stream().filter(f -> Objects.equals(f.cores(), note.cores())).anyMatch(f ->
                f.kind().equals(FindingKind.INFLATION_GAIN.id()) || f.kind().equals(FindingKind.IDLE_OR_INFLATION.id())
                        || f.kind().equals(FindingKind.SUPERLINEAR.id()) && f.evidence().containsKey("workInflation"));
    }

    private static FindingKind.Role role(Finding f) {
        FindingKind kind = FindingKind.of(f.kind());
        return kind == null ? null : kind.role();
    }

    private static boolean isLoss(Severity s) {
        return s == Severity.MAJOR || s == Severity.MODERATE || s == Severity.MINOR;
    }
}
