package dev.factored.contract.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.jupiter.api.Test;

/**
 * The three rules of {@link ModuleArchitecture} as JUnit tests, once: a module's {@code ArchitectureTest} extends this
 * and so checks its own main code (the classes and sources of the module the test runs in). No package cycles, each
 * package depending only on the packages of the module its package-info names, no source file over
 * {@value ModuleArchitecture#MAX_LINES} lines. Plain JUnit tests rather than ArchUnit's own engine, so that
 * {@code -Dtest=ArchitectureTest} selects them too.
 */
public abstract class ModuleArchitectureRules {

    private static final JavaClasses MAIN = ModuleArchitecture.mainClasses();

    @Test
    public void noPackageCycles() {
        ModuleArchitecture.noPackageCycles().check(MAIN);
    }

    @Test
    public void packagesDependOnlyAsTheirPackageInfoSays() {
        ModuleArchitecture.directionAsDeclared(ModuleArchitecture.SOURCES).check(MAIN);
    }

    @Test
    public void noSourceFileOverFourHundredLines() {
        ModuleArchitecture.assertNoFileOver(ModuleArchitecture.MAX_LINES, ModuleArchitecture.SOURCES);
    }
}
