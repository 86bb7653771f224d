package dev.factored.gate;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import dev.factored.contract.architecture.ModuleArchitecture;
import dev.factored.contract.architecture.ModuleArchitectureRules;
import org.junit.jupiter.api.Test;

/**
 * This module's main code keeps the rules of {@link ModuleArchitectureRules}, and only {@link Markdown} escapes: the
 * table writes with {@code ConsoleText}, which escapes in factored-analysis.
 */
class ArchitectureTest extends ModuleArchitectureRules {

    private static final JavaClasses MAIN = ModuleArchitecture.mainClasses();

    @Test
    void onlyTheMarkdownBuilderCallsUntrusted() {
        ModuleArchitecture.escapingOnlyIn(Markdown.class.getName()).check(MAIN);
    }

    @Test
    void theEscapingRuleSeesACallOfUntrusted() {
        AssertionError e = assertThrows(AssertionError.class, () -> ModuleArchitecture.escapingOnlyIn().check(MAIN));
        assertTrue(e.getMessage().contains(Markdown.class.getName()), e.getMessage());
    }
}
