package dev.factored.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.apache.maven.model.PluginExecution;
import org.junit.jupiter.api.Test;

/** What the goals learn from Maven's plan: whether a check follows the run, and which goals of an execution do not run. */
class BuildPlanTest {

    private static final Map<String, String> DEFAULT_PHASES = Map.of("run", "integration-test", "report", "verify",
            "check", "verify");

    private static PluginExecution execution(String id, String phase, String... goals) {
        PluginExecution execution = new PluginExecution();
        execution.setId(id);
        execution.setPhase(phase);
        execution.setGoals(List.of(goals));
        return execution;
    }

    @Test
    void mvnVerifyRunsTheRunThenTheReportThenTheCheck() {
        BuildPlan plan = new BuildPlan(List.of(new BuildPlan.Step("run", "default"),
                new BuildPlan.Step("report", "default"), new BuildPlan.Step("check", "default")));
        BuildPlan.Step run = new BuildPlan.Step("run", "default");
        assertTrue(plan.runsAfter(run, "check"), "the check carries a failed configuration to the end");
        assertFalse(plan.runsAfter(new BuildPlan.Step("check", "default"), "check"));
        assertFalse(plan.runsAfter(new BuildPlan.Step("run", "default-cli"), "check"), "not in the plan: no assumption");
        assertTrue(plan.firstOfItsExecution(run));
        assertFalse(plan.firstOfItsExecution(new BuildPlan.Step("report", "default")));
        assertNull(BuildPlan.notRunMessage(plan, execution("default", null, "run", "report", "check"),
                DEFAULT_PHASES::get, "verify"));
    }

    @Test
    void mvnIntegrationTestSaysThatTheReportAndTheCheckDoNotRun() {
        BuildPlan plan = new BuildPlan(List.of(new BuildPlan.Step("run", "default")));
        assertFalse(plan.runsAfter(new BuildPlan.Step("run", "default"), "check"), "the run fails the build itself");
        assertEquals(List.of("report", "check"), plan.notRun("default", List.of("run", "report", "check")));
        assertEquals("report (bound to verify) and check (bound to verify) of the execution 'default' do not run in"
                + " this build (mvn integration-test): Maven runs a goal only when the build reaches the phase it is"
                + " bound to. Ask for that phase as well (mvn integration-test verify), or give the execution a <phase>"
                + " this build reaches.", BuildPlan.notRunMessage(plan,
                        execution("default", null, "run", "report", "check"), DEFAULT_PHASES::get, "integration-test"));
    }

    @Test
    void aGoalBoundToAPhaseTheBuildDoesNotReachIsNamedWithIt() {
        BuildPlan plan = new BuildPlan(List.of(new BuildPlan.Step("run", "default"),
                new BuildPlan.Step("check", "default")));
        // the report of an older plugin version bound to site, or an execution given <phase>site</phase>
        assertEquals("report (bound to site) of the execution 'site-report' does not run in this build (mvn verify):"
                + " Maven runs a goal only when the build reaches the phase it is bound to. Ask for that phase as well"
                + " (mvn verify site), or give the execution a <phase> this build reaches.",
                BuildPlan.notRunMessage(plan, execution("site-report", "site", "report"), DEFAULT_PHASES::get,
                        "verify"));
        assertTrue(BuildPlan.notRunMessage(plan, execution("x", null, "topology"), g -> null, "verify")
                .startsWith("topology (bound to no phase) of the execution 'x' does not run"));
    }
}
