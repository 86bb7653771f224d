package dev.factored.report;

import dev.factored.contract.architecture.ModuleArchitectureRules;

/** This module's main code keeps the rules of {@link ModuleArchitectureRules}. */
class ArchitectureTest extends ModuleArchitectureRules {
}
