package dev.factored.cli;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The commands are thin: every command goes through factored-run ({@code dev.factored.run.Commands}), none calls the
 * analysis, the report or the gate itself, and none is over 120 lines. Plain JUnit, so that
 * {@code -Dtest=ThinCommandsTest} selects it.
 */
class ThinCommandsTest {

    /** The entry points below factored-run that a front end must not call. */
    private static final Set<String> BELOW_THE_APPLICATION_LAYER = Set.of("dev.factored.analysis.FactoredAnalysis",
            "dev.factored.report.FactoredReport", "dev.factored.gate.Gate");

    private static final int MAX_COMMAND_LINES = 120;

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.factored.cli");

    private static final ArchRule ONLY_THROUGH_FACTORED_RUN = noClasses().that().resideInAPackage("dev.factored.cli..")
            .should().dependOnClassesThat(describe("are FactoredAnalysis, FactoredReport or Gate (or nested in them)",
                    (JavaClass c) -> BELOW_THE_APPLICATION_LAYER.contains(c.getName())
                            || c.getEnclosingClass().map(e -> BELOW_THE_APPLICATION_LAYER.contains(e.getName()))
                                    .orElse(false)))
            .because("the commands call factored-run for every command (issue 35)");

    @Test
    void noCommandCallsTheAnalysisTheReportOrTheGateDirectly() {
        ONLY_THROUGH_FACTORED_RUN.check(MAIN);
    }

    @Test
    void noCommandIsOver120Lines() throws IOException {
        List<Path> commands;
        try (Stream<Path> files = Files.list(Path.of("src/main/java/dev/factored/cli"))) {
            commands = files.filter(f -> f.getFileName().toString().endsWith("Command.java")).toList();
        }
        assertTrue(commands.size() >= 6, "the commands' sources: " + commands);
        for (Path command : commands) {
            long lines = Files.readAllLines(command).size();
            assertTrue(lines <= MAX_COMMAND_LINES, command.getFileName() + " has " + lines + " lines");
        }
    }
}
