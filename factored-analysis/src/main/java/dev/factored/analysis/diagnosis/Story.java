package dev.factored.analysis.diagnosis;

import dev.factored.analysis.diagnosis.facts.Causes;
import dev.factored.analysis.diagnosis.facts.LossSeparation;
import dev.factored.analysis.diagnosis.words.HeadlineWords;
import dev.factored.analysis.model.finding.Explanation;
import dev.factored.analysis.model.finding.Finding;
import dev.factored.analysis.model.finding.FindingKind;
import dev.factored.analysis.model.finding.Headline;
import dev.factored.analysis.model.finding.Severity;
import dev.factored.analysis.model.point.Losses;
import dev.factored.analysis.model.point.Point;
import java.util.List;
import java.util.Objects;

/**
 * A family's findings told in order: one headline (where the speedup stands, the loss that matters most, what to
 * do), the causes that support it, then the data-quality notes, kept apart; no fact said twice. Reads the findings of
 * {@link Diagnosis} (headline kind first, causes by share), the notes of {@link Warnings} and the losses at the
 * headline's P: the loss it names is the one those numbers put first ({@link LossSeparation}), never the one a
 * cause's share ranks first, and the cause that explains it is chosen by what it measured ({@link Causes#explaining}).
 */
public final class Story {

    private Story() {
    }

    public static Explanation tell(List<Finding> findings, List<Finding> notes) {
        return tell(findings, notes, List.of());
    }

    /**
     * As above, naming the loss the numbers at P put first, and that one only where its interval stands clear of the
     * other losses there; the notes say whether the idle time was estimated (unmodified code), which the words of
     * the idle time and its advice follow.
     */
    public static Explanation tell(List<Finding> findings, List<Finding> notes, List<Point> points) {
        List<Finding> kept = notes.stream().filter(n -> !statedBy(n, findings)).toList();
        boolean estimated = notes.stream().anyMatch(n -> FindingKind.ESTIMATED_IDLE.id().equals(n.kind()));
        return Explanation.of(headline(findings, points, estimated), findings, kept);
    }

    /**
     * The headline: the finding of a headline kind and the first cause that is a loss (findings are ordered by the
     * share of P they take); null when there is no headline finding (no valid point with P >= 2).
     */
    static Headline headline(List<Finding> findings) {
        return headline(findings, List.of(), false);
    }

    /**
     * As above, where the losses at the headline's P are known: the headline names the loss with the largest point
     * estimate there ({@link LossSeparation}), through the cause that explains it best ({@link Causes#explaining});
     * where that loss's interval overlaps another's, it names them by value with their intervals and neither as the
     * one that matters most; where no cause explains the largest loss, it names none. Without the losses at P (no
     * points), the first cause that is a loss, as the findings are ordered.
     */
    static Headline headline(List<Finding> findings, List<Point> points, boolean estimated) {
        Finding top = findings.stream().filter(f -> role(f) == FindingKind.Role.HEADLINE).findFirst().orElse(null);
        if (top == null) {
            return null;
        }
        // a P that could not be measured has no loss that matters most there: a loss at P = 1 is no answer to it
        boolean measured = !top.kind().equals(FindingKind.NOT_MEASURED.id());
        List<Finding> causes = measured ? findings.stream()
                .filter(f -> role(f) == FindingKind.Role.CAUSE && isLoss(f.severity())).toList() : List.of();
        Finding loss = causes.isEmpty() ? null : causes.get(0);
        Losses at = measured ? points.stream().filter(p -> Objects.equals(p.cores(), top.cores())).map(Point::losses)
                .filter(Objects::nonNull).findFirst().orElse(null) : null;
        LossSeparation.Verdict verdict = at == null ? null : LossSeparation.of(at);
        if (verdict != null && !verdict.clear()) {
            // The losses not told apart are listed with or without a cause to name: the summaries' "biggest loss" must
            // not offer the largest point estimate alone where another's interval reaches it (the README's merge sort
            // at cutoff 10,000: algorithmic 0.271x [0.0817, 0.480] beside idle 0.0982x [0.0689, 0.123]).
            String words = loss == null ? HeadlineWords.headline(top, null, estimated)
                    : HeadlineWords.notToldApart(top, verdict.notToldApart(), estimated,
                            name -> Causes.explaining(causes, name, top.cores(), estimated));
            return new Headline(top.kind(), top.cores(), top.tentative(), null, verdict.names(), words);
        }
        if (loss != null && at != null) {
            loss = verdict == null ? null : Causes.explaining(causes, verdict.first().name(), top.cores(), estimated);
        }
        return new Headline(top.kind(), top.cores(), top.tentative() || loss != null && loss.tentative(),
                loss == null ? null : loss.kind(), HeadlineWords.headline(top, loss, estimated));
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
