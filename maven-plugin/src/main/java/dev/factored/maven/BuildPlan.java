package dev.factored.maven;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.lifecycle.LifecycleExecutor;
import org.apache.maven.model.Plugin;
import org.apache.maven.model.PluginExecution;
import org.apache.maven.plugin.MojoExecution;
import org.apache.maven.plugin.descriptor.MojoDescriptor;
import org.apache.maven.plugin.logging.Log;
import org.apache.maven.project.MavenProject;

/**
 * The goals of this plugin that this build runs for the project, in order: Maven's own execution plan for the goals
 * and phases it was asked for ({@code mvn verify}, {@code mvn factored:run}), not a guess at its rules. The run goal
 * asks it whether a check follows, which then carries a failed configuration to the end of the build; and the first
 * goal of an execution says which of the execution's other goals this build does not run (e.g. {@code check} and
 * {@code report} under {@code mvn integration-test}), instead of leaving them out without a word.
 *
 * @param steps this plugin's goals in the plan, in the order Maven runs them
 */
record BuildPlan(List<Step> steps) {

    /** A goal of this plugin in the plan, and the execution it belongs to ({@code default-cli}: asked for directly). */
    record Step(String goal, String executionId) {
    }

    BuildPlan {
        steps = List.copyOf(steps);
    }

    /** Whether {@code goal} runs after {@code current} in this build; false when {@code current} is not in the plan. */
    boolean runsAfter(Step current, String goal) {
        int at = steps.indexOf(current);
        return at >= 0 && steps.subList(at + 1, steps.size()).stream().anyMatch(s -> s.goal().equals(goal));
    }

    /** Whether {@code current} is the first goal of its execution that this build runs: the one that speaks for it. */
    boolean firstOfItsExecution(Step current) {
        return steps.stream().filter(s -> s.executionId().equals(current.executionId())).findFirst()
                .map(current::equals).orElse(false);
    }

    /** The goals an execution declares that this build does not run. */
    List<String> notRun(String executionId, List<String> declared) {
        return declared.stream().filter(g -> !steps.contains(new Step(g, executionId))).toList();
    }

    /**
     * This plugin's part of the plan Maven makes for the goals this session was asked for; null when Maven cannot
     * say (then nothing is assumed about the goals that follow).
     */
    static BuildPlan of(LifecycleExecutor lifecycle, MavenSession session, MojoExecution current) {
        if (lifecycle == null || session == null || current == null || session.getGoals().isEmpty()) {
            return null;
        }
        try {
            // setup = false: the plan only, no mojo configured, nothing run
            List<Step> steps = new ArrayList<>();
            for (MojoExecution e : lifecycle.calculateExecutionPlan(session, false,
                    session.getGoals().toArray(new String[0])).getMojoExecutions()) {
                if (e.getGroupId().equals(current.getGroupId()) && e.getArtifactId().equals(current.getArtifactId())) {
                    steps.add(new Step(e.getGoal(), e.getExecutionId()));
                }
            }
            return new BuildPlan(steps);
        } catch (Exception | LinkageError e) {
            return null; // another Maven's planner: the goals behave as without the plan
        }
    }

    /** The current goal as a step of the plan. */
    static Step step(MojoExecution current) {
        return new Step(current.getGoal(), current.getExecutionId());
    }

    /**
     * When {@code current} is the first of its execution's goals this build runs: a warning naming the execution's
     * goals it does not run and the phases they are bound to, with what to do. Nothing when they all run, when the
     * goal was asked for directly, or when Maven gave no plan.
     */
    static void sayWhatDoesNotRun(BuildPlan plan, MojoExecution current, MavenProject project, MavenSession session,
            Log log) {
        if (plan == null || current.getLifecyclePhase() == null || !plan.firstOfItsExecution(step(current))) {
            return;
        }
        Plugin plugin = project.getBuild() == null ? null
                : project.getBuild().getPluginsAsMap().get(current.getGroupId() + ":" + current.getArtifactId());
        PluginExecution execution = plugin == null ? null : plugin.getExecutionsAsMap().get(current.getExecutionId());
        if (execution == null) {
            return;
        }
        String message = notRunMessage(plan, execution, goal -> {
            MojoDescriptor mojo = current.getMojoDescriptor().getPluginDescriptor().getMojo(goal);
            return mojo == null ? null : mojo.getPhase();
        }, String.join(" ", session.getGoals()));
        if (message != null) {
            log.warn("[factored] " + message);
        }
    }

    /**
     * e.g. {@code report (bound to site) of the execution 'default' does not run in this build (mvn verify): …}; null
     * when every goal of the execution runs.
     *
     * @param defaultPhases a goal's default phase, or null
     */
    static String notRunMessage(BuildPlan plan, PluginExecution execution, Function<String, String> defaultPhases,
            String asked) {
        List<String> missing = plan.notRun(execution.getId(), execution.getGoals());
        if (missing.isEmpty()) {
            return null;
        }
        Map<String, String> phases = new LinkedHashMap<>();
        for (String goal : missing) {
            phases.put(goal, execution.getPhase() != null ? execution.getPhase() : defaultPhases.apply(goal));
        }
        List<String> named = new ArrayList<>();
        phases.forEach((goal, phase) -> named.add(goal + (phase == null ? " (bound to no phase)" : " (bound to " + phase
                + ")")));
        List<String> toAsk = phases.values().stream().filter(p -> p != null).distinct().toList();
        return String.join(" and ", named) + " of the execution '" + execution.getId() + "' "
                + (missing.size() == 1 ? "does" : "do") + " not run in this build (mvn " + asked + "): Maven runs a goal"
                + " only when the build reaches the phase it is bound to. " + (toAsk.isEmpty()
                        ? "Give the execution a <phase> this build reaches."
                        : "Ask for that phase as well (mvn " + asked + " " + String.join(" ", toAsk) + "), or give the"
                                + " execution a <phase> this build reaches.");
    }
}
