package dev.factored.contract.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rules of {@link ModuleArchitecture} can fail: each is run on a fixture that breaks it (classes and
 * package-infos under {@code fixture}, files written here), and on one that keeps it.
 */
class ModuleArchitectureTest {

    private static final String FIXTURE = "dev.factored.contract.architecture.fixture";
    private static final Path TEST_SOURCES = Path.of("src/test/java");

    @Test
    void theCycleRuleFailsOnAnInjectedCycle() {
        JavaClasses cycle = new ClassFileImporter().importPackages(FIXTURE + ".cycle");
        AssertionError e = assertThrows(AssertionError.class, () -> ModuleArchitecture.noPackageCycles().check(cycle));
        assertTrue(e.getMessage().contains("Cycle detected"), e.getMessage());
        assertTrue(e.getMessage().contains(FIXTURE + ".cycle.a") && e.getMessage().contains(FIXTURE + ".cycle.b"),
                e.getMessage());
    }

    @Test
    void theCycleRulePassesOneWay() {
        JavaClasses oneWay = new ClassFileImporter().importClasses(
                dev.factored.contract.architecture.fixture.direction.high.High.class,
                dev.factored.contract.architecture.fixture.direction.low.Low.class);
        ModuleArchitecture.noPackageCycles().check(oneWay);
    }

    @Test
    void theDirectionIsReadFromPackageInfo() {
        assertEquals(Set.of(FIXTURE + ".direction.low"),
                ModuleArchitecture.declaredDependencies(TEST_SOURCES, FIXTURE + ".direction.high"));
        assertEquals(Collections.emptySet(),
                ModuleArchitecture.declaredDependencies(TEST_SOURCES, FIXTURE + ".direction.low"));
        assertEquals(Collections.emptySet(),
                ModuleArchitecture.declaredDependencies(TEST_SOURCES, FIXTURE + ".cycle.a"), "no package-info: none");
    }

    @Test
    void theDirectionRuleFailsOnADependencyThePackageInfoDoesNotName() {
        JavaClasses direction = new ClassFileImporter().importPackages(FIXTURE + ".direction");
        AssertionError e = assertThrows(AssertionError.class,
                () -> ModuleArchitecture.directionAsDeclared(TEST_SOURCES).check(direction));
        assertTrue(e.getMessage().contains("Upward"), e.getMessage());
        assertTrue(e.getMessage().contains("(1 times)"), "only the undeclared dependency: " + e.getMessage());
    }

    @Test
    void theDirectionRulePassesWhatThePackageInfoNames() {
        JavaClasses declared = new ClassFileImporter().importClasses(
                dev.factored.contract.architecture.fixture.direction.high.High.class,
                dev.factored.contract.architecture.fixture.direction.low.Low.class);
        ModuleArchitecture.directionAsDeclared(TEST_SOURCES).check(declared);
    }

    @Test
    void theLineRuleFailsOnAnInjected401LineFile(@TempDir Path sources) throws IOException {
        Path pkg = Files.createDirectories(sources.resolve("dev/factored/fixture"));
        Files.writeString(pkg.resolve("Short.java"), "class Short {\n}\n" + "//\n".repeat(398));
        ModuleArchitecture.assertNoFileOver(ModuleArchitecture.MAX_LINES, sources);
        Files.writeString(pkg.resolve("Long.java"), "class Long {\n}\n" + "//\n".repeat(399));
        AssertionError e = assertThrows(AssertionError.class,
                () -> ModuleArchitecture.assertNoFileOver(ModuleArchitecture.MAX_LINES, sources));
        assertTrue(e.getMessage().contains("Long.java (401 lines)"), e.getMessage());
        assertTrue(!e.getMessage().contains("Short.java"), e.getMessage());
    }
}
