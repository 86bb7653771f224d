package dev.factored.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.measurement.FailedConfiguration;
import dev.factored.gate.Verdict;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CheckStepTest {

    private static Analysis analysis(List<FailedConfiguration> failed) {
        return new Analysis(2, "jmh-result.json", null, 1, 1000, 0.95, List.of(), List.of(), List.of(), failed);
    }

    @Test
    void aFailedConfigurationIsNamedFirstAmongTheNotesAndLeavesTheVerdictItsOwn() {
        Verdict checks = Verdict.of(List.of(), List.of(), List.of("No rules configured."));
        FailedConfiguration failed = new FailedConfiguration("org.example.Sweep.sweep",
                Map.of("cores", "bandwidth-16"), "thrpt", "java.lang.OutOfMemoryError: Java heap space");
        Verdict verdict = CheckStep.withFailedConfigurations(checks, analysis(List.of(failed)));
        assertTrue(verdict.passed(), "the run's failure is the run's exit, not a failed check");
        assertEquals(List.of("Failed in the run, so not measured and not checked: org.example.Sweep.sweep"
                + " cores=bandwidth-16: java.lang.OutOfMemoryError: Java heap space", "No rules configured."),
                verdict.notes());
        assertSame(checks, CheckStep.withFailedConfigurations(checks, analysis(List.of())));
    }
}
