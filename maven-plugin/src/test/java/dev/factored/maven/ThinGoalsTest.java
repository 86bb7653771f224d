package dev.factored.maven;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The goals are thin: every command goes through factored-run ({@code dev.factored.run.Commands}), none calls the
 * analysis, the report or the gate itself. Plain JUnit, so that {@code -Dtest=ThinGoalsTest} selects it.
 */
class ThinGoalsTest {

    /** The entry points below factored-run that a front end must not call. */
    private static final Set<String> BELOW_THE_APPLICATION_LAYER = Set.of("dev.factored.analysis.FactoredAnalysis",
            "dev.factored.report.FactoredReport", "dev.factored.gate.Gate");

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.factored.maven");

    private static final ArchRule ONLY_THROUGH_FACTORED_RUN = noClasses().that().resideInAPackage("dev.factored.maven..")
            .should().dependOnClassesThat(describe("are FactoredAnalysis, FactoredReport or Gate (or nested in them)",
                    (JavaClass c) -> BELOW_THE_APPLICATION_LAYER.contains(c.getName())
                            || c.getEnclosingClass().map(e -> BELOW_THE_APPLICATION_LAYER.contains(e.getName()))
                                    .orElse(false)))
            .because("the goals call factored-run for every command (issue 35)");

    @Test
    void noGoalCallsTheAnalysisTheReportOrTheGateDirectly() {
        ONLY_THROUGH_FACTORED_RUN.check(MAIN);
    }
}
