package dev.factored.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.diagnosis.Story;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.finding.Finding;
import dev.factored.analysis.model.finding.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each family says its headline first, then at most three statements; the rest is folded, caveats said apart. */
class HeadlineViewTest {

    private static final String CAVEAT = "tentative: from a single JVM fork; run 2 or more forks to confirm";

    private static FamilyAnalysis told() {
        List<Finding> findings = List.of(
                new Finding("speedup", 8, Severity.MAJOR, true, null, "At 8 cores the speedup may be 3x (" + CAVEAT
                        + ").", CAVEAT, "At 8 cores the speedup may be 3x."),
                new Finding("idle", 8, Severity.MAJOR, true, null, "Idle time may cost 3x (" + CAVEAT + ").", CAVEAT,
                        "Idle time may cost 3x."),
                new Finding("scheduling-overhead", 8, Severity.MINOR, false, null, "Tasks are too small."),
                new Finding("algorithmic-overhead", 8, Severity.MINOR, false, null, "The algorithm adds 5%."));
        List<Finding> notes = List.of(new Finding("large-errors", null, Severity.WARNING, false, null,
                "Large score errors."));
        FamilyAnalysis f = SampleReports.twelvePoints();
        return f.withExplanation(Story.tell(findings, notes));
    }

    @Test
    void theFamilySectionOpensWithItsHeadlineAndFoldsTheRest() {
        String html = FactoredReport.render(Fixtures.analysis(told())).bodyHtml();
        String section = html.substring(html.indexOf("<section class=\"fct-family\""));
        int headline = section.indexOf("<p class=\"fct-headline\"><strong>At 8 cores the speedup may be 3x. The loss "
                + "that matters most: idle time (major);");
        assertTrue(headline > 0, section);
        assertTrue(headline < section.indexOf("<figure"), "the headline comes before the charts");
        int details = section.indexOf("<details class=\"fct-details\"><summary>1 more statement</summary>");
        assertTrue(details > section.indexOf("The algorithm adds 5%."), "three statements shown, then the fold");
        assertTrue(section.indexOf("Large score errors.") > details, "the fourth statement is folded");
        assertFalse(section.contains("may cost 3x (" + CAVEAT), "no caveat in a row: a tag carries it");
        assertTrue(section.contains("<span class=\"fct-tag fct-tentative\" title=\"" + CAVEAT + "\">tentative</span> "
                + "Idle time may cost 3x."));
    }

    @Test
    void theSummaryRowIsTheHeadlineWithoutItsCaveat() {
        String html = FactoredReport.render(Fixtures.analysis(told())).bodyHtml();
        String summary = html.substring(html.indexOf("fct-summary"), html.indexOf("</table>"));
        assertTrue(summary.contains("<td>At 8 cores the speedup may be 3x. The loss that matters most: idle time "
                + "(major); give the waiting workers work: more tasks where they wait, or a shorter serial part. "
                + "<span class=\"fct-tag\">tentative</span> <span class=\"fct-tag\">1 note</span></td>"), summary);
        assertEquals(-1, summary.indexOf(CAVEAT));
    }
}
