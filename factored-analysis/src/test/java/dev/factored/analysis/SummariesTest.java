package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.diagnosis.words.LossNames;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.AnalysisJson;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.finding.Explanation;
import dev.factored.analysis.model.finding.Headline;
import dev.factored.analysis.model.point.Losses;
import dev.factored.analysis.model.point.Point;
import dev.factored.text.Numbers;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The biggest loss of a one-line summary says what the headline decided, by the name the headline gives it, and the
 * decision survives analysis.json.
 */
class SummariesTest {

    private static Analysis analysed() throws Exception {
        Fixtures.Entries entries = new Fixtures.Entries()
                .add("baseline", 1.0, null)
                .add("elision", 1.1, null)
                .add("1", 1.2, null)
                .add("2", 0.8, 0.3);
        return FactoredAnalysis.analyze(entries.build(), "sim", new AnalysisOptions(1, 100, 0.95));
    }

    @Test
    void theBiggestLossIsTheLargestUnlessTheHeadlineCouldNotTellTheLargestApart() throws Exception {
        Analysis analysis = analysed();
        FamilyAnalysis family = analysis.families().get(0);
        Point two = family.point(2);
        Losses.Named largest = two.losses().largest();
        assertNotNull(largest);
        String cell = LossNames.biggestLoss(family, two);
        String number = " " + Numbers.speedup(largest.value());
        assertTrue(cell.endsWith(number), cell);
        Headline headline = family.explanation().headline();
        assertNotNull(headline.loss(), headline.text());
        assertTrue(headline.text().contains("The loss that matters most: " + cell.substring(0, cell.length()
                - number.length()) + " ("), "the headline's name for the loss: " + headline.text() + " / " + cell);

        Headline apart = new Headline("speedup", 2, false, null, List.of("scheduling", "idle"), "At 2 cores …");
        FamilyAnalysis undecided = family.withExplanation(Explanation.of(apart, family.explanation().findings(),
                family.explanation().notes()));
        assertEquals("scheduling overhead " + Numbers.speedup(two.losses().scheduling()) + " or idle time "
                + Numbers.speedup(two.losses().idle()) + " (not told apart)", LossNames.biggestLoss(undecided, two));

        Analysis written = new Analysis(analysis.schema(), analysis.source(), analysis.sourceSha256(), analysis.seed(),
                analysis.resamples(), analysis.confidence(), analysis.warnings(), List.of(undecided), analysis.sweeps(),
                analysis.failedConfigurations());
        Analysis read = AnalysisJson.read(AnalysisJson.toJson(written).getBytes(StandardCharsets.UTF_8), "test");
        assertEquals(List.of("scheduling", "idle"), read.families().get(0).explanation().headline().lossesNotToldApart());
    }
}
