package dev.factored.analysis.diagnosis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.diagnosis.words.FindingWords;
import dev.factored.analysis.model.finding.Explanation;
import dev.factored.analysis.model.finding.Finding;
import dev.factored.analysis.model.finding.Headline;
import dev.factored.analysis.model.finding.Severity;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.point.Disturbance;
import dev.factored.analysis.model.point.Losses;
import dev.factored.analysis.model.point.MachineShares;
import dev.factored.analysis.model.point.Point;
import dev.factored.analysis.model.point.PointConditions;
import dev.factored.analysis.model.point.PointTimes;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The headline, the causes behind it and the notes apart: kinds, P and tentative first, a little wording last. */
class StoryTest {

    private static final String CAVEAT = FindingWords.TENTATIVE_NOTE;

    private static Finding finding(String kind, Integer cores, Severity severity, boolean tentative, String statement,
            Map<String, Estimate> evidence) {
        String text = tentative ? statement.substring(0, statement.length() - 1) + " (" + CAVEAT + ")." : statement;
        return new Finding(kind, cores, severity, tentative, evidence, text, tentative ? CAVEAT : null, statement);
    }

    private static Finding note(String kind, Integer cores) {
        return new Finding(kind, cores, Severity.WARNING, false, null, "A note about " + kind + ".");
    }

    private static final Finding SPEEDUP = finding("speedup", 2, Severity.MAJOR, true,
            "At 2 cores the speedup may be 1.07x of the ideal 2x.", Map.of());
    private static final Finding GAIN = finding("inflation-gain", 2, Severity.INFO, true,
            "At 2 cores work inflation may be negative.", Map.of());
    private static final Finding IDLE = finding("idle", 2, Severity.MAJOR, false, "At 2 cores idle time costs 0.9x.",
            Map.of());
    private static final Finding SCHEDULING = finding("scheduling-overhead", 2, Severity.MINOR, false,
            "Tasks are too small.", Map.of());

    @Test
    void theHeadlineIsTheHeadlineKindWithTheFirstLossAndWhatToDo() {
        Headline h = Story.headline(List.of(SPEEDUP, GAIN, IDLE, SCHEDULING));
        assertEquals("speedup", h.kind());
        assertEquals(2, h.cores());
        assertEquals("idle", h.loss(), "the first cause that is a loss; a gain (info) is not one");
        assertTrue(h.tentative(), "the speedup it states rests on a single fork");
        // golden: the statement without its caveat, the loss by name and severity, what to do
        assertEquals("At 2 cores the speedup may be 1.07x of the ideal 2x. The loss that matters most: idle time "
                + "(major); give the waiting workers work: more tasks where they wait, or a shorter serial part.",
                h.text());
        assertFalse(h.text().contains(CAVEAT), "the caveat is said elsewhere, not in the headline");
    }

    @Test
    void withoutALossTheHeadlineIsWhereTheSpeedupStands() {
        Finding good = finding("good-scaling", 4, Severity.INFO, false, "At 4 cores the program uses the cores well.",
                Map.of());
        Headline h = Story.headline(List.of(good, GAIN));
        assertNull(h.loss());
        assertFalse(h.tentative());
        assertEquals("At 4 cores the program uses the cores well.", h.text());
        assertNull(Story.headline(List.of(IDLE)), "no headline kind (no valid P >= 2): no headline");
    }

    @Test
    void aNoteThatAFindingAlreadyStatesIsDroppedAndTheOthersAreKeptApart() {
        Explanation e = Story.tell(List.of(SPEEDUP, GAIN, IDLE),
                List.of(note("negative-inflation", 2), note("large-errors", null)));
        assertEquals(List.of("speedup", "inflation-gain", "idle"), e.findings().stream().map(Finding::kind).toList());
        assertEquals(List.of("large-errors"), e.notes().stream().map(Finding::kind).toList());
        assertEquals(List.of("A note about large-errors."), e.warnings());

        // at another P nothing says it: the note stays
        Explanation other = Story.tell(List.of(SPEEDUP, IDLE), List.of(note("negative-inflation", 2)));
        assertEquals(List.of("negative-inflation"), other.notes().stream().map(Finding::kind).toList());
        // a superlinear speedup explained by the negative inflation says it too
        Finding superlinear = finding("superlinear", 2, Severity.INFO, false, "At 2 cores the speedup is 2.2x.",
                Map.of("workInflation", Estimate.exact(-0.1)));
        assertEquals(List.of(), Story.tell(List.of(superlinear), List.of(note("negative-inflation", 2))).notes());
    }

