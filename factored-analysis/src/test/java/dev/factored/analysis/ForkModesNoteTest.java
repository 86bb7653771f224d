package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.finding.Finding;
import dev.factored.analysis.model.finding.FindingKind;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Forks at two speeds, as the family's note says them: the configuration, both groups' times, and nothing else. */
class ForkModesNoteTest {

    /** Forks of 3 iterations each, every iteration within ±0.5 % of its fork's time (in seconds). */
    private static double[][] forks(double... times) {
        double[][] t = new double[times.length][];
        for (int f = 0; f < times.length; f++) {
            t[f] = new double[] {times[f], times[f] * 1.005, times[f] * 0.995};
        }
        return t;
    }

    @Test
    void namesTheConfigurationWhoseForksRanAtTwoSpeeds() throws Exception {
        Fixtures.Entries entries = new Fixtures.Entries()
                .add("baseline", forks(2e-3, 2.01e-3, 1.99e-3, 2e-3), null, Map.of())
                .add("1", forks(2.2e-3, 2.21e-3, 2.19e-3, 2.2e-3), null, Map.of())
                .add("2", forks(1.1e-3, 1.1e-3, 1.11e-3, 1.09e-3, 2.2e-3), null, Map.of());
        List<Finding> notes = FactoredAnalysis.analyze(entries.build(), "sim", new AnalysisOptions(1, 100, 0.95))
                .families().get(0).explanation().notes().stream()
                .filter(f -> f.kind().equals(FindingKind.FORK_MODES.id())).toList();
        assertEquals(1, notes.size(), notes.toString());
        String text = notes.get(0).text();
        assertTrue(text.startsWith("Forks that ran at two speeds: cores=2: 4 forks at 1.09 ms to 1.11 ms and 1 at "
                + "2.20 ms (2.00x the time)"), text);
        assertFalse(text.contains("cores=1") || text.contains("cores=baseline"), text);
    }

    @Test
    void oneFastForkIsOneFork() throws Exception {
        Fixtures.Entries entries = new Fixtures.Entries()
                .add("baseline", forks(2e-3, 2.01e-3, 1.99e-3, 2e-3), null, Map.of())
                .add("2", forks(0.7e-3, 1.1e-3, 1.1e-3, 1.11e-3, 1.09e-3), null, Map.of());
        String text = FactoredAnalysis.analyze(entries.build(), "sim", new AnalysisOptions(1, 100, 0.95))
                .families().get(0).explanation().notes().stream()
                .filter(f -> f.kind().equals(FindingKind.FORK_MODES.id())).findFirst().orElseThrow().text();
        assertTrue(text.startsWith("Forks that ran at two speeds: cores=2: 1 fork at 700 µs and 4 at 1.09 ms to 1.11 ms"),
                text);
    }
}
