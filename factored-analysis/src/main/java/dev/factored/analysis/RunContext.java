package dev.factored.analysis;

import java.util.List;

/**
 * What a family's analysis needs to know about the rest of its run.
 *
 * @param betweenForks the run's noise between forks, for the family's single-fork configurations
 * @param failed       the run's configurations that failed (their families name them)
 */
record RunContext(BetweenForks betweenForks, List<FailedConfiguration> failed) {

    static final RunContext NONE = new RunContext(BetweenForks.UNKNOWN, List.of());

    RunContext {
        failed = List.copyOf(failed == null ? List.of() : failed);
    }
}
