package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.factored.analysis.model.Explanation;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.Finding;
import dev.factored.analysis.model.Severity;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A caveat that holds for the whole run is said once, at the top, not in every family. */
class RunNotesTest {

    private static final Finding SINGLE_FORK = new Finding("single-fork", null, Severity.WARNING, false, null,
            "Every configuration was measured in a single JVM fork.");
    private static final Finding LARGE_ERRORS = new Finding("large-errors", null, Severity.WARNING, false, null,
            "Large score errors: cores=2 ±20%.");

    private static FamilyAnalysis family(Finding... notes) throws Exception {
        FamilyAnalysis f = new Fixtures.Entries()
                .add("baseline", Fixtures.constant(1.0), null, Fixtures.baselineProfile())
                .add("1", Fixtures.constant(1.0), Fixtures.constant(0.0), Fixtures.profiled(1, 1))
                .add("2", Fixtures.constant(0.75), Fixtures.constant(0.1), Fixtures.profiled(2, 2))
                .family();
        return f.withExplanation(Explanation.of(f.explanation().headline(), f.explanation().findings(), List.of(notes)));
    }

    private static List<String> kinds(FamilyAnalysis f) {
        return f.explanation().notes().stream().map(Finding::kind).toList();
    }

    @Test
    void aNoteEveryFamilyHasWordForWordMovesToTheTop() throws Exception {
        List<String> top = new ArrayList<>();
        List<FamilyAnalysis> out = FactoredAnalysis.sayRunWideNotesOnce(
                List.of(family(SINGLE_FORK, LARGE_ERRORS), family(SINGLE_FORK)), top);
        assertEquals(List.of(SINGLE_FORK.text()), top);
        assertEquals(List.of("large-errors"), kinds(out.get(0)), "a note of one family stays with it");
        assertEquals(List.of(), kinds(out.get(1)));
        assertEquals(List.of(LARGE_ERRORS.text()), out.get(0).explanation().warnings());
    }

    @Test
    void notesThatDifferOrASingleFamilyStayWhereTheyAre() throws Exception {
        List<String> top = new ArrayList<>();
        Finding otherErrors = new Finding("large-errors", null, Severity.WARNING, false, null, "Large: cores=4 ±30%.");
        List<FamilyAnalysis> two = List.of(family(LARGE_ERRORS), family(otherErrors));
        assertSame(two, FactoredAnalysis.sayRunWideNotesOnce(two, top), "same kind, other words: each its own");
        List<FamilyAnalysis> one = List.of(family(SINGLE_FORK));
        assertSame(one, FactoredAnalysis.sayRunWideNotesOnce(one, top));
        assertEquals(List.of(), top);
    }
}
