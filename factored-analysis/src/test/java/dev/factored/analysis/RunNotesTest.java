package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.factored.analysis.diagnosis.facts.NoteFacts;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.diagnosis.Warnings;
import dev.factored.analysis.model.family.BetweenForks;
import dev.factored.analysis.model.finding.Explanation;
import dev.factored.analysis.model.finding.Finding;
import dev.factored.analysis.model.finding.Severity;
import dev.factored.contract.CoresValue;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A caveat that holds for the whole run is said once, at the top, not in every family: a note every family has with
 * the same facts, never found by comparing words.
 */
class RunNotesTest {

    private static final Finding SINGLE_FORK = new Finding("single-fork", null, Severity.WARNING, false, null,
            "Every configuration was measured in a single JVM fork.");
    private static final Finding LARGE_ERRORS = new Finding("large-errors", null, Severity.WARNING, false, null,
            "Large score errors: cores=2 ±20%.");

    private static final Warnings.Note SINGLE_FORK_NOTE = new Warnings.Note(SINGLE_FORK,
            new NoteFacts.SingleFork(false, List.of(CoresValue.workers(2)), true, BetweenForks.UNKNOWN));
    private static final Warnings.Note LARGE_ERRORS_NOTE = new Warnings.Note(LARGE_ERRORS,
            new NoteFacts.LargeErrors(List.of(new NoteFacts.RelativeError(CoresValue.workers(2), 0.2))));

    private static FactoredAnalysis.Analysed family(Warnings.Note... notes) throws Exception {
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile())
                .add("1", Fixtures.constant(1.0), Fixtures.constant(0.0), Fixtures.profiled(1, 1))
                .add("2", Fixtures.constant(0.75), Fixtures.constant(0.1), Fixtures.profiled(2, 2))
                .family();
        List<Finding> findings = java.util.Arrays.stream(notes).map(Warnings.Note::finding).toList();
        return new FactoredAnalysis.Analysed(f.withExplanation(Explanation.of(f.explanation().headline(),
                f.explanation().findings(), findings)), List.of(notes));
    }

    private static List<FamilyAnalysis> analyses(List<FactoredAnalysis.Analysed> families) {
        return families.stream().map(FactoredAnalysis.Analysed::family).toList();
    }

    private static List<String> kinds(FamilyAnalysis f) {
        return f.explanation().notes().stream().map(Finding::kind).toList();
    }

    @Test
    void aNoteEveryFamilyHasWordForWordMovesToTheTop() throws Exception {
        List<String> top = new ArrayList<>();
        List<FamilyAnalysis> out = FactoredAnalysis.sayRunWideNotesOnce(
                List.of(family(SINGLE_FORK_NOTE, LARGE_ERRORS_NOTE), family(SINGLE_FORK_NOTE)), top);
        assertEquals(List.of(SINGLE_FORK.text()), top);
        assertEquals(List.of("large-errors"), kinds(out.get(0)), "a note of one family stays with it");
        assertEquals(List.of(), kinds(out.get(1)));
        assertEquals(List.of(LARGE_ERRORS.text()), out.get(0).explanation().warnings());
    }

    @Test
    void notesThatDifferOrASingleFamilyStayWhereTheyAre() throws Exception {
        List<String> top = new ArrayList<>();
        Finding otherErrors = new Finding("large-errors", null, Severity.WARNING, false, null, "Large: cores=4 ±30%.");
        List<FactoredAnalysis.Analysed> two = List.of(family(LARGE_ERRORS_NOTE),
                family(new Warnings.Note(otherErrors,
                new NoteFacts.LargeErrors(List.of(new NoteFacts.RelativeError(CoresValue.workers(4), 0.3))))));
        assertEquals(analyses(two), FactoredAnalysis.sayRunWideNotesOnce(two, top), "same kind, other facts: each its own");
        // the same words from other facts (a coincidence of rounding) are two families' notes, not the run's
        List<FactoredAnalysis.Analysed> rounded = List.of(family(LARGE_ERRORS_NOTE),
                family(new Warnings.Note(LARGE_ERRORS,
                new NoteFacts.LargeErrors(List.of(new NoteFacts.RelativeError(CoresValue.workers(2), 0.2001))))));
        assertEquals(analyses(rounded), FactoredAnalysis.sayRunWideNotesOnce(rounded, top));
        List<FactoredAnalysis.Analysed> one = List.of(family(SINGLE_FORK_NOTE));
        assertEquals(analyses(one), FactoredAnalysis.sayRunWideNotesOnce(one, top));
        assertEquals(List.of(), top);
    }
}
