package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.finding.Finding;
import dev.factored.analysis.model.finding.FindingKind;
import dev.factored.contract.ProfilerMetrics;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Operations that began after a pause (a {@code Level.Invocation} helper between them), as the family's note says
 * them: the configurations where most did, with their shares, and nothing where few did or nothing was counted.
 */
class AfterPausesNoteTest {

    private static List<Finding> notes(Fixtures.Entries entries) throws Exception {
        return FactoredAnalysis.analyze(entries.build(), "sim", new AnalysisOptions(1, 100, 0.95))
                .families().get(0).explanation().notes().stream()
                .filter(f -> f.kind().equals(FindingKind.AFTER_PAUSES.id())).toList();
    }

    @Test
    void namesTheConfigurationsWhoseOperationsMostlyFollowedAPause() throws Exception {
        List<Finding> notes = notes(new Fixtures.Entries()
                .add("baseline", Fixtures.constant(6e-3), null, Fixtures.baselineProfile())
                .add("1", Fixtures.constant(6.2e-3), Fixtures.constant(0.0), Fixtures.profiled(1, 1))
                .share(ProfilerMetrics.AFTER_PAUSE, 0.98)
                .add("2", Fixtures.constant(4.7e-3), Fixtures.constant(3e-3), Fixtures.profiled(2, 2))
                .share(ProfilerMetrics.AFTER_PAUSE, 1.0)
                .add("4", Fixtures.constant(4.7e-3), Fixtures.constant(3e-3), Fixtures.profiled(4, 4))
                .share(ProfilerMetrics.AFTER_PAUSE, 0.02));
        assertEquals(1, notes.size(), notes.toString());
        String text = notes.get(0).text();
        assertTrue(text.startsWith("Most operations began after a pause at cores=1 (98.0%) and cores=2 (100%)"), text);
        assertFalse(text.contains("cores=4"), text);
    }

    @Test
    void operationsBackToBackOrUncountedAreNotNoted() throws Exception {
        assertTrue(notes(new Fixtures.Entries()
                .add("baseline", Fixtures.constant(6e-3), null, Fixtures.baselineProfile())
                .add("1", Fixtures.constant(6.2e-3), Fixtures.constant(0.0), Fixtures.profiled(1, 1))
                .share(ProfilerMetrics.AFTER_PAUSE, 0.02)
                .add("2", Fixtures.constant(4.7e-3), Fixtures.constant(3e-3), Fixtures.profiled(2, 2)))
                .isEmpty());
    }
}
