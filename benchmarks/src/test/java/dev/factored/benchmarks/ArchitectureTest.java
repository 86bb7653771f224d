package dev.factored.benchmarks;

import com.tngtech.archunit.core.domain.JavaClasses;
import dev.factored.contract.architecture.ModuleArchitecture;
import org.junit.jupiter.api.Test;

/**
 * This module's main code keeps the rules of {@link ModuleArchitecture}: no package cycles, each package depending
 * only on the packages of the module its package-info names, no source file over {@value ModuleArchitecture#MAX_LINES}
 * lines. Plain JUnit tests rather than ArchUnit's own engine, so that {@code -Dtest=ArchitectureTest} selects them too.
 */
class ArchitectureTest {

    private static final JavaClasses MAIN = ModuleArchitecture.mainClasses();

    @Test
    void noPackageCycles() {
        ModuleArchitecture.noPackageCycles().check(MAIN);
    }

    @Test
    void packagesDependOnlyAsTheirPackageInfoSays() {
        ModuleArchitecture.directionAsDeclared(ModuleArchitecture.SOURCES).check(MAIN);
    }

    @Test
    void noSourceFileOverFourHundredLines() {
        ModuleArchitecture.assertNoFileOver(ModuleArchitecture.MAX_LINES, ModuleArchitecture.SOURCES);
    }
}