    @Test
    void theBriefIsTheHeadlineAndAtMostThreeStatementsWithoutCaveats() {
        Explanation e = Story.tell(List.of(SPEEDUP, GAIN, IDLE, SCHEDULING), List.of(note("large-errors", null)));
        List<String> brief = e.brief(3);
        assertEquals(4, brief.size());
        assertEquals(e.headline().text(), brief.get(0));
        assertEquals("At 2 cores work inflation may be negative.", brief.get(1), "its caveat left out");
        assertEquals(List.of(IDLE.text(), SCHEDULING.text()), brief.subList(2, 4));
    }

    @Test
    void withoutAHeadlineTheLeadIsTheFirstFindingsStatementWhole() {
        Finding twoSentences = new Finding("one-thread", 2, Severity.MAJOR, true, Map.of(),
                "One thread did it. Another sentence (tentative: why).", "tentative: why",
                "One thread did it. Another sentence.");
        assertEquals("One thread did it. Another sentence.", Explanation.of(List.of(twoSentences), List.of())
                .leadWithoutHeadline(), "its statement, never its first sentence");
        assertEquals("First. Second.", new Explanation(List.of(), List.of("First. Second."), List.of())
                .leadWithoutHeadline(), "a file with only the diagnosis' texts: the first whole");
        assertEquals("", Explanation.NONE.leadWithoutHeadline());
    }

    private static Point at2(Losses losses) {
        return new Point(2, true, List.of(), Disturbance.NONE, new PointTimes(est(1.2), null, null, null), null, losses,
                MachineShares.NONE, null, null, new PointConditions(false, true, null, null, null));
    }

    private static Estimate est(double value) {
        return new Estimate(value, value, value);
    }

    /**
     * A loss is the one that matters most only when its interval stands above every other loss's at that P: idle
     * 0.28x [0.20, 0.35] beside an algorithmic overhead of 0.57x [0.03, 1.22] (an example run's single forks) is not.
     */
    @Test
    void aLossWhoseIntervalOverlapsAnotherIsNotCalledTheOneThatMattersMost() {
        Losses overlapping = new Losses(new Estimate(0.57, 0.03, 1.22), new Estimate(-0.1, -0.3, 0.1),
                new Estimate(0.28, 0.20, 0.35), new Estimate(-0.05, -0.4, 0.15));
        Headline h = Story.headline(List.of(SPEEDUP, GAIN, IDLE, SCHEDULING), List.of(at2(overlapping)), false);
        assertNull(h.loss(), h.text());
        assertEquals(SPEEDUP.tentative(), h.tentative(), "no loss is named, so only the speedup's caveat counts");
        assertEquals("At 2 cores the speedup may be 1.07x of the ideal 2x. The largest losses cannot be told apart at "
                + "this precision: algorithmic overhead 0.570x [0.0300, 1.22] and idle time 0.280x "
                + "[0.200, 0.350] of the 2x; more forks would tell which matters most.", h.text());

        Losses clear = new Losses(new Estimate(0.1, 0.0, 0.19), new Estimate(-0.1, -0.3, 0.1),
                new Estimate(0.28, 0.20, 0.35), new Estimate(-0.05, -0.4, 0.15));
        assertEquals("idle", Story.headline(List.of(SPEEDUP, GAIN, IDLE, SCHEDULING), List.of(at2(clear)), false)
                .loss());
        assertEquals("idle", Story.headline(List.of(SPEEDUP, GAIN, IDLE, SCHEDULING), List.of(), false).loss(),
                "without the losses at P nothing can be checked: named as before");
    }
}
