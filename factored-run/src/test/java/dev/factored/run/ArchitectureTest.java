package dev.factored.run;

import dev.factored.contract.architecture.ModuleArchitecture;
import dev.factored.contract.architecture.ModuleArchitectureRules;
import org.junit.jupiter.api.Test;

/**
 * This module's main code keeps the rules of {@link ModuleArchitectureRules}, and escapes nothing itself: its console
 * text is written with {@code dev.factored.text.ConsoleText}, which does.
 */
class ArchitectureTest extends ModuleArchitectureRules {

    @Test
    void noClassCallsUntrusted() {
        ModuleArchitecture.escapingOnlyIn().check(ModuleArchitecture.mainClasses());
    }
}
